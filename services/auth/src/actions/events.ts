import type { EventData, EventEnvelope, EventType, LanguageCode } from '@innerview/contracts';
import { type OneTimeTokenEventType, oneTimeTokenAad, toLanguageCode } from '@innerview/contracts';
import { sealPayload } from '@innerview/crypto';
import { createEvent } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import type { UserRow } from '../db/users.ts';

/** An event about a user, stamped with the service clock. */
export function userEvent<T extends EventType>(
  auth: AuthContext,
  type: T,
  userId: string,
  data: EventData<T>,
): EventEnvelope<T> {
  return createEvent(type, userId, data, { occurredAt: auth.service.clock.now().toISOString() });
}

/** The mail-relevant facts of a user that several events carry. */
export function mailFacts(user: UserRow): {
  userId: string;
  email: string;
  firstName: string;
  language: LanguageCode;
} {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    language: toLanguageCode(user.language) ?? 'en',
  };
}

/** A one-time token as its event carries it: sealed, bound to the event type and the user. */
export function sealedToken(
  auth: AuthContext,
  type: OneTimeTokenEventType,
  userId: string,
  token: string,
): string {
  return sealPayload(auth.eventPayloadKeys, token, oneTimeTokenAad(type, userId));
}
