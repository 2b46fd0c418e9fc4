import { type EventEnvelope, toLanguageCode } from '@innerview/contracts';
import { createEvent, type Tx } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';
import { recordTransitions } from '../db/history.ts';
import {
  type SubscriptionInsert,
  type SubscriptionRow,
  saveSubscription,
  stateOf,
} from '../db/subscriptions.ts';
import { changeEvents, type MailFacts } from '../domain/change-events.ts';
import type { TransitionName } from '../domain/subscription-machine.ts';
import type { SubscriptionState } from '../domain/subscription-state.ts';

export type Emit = (...events: EventEnvelope[]) => Promise<void>;

/** The recipient of billing mails, or null when there is no address (erased, or never known). */
export function mailFactsOf(row: SubscriptionRow): MailFacts | null {
  if (!row.email || row.accountDeletedAt) return null;
  return { email: row.email, firstName: row.firstName ?? '', language: toLanguageCode(row.language) ?? 'en' };
}

export interface Change {
  state: SubscriptionState;
  transitions: TransitionName[];
  fields?: Partial<SubscriptionInsert>;
}

/**
 * Saves a change of one user's subscription and writes its events to the outbox, in the caller's
 * transaction. A change with no transition and no field is not written at all.
 */
export async function commitChange(
  billing: BillingContext,
  tx: Tx,
  emit: Emit,
  row: SubscriptionRow,
  change: Change,
): Promise<SubscriptionRow> {
  if (change.transitions.length === 0 && !change.fields) return row;
  const now = billing.service.clock.now();
  const saved = await saveSubscription(tx, row.userId, change.state, change.fields ?? {}, now);
  // The person's subscription history (their data export), in the same transaction as the change.
  // Trial usage is left out: one row per chat reply would bury the changes a person looks for.
  await recordTransitions(tx, {
    userId: row.userId,
    at: now,
    transitions: change.transitions.filter((t) => t !== 'useTrialTokens'),
    fromStatus: row.status,
    toStatus: saved.status,
    plan: saved.plan,
  });
  // An erased person's accounting record still follows its cycle (a yearly plan may end after the
  // erasure) but tells no other service: its pseudonym must not travel (ADR 17).
  const specs = saved.erasedAt
    ? []
    : changeEvents(stateOf(row), change.state, change.transitions, {
        userId: row.userId,
        mail: mailFactsOf(saved),
        currency: saved.currency,
        amountMinor: saved.amountMinor,
        scheduledAmountMinor: saved.scheduledAmountMinor,
      });
  const occurredAt = now.toISOString();
  const events = specs.map((spec) => createEvent(spec.type, row.userId, spec.data as never, { occurredAt }));
  if (events.length > 0) await emit(...events);
  if (change.transitions.length > 0)
    billing.service.log.info(
      { userId: row.userId, transitions: change.transitions, status: change.state.status },
      'subscription changed',
    );
  return saved;
}
