import type { EventEnvelope } from '@innerview/contracts';
import { createEvent, HttpError, type Tx } from '@innerview/kit';
import { emailDigest } from '../adapters/security/one-time-tokens.ts';
import type { AuthContext } from '../auth-context.ts';
import {
  eraseUserRows,
  idsDueForErasure,
  idsDueForNotice,
  lockDeletedUser,
  lockDeletedUserByEmail,
  markDeleted,
  markNoticeAsked,
  markReactivated,
} from '../db/deletion.ts';
import { clearLockoutsOfEmail } from '../db/login-attempts.ts';
import { canReactivate, eraseAfter, erasureDueBefore, noticeDueBefore } from '../domain/deletion.ts';
import { accountMessages } from '../domain/messages.ts';
import { mailFacts, userEvent } from './events.ts';
import { revokeAllSessions } from './sessions.ts';

/**
 * DELETE /users/me, the safer reading of docs/product.md#deleting-an-account (ADR 15): in one transaction the account is
 * soft-deleted, every session is revoked (login and every token end at once) and
 * `auth.user.deleted` tells billing to cancel at the period end and the others to stop.
 */
export async function deleteAccount(
  auth: AuthContext,
  userId: string,
): Promise<{ message: string; erase_after: string }> {
  const now = auth.service.clock.now();
  const erase = eraseAfter(now).toISOString();
  await auth.service.transaction(async (tx, emit) => {
    const user = await markDeleted(tx, userId, now);
    // Already deleted: its tokens were revoked then, so this is a stale token.
    if (!user) throw new HttpError(401);
    await revokeAllSessions(auth, userId, tx);
    await emit(userEvent(auth, 'auth.user.deleted', userId, { userId, eraseAfter: erase }));
  });
  return { message: accountMessages.accountDeleted, erase_after: erase };
}

/** How the state-changing work of reactivation gets its transaction (the service's, or the support script's). */
export type Transaction = <T>(
  work: (tx: Tx, emit: (...events: EventEnvelope[]) => Promise<void>) => Promise<T>,
) => Promise<T>;

export type ReactivationResult =
  | { outcome: 'reactivated'; userId: string }
  | { outcome: 'not_deleted' }
  | { outcome: 'retention_over'; userId: string };

/**
 * Support's reactivation of a deleted account within the 90 days (docs/product.md#how-things-change-over-time): the account is live
 * again and the person signs in with their password; `auth.user.reactivated` lets billing undo its
 * deletion mark. After the 90 days the erasure is under way and nothing can be undone.
 */
export async function reactivateAccount(
  transaction: Transaction,
  email: string,
  now: Date,
): Promise<ReactivationResult> {
  return transaction(async (tx, emit) => {
    const user = await lockDeletedUserByEmail(tx, email);
    if (!user?.deletedAt) return { outcome: 'not_deleted' };
    if (!canReactivate(user.deletedAt, now)) return { outcome: 'retention_over', userId: user.id };
    await markReactivated(tx, user.id, now);
    await clearLockoutsOfEmail(tx, emailDigest(user.email));
    await emit(
      createEvent('auth.user.reactivated', user.id, { userId: user.id }, { occurredAt: now.toISOString() }),
    );
    return { outcome: 'reactivated', userId: user.id };
  });
}

const BATCH = 100;
const MAX_BATCHES = 10;

/** Runs `step` on due ids, batch by batch, up to a bound (rows locked elsewhere wait for the next run). */
async function eachDue(
  due: () => Promise<string[]>,
  step: (id: string) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const ids = await due();
    for (const id of ids) if (await step(id)) done += 1;
    if (ids.length < BATCH) break;
  }
  return done;
}

/**
 * The scheduled erasure (ADR 17), in two steps so that the confirmation mail goes out while the
 * address still exists:
 * 1. 90 days after deletion: `auth.user.erasure-confirmation` with the address (notifications mails it);
 * 2. a day later: `auth.user.erased` (every service erases its own data and destroys the person's
 *    data key) and auth deletes the user row, consents, sessions, tokens and its outbox rows.
 * Idempotent and safe on several replicas (rows are locked, skipped when another replica has them).
 */
export async function runErasureSweep(auth: AuthContext): Promise<{ noticed: number; erased: number }> {
  const { service } = auth;
  const now = service.clock.now();
  const noticed = await eachDue(
    () => idsDueForNotice(service.db, noticeDueBefore(now), BATCH),
    (id) =>
      service.transaction(async (tx, emit) => {
        const user = await lockDeletedUser(tx, id);
        if (!user?.deletedAt || user.erasureNoticeAt) return false;
        await emit(
          userEvent(auth, 'auth.user.erasure-confirmation', id, {
            ...mailFacts(user),
            deletedAt: user.deletedAt.toISOString(),
          }),
        );
        await markNoticeAsked(tx, id, now);
        return true;
      }),
  );
  const erased = await eachDue(
    () => idsDueForErasure(service.db, erasureDueBefore(now), BATCH),
    (id) =>
      service.transaction(async (tx, emit) => {
        const user = await lockDeletedUser(tx, id);
        if (!user?.erasureNoticeAt) return false;
        await emit(userEvent(auth, 'auth.user.erased', id, { userId: id }));
        await eraseUserRows(tx, id);
        return true;
      }),
  );
  return { noticed, erased };
}
