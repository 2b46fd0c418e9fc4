import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '@innerview/kit';
import { and, asc, count, eq } from 'drizzle-orm';
import type { StoredSubscription } from '../adapters/push/send-push.ts';
import type { PushContext } from '../push-context.ts';
import { pushSubscriptions, sentPush } from './schema.ts';

const AAD = 'push_subscriptions.subscription';

export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/**
 * Keeps the device's subscription for the person. One device is one row: registering an endpoint
 * another person registered before (a shared browser, signed in as someone else) moves it, so the
 * device reminds only whoever signed in on it last. Returns whether the row is new to this person.
 */
export async function saveSubscription(
  push: PushContext,
  userId: string,
  subscription: StoredSubscription,
): Promise<boolean> {
  // Encrypted before the statement (createUserCrypto's rule: never inside a transaction).
  const sealed = await push.crypto.encryptForUser(userId, JSON.stringify(subscription), AAD);
  const hash = endpointHash(subscription.endpoint);
  const [before] = await push.service.db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpointHash, hash));
  await push.service.db
    .insert(pushSubscriptions)
    .values({ id: randomUUID(), userId, endpointHash: hash, subscription: sealed })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpointHash,
      set: { userId, subscription: sealed, createdAt: new Date() },
    });
  return before?.userId !== userId;
}

/** Removes the person's subscription of this endpoint; false when they have none (another's is not theirs). */
export async function deleteSubscription(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointHash, endpointHash(endpoint))),
    )
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every device of the person (account deleted or erased); returns how many there were. */
export async function deleteUserSubscriptions(db: Queryable, userId: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

export async function countSubscriptions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/** The person's devices, opened; a row that no longer opens (a destroyed key) is left out. */
export async function listSubscriptions(
  push: PushContext,
  userId: string,
): Promise<Array<{ id: string; createdAt: Date; subscription: StoredSubscription }>> {
  const rows = await push.service.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  const opened = [];
  for (const row of rows) {
    try {
      const text = await push.crypto.decryptForUser(userId, row.subscription, AAD);
      opened.push({
        id: row.id,
        createdAt: row.createdAt,
        subscription: JSON.parse(text) as StoredSubscription,
      });
    } catch {
      // unreadable: skipped, never logged (it would name the device)
    }
  }
  return opened;
}

export type PushStatus = 'queued' | 'sent' | 'mailed';

export interface PushKey {
  id: string;
  userId: string;
  eventId: string;
  kind: string;
  language: string;
}

export async function recordPushQueued(db: Queryable, row: PushKey): Promise<void> {
  await db
    .insert(sentPush)
    .values({ ...row, status: 'queued' })
    .onConflictDoNothing();
}

export async function pushStatus(db: Queryable, id: string): Promise<PushStatus | undefined> {
  const [row] = await db.select({ status: sentPush.status }).from(sentPush).where(eq(sentPush.id, id));
  return row?.status as PushStatus | undefined;
}

/**
 * Records the outcome of a reminder. An upsert, because the job may run before the inbox
 * transaction that queued it commits: its `queued` row then arrives later and keeps this outcome
 * (`recordPushQueued` does nothing on conflict), or is still uncommitted and this waits for it.
 */
export async function recordPushOutcome(
  db: Queryable,
  key: PushKey,
  outcome: { status: PushStatus; devices: number; sentAt: Date | null },
): Promise<void> {
  await db
    .insert(sentPush)
    .values({ ...key, ...outcome })
    .onConflictDoUpdate({ target: sentPush.id, set: outcome });
}

export async function listUserPushes(db: Queryable, userId: string) {
  return db
    .select({
      kind: sentPush.kind,
      language: sentPush.language,
      status: sentPush.status,
      devices: sentPush.devices,
      createdAt: sentPush.createdAt,
      sentAt: sentPush.sentAt,
    })
    .from(sentPush)
    .where(eq(sentPush.userId, userId))
    .orderBy(asc(sentPush.createdAt));
}

export async function deleteUserPushes(db: Queryable, userId: string): Promise<void> {
  await db.delete(sentPush).where(eq(sentPush.userId, userId));
}
