import type { ChatAccessKind, ChatAccessVerdict } from '@innerview/contracts/chat-access';
import type { ChatDenialReason } from '@innerview/contracts/subscription-status';
import type { Queryable } from '@innerview/kit';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { chatAccessVerdicts } from './schema.ts';

type VerdictRow = typeof chatAccessVerdicts.$inferSelect;

/** A stored row as the verdict `decideChatAccess` reads. */
export function verdictOf(
  row: Pick<VerdictRow, 'allowed' | 'allowedUntil' | 'reason' | 'access' | 'trialTokensRemaining'>,
): ChatAccessVerdict {
  return {
    allowed: row.allowed,
    allowedUntil: row.allowedUntil,
    reason: row.reason as ChatDenialReason,
    access: row.access as ChatAccessKind | null,
    trialTokensRemaining: row.trialTokensRemaining,
  };
}

export async function findVerdict(q: Queryable, userId: string): Promise<ChatAccessVerdict | undefined> {
  const [row] = await q
    .select()
    .from(chatAccessVerdicts)
    .where(eq(chatAccessVerdicts.userId, userId))
    .limit(1);
  return row ? verdictOf(row) : undefined;
}

/**
 * Stores billing's verdict unless a later one was stored already (a replay, a retry from the dead
 * letters or a second producer must not turn the clock back; duplicates stop at the inbox).
 */
export async function storeVerdict(
  q: Queryable,
  userId: string,
  verdict: ChatAccessVerdict,
  decidedAt: Date,
  now: Date,
): Promise<void> {
  const values = { ...verdict, decidedAt, updatedAt: now };
  await q
    .insert(chatAccessVerdicts)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: chatAccessVerdicts.userId,
      set: values,
      setWhere: sql`${chatAccessVerdicts.decidedAt} <= ${decidedAt.toISOString()}::timestamptz`,
    });
}

/** A metered reply lowers the local trial quota at once; billing's next verdict sets the truth. */
export async function useTrialTokens(q: Queryable, userId: string, tokens: number, now: Date): Promise<void> {
  await q
    .update(chatAccessVerdicts)
    .set({
      trialTokensRemaining: sql`greatest(0, ${chatAccessVerdicts.trialTokensRemaining} - ${tokens})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(chatAccessVerdicts.userId, userId),
        eq(chatAccessVerdicts.access, 'trial'),
        isNotNull(chatAccessVerdicts.trialTokensRemaining),
      ),
    );
}

export async function deleteVerdict(q: Queryable, userId: string): Promise<void> {
  await q.delete(chatAccessVerdicts).where(eq(chatAccessVerdicts.userId, userId));
}
