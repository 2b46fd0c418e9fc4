import { type EventHandlerDefinition, on } from '@innerview/kit';
import type { NotificationsContext } from '../notifications-context.ts';
import { authMailHandlers } from './auth-mails.ts';
import { billingMailHandlers } from './billing-mails.ts';
import { pushAccountHandlers } from './push-account.ts';
import { reminderHandlers } from './reminders.ts';

/** Every event the notifications service consumes, in one place. */
export function subscriptions({
  service: ctx,
  push: pushes,
}: NotificationsContext): EventHandlerDefinition[] {
  const auth = authMailHandlers({ jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS });
  const billing = billingMailHandlers({ jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS });
  const reminders = reminderHandlers({ jobs: ctx.jobs, backoffMs: ctx.config.MAIL_RETRY_BACKOFF_MS });
  const push = pushAccountHandlers(pushes);
  return [
    // Where reminders go (the address, name and language auth knows), and the reminders themselves.
    on('auth.user.registered', reminders.userRegistered),
    on('auth.settings.changed', reminders.settingsChanged),
    // Deleted: no more reminders (the address and the devices go), even if support reactivates.
    on('auth.user.deleted', async (event, tx) => {
      await reminders.userErased(event, tx);
      await push.userDeleted(event, tx);
    }),
    on(
      'chat.goal.checkin_due',
      reminders.checkinDue((why) => ctx.log.info({ why }, 'check-in not sent')),
    ),
    on(
      'chat.reflection.weekly_due',
      reminders.weeklyReflection((why) => ctx.log.info({ why }, 'weekly reflection not sent')),
    ),
    on('auth.verification.requested', auth.verificationRequested),
    on('auth.password-reset.requested', auth.passwordResetRequested),
    on('auth.password.changed', auth.passwordChanged),
    on('auth.user.erasure-confirmation', auth.erasureConfirmation),
    on('auth.user.erased', async (event, tx) => {
      await auth.userErased(event, tx);
      await reminders.userErased(event, tx);
      await push.userErased(event, tx);
    }),
    on('billing.trial.ending', billing.trialEnding),
    on('billing.trial.expired', billing.trialExpired),
    on('billing.payment.succeeded', billing.paymentSucceeded),
    on('billing.payment.failed', billing.paymentFailed),
    on('billing.plan.changed', billing.planChanged),
    on('billing.subscription.cancelled', billing.subscriptionCancelled),
    on('billing.subscription.reactivated', billing.subscriptionReactivated),
  ];
}
