import type { Queryable } from '@innerview/kit';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { sessions } from './schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

/** The login's write, built once per database handle (as the login's read, db/users.ts). */
const insertSessionQueries = new WeakMap<Queryable, ReturnType<typeof prepareInsertSession>>();

function prepareInsertSession(q: Queryable) {
  return q
    .insert(sessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      rememberMe: sql.placeholder('rememberMe'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('auth_insert_session');
}

export async function insertSession(
  q: Queryable,
  values: Pick<typeof sessions.$inferInsert, 'id' | 'userId' | 'rememberMe' | 'createdAt' | 'expiresAt'>,
): Promise<void> {
  let query = insertSessionQueries.get(q);
  if (!query) {
    query = prepareInsertSession(q);
    insertSessionQueries.set(q, query);
  }
  await query.execute(values);
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await q.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** The user's sessions that still have valid tokens: neither revoked nor expired. */
export async function liveSessions(
  q: Queryable,
  userId: string,
  now: Date,
  onlyId?: string,
): Promise<Array<{ id: string; expiresAt: Date }>> {
  return q
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        onlyId ? eq(sessions.id, onlyId) : undefined,
      ),
    )
    .for('update');
}

export async function markRevoked(q: Queryable, ids: string[], now: Date): Promise<void> {
  for (const id of ids) await q.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
}

/** Revoked sessions whose tokens have not expired yet: what the revocation store must hold. */
export async function revokedUnexpiredSessions(
  q: Queryable,
  now: Date,
): Promise<Array<{ id: string; expiresAt: Date }>> {
  return q
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(isNotNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
}
