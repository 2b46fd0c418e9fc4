import type { ChatAccessVerdict } from '@innerview/contracts/chat-access';
import type { Queryable } from '@innerview/kit';
import { sql } from 'drizzle-orm';
import { verdictOf } from './access.ts';
import type { ProfileRow } from './profiles.ts';

export interface SendContext {
  access: ChatAccessVerdict | undefined;
  profile: ProfileRow | undefined;
}

const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

/**
 * What a message needs before its reply can start (access and coach profile) in one query, one
 * round trip and one pooled connection: the first word waits on it.
 */
export async function findSendContext(q: Queryable, userId: string): Promise<SendContext> {
  const result = (await q.execute(sql`
    select a.allowed, a.allowed_until, a.reason, a.access, a.trial_tokens_remaining,
           p.user_id as profile_user_id, p.language, p.answers_ciphertext, p.answers_revision,
           p.questionnaire_submitted, p.first_opening_at, p.updated_at as profile_updated_at
    from (select ${userId}::uuid as id) as who
    left join chat_access_verdicts a on a.user_id = who.id
    left join coach_profiles p on p.user_id = who.id
  `)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0];
  if (!row) return { access: undefined, profile: undefined };
  return {
    access:
      row.allowed === null || row.allowed === undefined
        ? undefined
        : verdictOf({
            allowed: Boolean(row.allowed),
            allowedUntil: date(row.allowed_until),
            reason: String(row.reason),
            access: (row.access as string | null) ?? null,
            trialTokensRemaining:
              row.trial_tokens_remaining === null ? null : Number(row.trial_tokens_remaining),
          }),
    profile:
      row.profile_user_id === null || row.profile_user_id === undefined
        ? undefined
        : {
            userId: String(row.profile_user_id),
            language: (row.language as string | null) ?? null,
            answersCiphertext: (row.answers_ciphertext as string | null) ?? null,
            answersRevision: Number(row.answers_revision),
            questionnaireSubmitted: Boolean(row.questionnaire_submitted),
            firstOpeningAt: date(row.first_opening_at),
            updatedAt: date(row.profile_updated_at) ?? new Date(0),
          },
  };
}
