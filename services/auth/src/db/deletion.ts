import { firstRow, kitOutbox, type Queryable } from '@innerview/kit';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { consents, users } from './schema.ts';
import type { UserRow } from './users.ts';

/** Soft-deletes a live account; undefined when it was already deleted (or never existed). */
export async function markDeleted(q: Queryable, id: string, now: Date): Promise<UserRow | undefined> {
  return firstRow(
    q
      .update(users)
      .set({ deletedAt: now, erasureNoticeAt: null, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning(),
  );
}

/** A deleted (not yet erased) account by its normalised address, locked for the transaction. */
export async function lockDeletedUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return firstRow(
    q
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.deletedAt)))
      .for('update')
      .limit(1),
  );
}

/** A deleted account by its address, unlocked (the login's check). */
export async function findDeletedUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return firstRow(
    q
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.deletedAt)))
      .limit(1),
  );
}

/** Undoes a soft delete; the lockout starts fresh. */
export async function markReactivated(q: Queryable, id: string, now: Date): Promise<void> {
  await q
    .update(users)
    .set({
      deletedAt: null,
      erasureNoticeAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

/** Deleted accounts whose retention ended (deleted at or before `before`) and got no notice yet. */
export async function idsDueForNotice(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lte(users.deletedAt, before), isNull(users.erasureNoticeAt)))
    .orderBy(asc(users.deletedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Deleted accounts whose notice went out at or before `before`: their erasure is due. */
export async function idsDueForErasure(q: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lte(users.erasureNoticeAt, before)))
    .orderBy(asc(users.erasureNoticeAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The row, locked, if it is still a deleted account (a sweep on another replica may have taken it). */
export async function lockDeletedUser(q: Queryable, id: string): Promise<UserRow | undefined> {
  return firstRow(
    q
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNotNull(users.deletedAt)))
      .for('update', { skipLocked: true })
      .limit(1),
  );
}

export async function markNoticeAsked(q: Queryable, id: string, now: Date): Promise<void> {
  await q.update(users).set({ erasureNoticeAt: now, updatedAt: now }).where(eq(users.id, id));
}

/**
 * The auth part of the erasure: the user row, and with it (cascade) consents, sessions and one-time
 * tokens; and the published outbox rows about the person, several of which carry the address.
 */
export async function eraseUserRows(q: Queryable, id: string): Promise<void> {
  await q.delete(users).where(eq(users.id, id));
  await q.delete(kitOutbox).where(and(eq(kitOutbox.subject, id), isNotNull(kitOutbox.publishedAt)));
}

export type ConsentRow = typeof consents.$inferSelect;

export async function listConsents(q: Queryable, userId: string): Promise<ConsentRow[]> {
  return q.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.acceptedAt));
}
