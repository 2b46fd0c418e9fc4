import { firstRow, type Queryable } from '@innerview/kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;

/** A live (not deleted) account by its normalised address. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return firstRow(
    q
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1),
  );
}

/** What a login reads of an account: no names, dates or settings (one short row per login). */
export type LoginUser = Pick<UserRow, 'id' | 'passwordHash' | 'isVerified'>;

/**
 * The login's read, built once per database handle: the statement text is made by drizzle on the
 * first login, not on every one (the login path's cost is measured, docs/benchmarks.md "Login").
 */
const loginUserQueries = new WeakMap<Queryable, ReturnType<typeof prepareLoginUserQuery>>();

function prepareLoginUserQuery(q: Queryable) {
  return q
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(and(eq(users.email, sql.placeholder('email')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('auth_find_login_user');
}

export async function findLoginUser(q: Queryable, email: string): Promise<LoginUser | undefined> {
  let query = loginUserQueries.get(q);
  if (!query) {
    query = prepareLoginUserQuery(q);
    loginUserQueries.set(q, query);
  }
  const [row] = await query.execute({ email });
  return row;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return firstRow(
    q
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1),
  );
}

/** The row locked for the rest of the transaction, so concurrent failed logins all count. */
export async function lockUserRow(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

/** Inserts unless the address is taken; undefined when it is (a concurrent sign-up won). */
export async function insertUser(
  q: Queryable,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await q.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** A pending (unverified) account taking the details of a newer sign-up with its address. */
export async function replacePendingUser(
  q: Queryable,
  id: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'dateOfBirth' | 'passwordHash' | 'language'>,
  now: Date,
): Promise<UserRow | undefined> {
  return firstRow(
    q
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(and(eq(users.id, id), eq(users.isVerified, false)))
      .returning(),
  );
}

/** A new password hash (a reset also ends the lockouts: `clearLockoutsOfEmail`). */
export async function setPasswordHash(
  q: Queryable,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await q.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

/** Marks the address verified; false when it already was. */
export async function markVerified(q: Queryable, id: string, now: Date): Promise<boolean> {
  const updated = await q
    .update(users)
    .set({ isVerified: true, verifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.isVerified, false)))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function updateUser(
  q: Queryable,
  id: string,
  values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'language' | 'theme' | 'onboardingCompleted'>>,
  now: Date,
): Promise<UserRow | undefined> {
  return firstRow(
    q
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .returning(),
  );
}
