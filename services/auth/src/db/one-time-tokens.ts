import { firstRow, type Queryable } from '@innerview/kit';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeTokens } from './schema.ts';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

export async function insertOneTimeToken(
  q: Queryable,
  values: typeof oneTimeTokens.$inferInsert,
): Promise<void> {
  await q.insert(oneTimeTokens).values(values);
}

export async function findOneTimeToken(
  q: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRow | undefined> {
  return firstRow(
    q
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
      .limit(1),
  );
}

/**
 * Uses the token if it is unused and unexpired, atomically: of two concurrent uses exactly one
 * gets the user id back. Undefined when it cannot be used (then `findOneTimeToken` says why).
 */
export async function consumeOneTimeToken(
  q: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** Ends every outstanding token of a kind for a user: a newer one, or the job is done. */
export async function retireOneTimeTokens(
  q: Queryable,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}
