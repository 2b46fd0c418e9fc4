import { kitOutbox, type Tx } from '@innerview/kit';
import { and, eq } from 'drizzle-orm';
import { deleteAnswers } from '../db/answers.ts';
import { deleteQuestionnaire } from '../db/questionnaires.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';

/**
 * The 90-day erasure (`auth.user.erased`): the person's answers and progress are deleted, the
 * snapshots still in the outbox go too, and their data key is destroyed, so that any copy of
 * the answers made before (replicas, backups) can no longer be decrypted.
 */
export async function eraseUser(qc: QuestionnaireContext, userId: string, tx: Tx): Promise<void> {
  await deleteAnswers(tx, userId);
  await deleteQuestionnaire(tx, userId);
  await tx
    .delete(kitOutbox)
    .where(and(eq(kitOutbox.subject, userId), eq(kitOutbox.type, 'questionnaire.answers.changed')));
  await qc.crypto.destroyUserKey(userId, tx);
}
