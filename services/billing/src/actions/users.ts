import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import type { Tx } from '@innerview/kit';
import type { BillingContext } from '../billing-context.ts';
import { erasedUnderLock, lockPerson, markErased } from '../db/erased.ts';
import { eraseUserTraces, pseudonymiseAccountingRecord } from '../db/erasure.ts';
import {
  insertSubscription,
  lockSubscription,
  stateOf,
  updateSubscriptionFields,
} from '../db/subscriptions.ts';
import { closeAccount, useTrialTokens } from '../domain/subscription-machine.ts';
import { initialState } from '../domain/subscription-state.ts';
import { commitChange, type Emit } from './commit.ts';

/**
 * The effects of other services' events. Each runs inside the kit's inbox transaction (once per
 * event); the events it publishes go to the outbox through `emit` in that same transaction.
 */

/**
 * A new account: its row, with no status (post-login routing sends the person to /pricing). Were the
 * event to come after the person's erasure (a replay from the dead letters), it makes no row: the
 * other handlers only touch an existing row, which the erasure has moved to a pseudonym.
 */
export async function userRegistered(
  billing: BillingContext,
  event: EventEnvelope<'auth.user.registered'>,
  tx: Tx,
): Promise<void> {
  const now = billing.service.clock.now();
  const { userId, email, firstName, language } = event.data;
  if (await erasedUnderLock(tx, userId)) return;
  const created = await insertSubscription(tx, {
    userId,
    email,
    firstName,
    language,
    ...initialState(billing.config.TRIAL_TOKEN_QUOTA),
    createdAt: now,
    updatedAt: now,
  });
  if (!created) await updateSubscriptionFields(tx, userId, { email, firstName, language }, now);
}

/** Mails follow the person's language. */
export async function settingsChanged(
  billing: BillingContext,
  event: EventEnvelope<'auth.settings.changed'>,
  tx: Tx,
): Promise<void> {
  const { userId, language } = event.data;
  await updateSubscriptionFields(tx, userId, { language }, billing.service.clock.now());
}

/**
 * Chat usage on the trial quota, metered by the chat service (model tokens). Paid plans are not
 * metered; a redelivered event never reaches here twice (the inbox).
 */
export async function tokensConsumed(
  billing: BillingContext,
  event: EventEnvelope<'chat.tokens.consumed'>,
  tx: Tx,
  emit: Emit,
): Promise<void> {
  const row = await lockSubscription(tx, event.data.userId);
  if (!row) return;
  const used = useTrialTokens(stateOf(row), { tokens: event.data.tokens });
  if (!used.ok) return;
  await commitChange(billing, tx, emit, row, { state: used.state, transitions: [used.transition] });
}

/**
 * Account deletion: a paid plan is cancelled at the end of its cycle (access continues until then,
 * docs/product.md#when-the-trial-ends), at the provider too; a trial stops. The mail facts go (no more billing mails).
 */
export async function userDeleted(
  billing: BillingContext,
  event: EventEnvelope<'auth.user.deleted'>,
  tx: Tx,
  emit: Emit,
): Promise<void> {
  const row = await lockSubscription(tx, event.data.userId);
  if (!row) return;
  const now = billing.service.clock.now();
  const closed = closeAccount(stateOf(row), { now });
  if (closed.ok && closed.state.status === 'cancelling_at_period_end' && row.providerSubscriptionId) {
    await billing.provider.cancelAtPeriodEnd(
      row.providerSubscriptionId,
      'account_deleted',
      `close:${event.id}`,
      {
        tx,
      },
    );
  }
  await commitChange(billing, tx, emit, row, {
    state: closed.ok ? closed.state : stateOf(row),
    transitions: closed.ok ? [closed.transition] : [],
    fields: { accountDeletedAt: now },
  });
}

/**
 * Support reactivated a deleted account within the 90 days (ADR 15): billing mails go out again.
 * The subscription is left as deletion left it (cancelling, or a stopped trial): the person
 * reactivates a plan themselves, so nothing is charged without their action.
 */
export async function userReactivated(
  billing: BillingContext,
  event: EventEnvelope<'auth.user.reactivated'>,
  tx: Tx,
): Promise<void> {
  await updateSubscriptionFields(
    tx,
    event.data.userId,
    { accountDeletedAt: null },
    billing.service.clock.now(),
  );
}

/**
 * The 90-day erasure: the personal facts go, with the checkouts and the published events that
 * carried the mail facts; the bare billing record (subscription, history, payments) stays for
 * accounting, re-keyed to a fresh random pseudonym so that no row names the person (ADR 17).
 */
export async function userErased(
  billing: BillingContext,
  event: EventEnvelope<'auth.user.erased'>,
  tx: Tx,
): Promise<void> {
  const { userId } = event.data;
  await lockPerson(tx, userId);
  // Random (v4), never derived from the user id: nothing leads from the person to the record.
  const pseudonym = randomUUID();
  const row = await lockSubscription(tx, userId);
  const providerCustomerId = await billing.provider.forgetPerson(
    userId,
    pseudonym,
    { tx },
    { customerId: row?.providerCustomerId ?? null },
  );
  await eraseUserTraces(tx, userId);
  await pseudonymiseAccountingRecord(tx, userId, pseudonym, {
    providerCustomerId,
    now: billing.service.clock.now(),
  });
  await markErased(tx, userId);
}
