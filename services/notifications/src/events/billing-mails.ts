import type { EventEnvelope } from '@innerview/contracts';
import type { Queryable } from '@innerview/kit';
import { type MailDeps, queueMail } from '../actions/queue-mail.ts';
import { queueReminder } from '../actions/queue-reminder.ts';
import type { QueuedMailRequest } from '../domain/compose-mail.ts';

export type BillingMailDeps = MailDeps;

/** The effects of the billing events that lead to a mail; each runs inside the inbox transaction. */
export function billingMailHandlers(deps: BillingMailDeps) {
  // Every billing event names the person it concerns and their address.
  const send = (
    event: EventEnvelope & { data: { userId: string; email: string } },
    request: QueuedMailRequest,
    tx: Queryable,
  ) => queueMail(tx, deps, { eventId: event.id, userId: event.data.userId, to: event.data.email, request });
  return {
    /**
     * 2 days before the trial ends: a reminder (docs/product.md#reminders), by push on the person's
     * devices, else the mail with the end date and the tokens left.
     */
    async trialEnding(event: EventEnvelope<'billing.trial.ending'>, tx: Queryable) {
      const { userId, email, firstName, language, trialEnd, tokensRemaining } = event.data;
      await queueReminder(tx, deps, {
        eventId: event.id,
        userId,
        kind: 'trial-ending',
        language,
        mail: {
          to: email,
          request: { template: 'trial-ending', language, firstName, trialEnd, tokensRemaining },
        },
      });
    },

    async trialExpired(event: EventEnvelope<'billing.trial.expired'>, tx: Queryable) {
      const { firstName, language, trialEnd } = event.data;
      await send(event, { template: 'trial-ended', language, firstName, trialEnd }, tx);
    },

    async paymentSucceeded(event: EventEnvelope<'billing.payment.succeeded'>, tx: Queryable) {
      const { firstName, language, plan, amountMinor, currency, nextBillingDate } = event.data;
      await send(
        event,
        { template: 'payment-succeeded', language, firstName, plan, amountMinor, currency, nextBillingDate },
        tx,
      );
    },

    async paymentFailed(event: EventEnvelope<'billing.payment.failed'>, tx: Queryable) {
      const { firstName, language, plan, amountMinor, currency, accessUntil } = event.data;
      await send(
        event,
        { template: 'payment-failed', language, firstName, plan, amountMinor, currency, accessUntil },
        tx,
      );
    },

    async planChanged(event: EventEnvelope<'billing.plan.changed'>, tx: Queryable) {
      const { firstName, language, fromPlan, toPlan, effectiveDate, amountMinor, currency } = event.data;
      await send(
        event,
        {
          template: 'plan-changed',
          language,
          firstName,
          fromPlan,
          toPlan,
          effectiveDate,
          amountMinor,
          currency,
        },
        tx,
      );
    },

    async subscriptionCancelled(event: EventEnvelope<'billing.subscription.cancelled'>, tx: Queryable) {
      const { firstName, language, plan, accessUntil, reactivateBy } = event.data;
      await send(
        event,
        { template: 'cancellation-confirmed', language, firstName, plan, accessUntil, reactivateBy },
        tx,
      );
    },

    async subscriptionReactivated(event: EventEnvelope<'billing.subscription.reactivated'>, tx: Queryable) {
      const { firstName, language, plan, nextBillingDate } = event.data;
      await send(event, { template: 'reactivated', language, firstName, plan, nextBillingDate }, tx);
    },
  };
}
