import { HttpError, type Queryable } from '@innerview/kit';
import { findSubscription, lockSubscription, type SubscriptionRow } from '../db/subscriptions.ts';

/**
 * The user's row. Every account gets one on `auth.user.registered`; a user the event has not reached
 * yet (or never will, in a test) is told so plainly instead of a 500.
 */
export async function subscriptionOf(q: Queryable, userId: string, options: { lock?: boolean } = {}) {
  const row: SubscriptionRow | undefined = options.lock
    ? await lockSubscription(q, userId)
    : await findSubscription(q, userId);
  if (!row)
    throw new HttpError(
      404,
      'No billing account for this user yet. Please try again in a moment.',
      'NOT_FOUND',
    );
  return row;
}
