import {
  answersSnapshotAad,
  type EventEnvelope,
  type QuestionnaireAnswersSnapshot,
  questionKeyOf,
} from '@innerview/contracts';
import { sealPayload } from '@innerview/crypto';
import { createEvent, type Tx } from '@innerview/kit';
import { listAnswerRows } from '../db/answers.ts';
import type { QuestionnaireContext } from '../questionnaire-context.ts';
import { answerAad } from './answer-crypto.ts';

/**
 * `questionnaire.answers.changed` with every non-blank answer the person has now, sealed under the
 * event-payload key (the outbox row and the bus only ever see ciphertext).
 */
export async function answersChangedEvent(
  qc: QuestionnaireContext,
  tx: Tx,
  userId: string,
  facts: { revision: number; submitted: boolean; occurredAt: Date },
): Promise<EventEnvelope<'questionnaire.answers.changed'>> {
  const snapshot: QuestionnaireAnswersSnapshot = { answers: [] };
  for (const row of await listAnswerRows(tx, userId)) {
    if (!row.answered) continue;
    const questionKey = questionKeyOf(row.step);
    const answerText = await qc.crypto.decryptForUser(
      userId,
      row.answerCiphertext,
      answerAad(questionKey),
      tx,
    );
    snapshot.answers.push({ questionKey, answerText });
  }
  return createEvent(
    'questionnaire.answers.changed',
    userId,
    {
      userId,
      revision: facts.revision,
      submitted: facts.submitted,
      sealedAnswers: sealPayload(qc.eventPayloadKeys, JSON.stringify(snapshot), answersSnapshotAad(userId)),
    },
    { occurredAt: facts.occurredAt.toISOString() },
  );
}
