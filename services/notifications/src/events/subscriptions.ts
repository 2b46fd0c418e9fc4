import { type EventHandlerDefinition, on, type ServiceContext } from '@innerview/kit';
import type { NotificationsConfig } from '../config.ts';
import { authMailHandlers } from './auth-mails.ts';
import { billingMailHandlers } from './billing-mails.ts';

/** Every event the notifications service consumes, in one place. */
export function subscriptions(ctx: ServiceContext<NotificationsConfig>): EventHandlerDefinition[] {
  const auth = authMailHandlers({ jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS });
  const billing = billingMailHandlers({ jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS });
  return [
    on('auth.verification.requested', auth.verificationRequested),
    on('auth.password-reset.requested', auth.passwordResetRequested),
    on('auth.password.changed', auth.passwordChanged),
    on('auth.user.erasure-confirmation', auth.erasureConfirmation),
    on('auth.user.erased', auth.userErased),
    on('billing.trial.ending', billing.trialEnding),
    on('billing.trial.expired', billing.trialExpired),
    on('billing.payment.succeeded', billing.paymentSucceeded),
    on('billing.payment.failed', billing.paymentFailed),
    on('billing.plan.changed', billing.planChanged),
    on('billing.subscription.cancelled', billing.subscriptionCancelled),
    on('billing.subscription.reactivated', billing.subscriptionReactivated),
  ];
}
