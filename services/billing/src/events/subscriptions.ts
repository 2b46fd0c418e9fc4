import type { EventEnvelope } from '@innerview/contracts';
import { type EventHandlerDefinition, on, type Tx, writeEvents } from '@innerview/kit';
import {
  settingsChanged,
  tokensConsumed,
  userDeleted,
  userErased,
  userReactivated,
  userRegistered,
} from '../actions/users.ts';
import type { BillingContext } from '../billing-context.ts';

/** Events a consumer publishes go to the outbox in the inbox transaction (the relay picks them up). */
const outbox =
  (tx: Tx) =>
  (...events: EventEnvelope[]) =>
    writeEvents(tx, events);

/** Every event the billing service consumes, in one place. */
export function subscriptions(billing: BillingContext): EventHandlerDefinition[] {
  return [
    // A row with no status: post-login routing sends the person to /pricing.
    on('auth.user.registered', (event, tx) => userRegistered(billing, event, tx)),
    on('auth.settings.changed', (event, tx) => settingsChanged(billing, event, tx)),
    // Trial usage in model tokens, metered by chat (the quota that counts).
    on('chat.tokens.consumed', (event, tx) => tokensConsumed(billing, event, tx, outbox(tx))),
    on('auth.user.deleted', (event, tx) => userDeleted(billing, event, tx, outbox(tx))),
    // Support undid a deletion: mails again; the plan stays as deletion left it (ADR 15).
    on('auth.user.reactivated', (event, tx) => userReactivated(billing, event, tx)),
    on('auth.user.erased', (event, tx) => userErased(billing, event, tx)),
  ];
}
