import { QuestionnaireAnswersSnapshot } from '@innerview/contracts';
import type { ChatContext } from '../chat-context.ts';
import { listSessionMessages } from '../db/messages.ts';
import { findProfile } from '../db/profiles.ts';
import type { HistoryTurn, QuestionnaireAnswer } from '../domain/coach-context.ts';
import { aad, decryptMessage } from './stored-text.ts';

/** More than any budget keeps; older turns only feed the summary lines. */
const HISTORY_LOAD = 80;

/**
 * The session's conversation before the message being answered, decrypted, oldest first. Messages
 * whose reply failed are left out; crisis answers stay (the coach should know resources were given).
 */
export async function loadHistory(
  chat: ChatContext,
  sessionId: string,
  beforeMessageId: string,
): Promise<HistoryTurn[]> {
  const rows = await listSessionMessages(chat.service.db, sessionId, { newest: HISTORY_LOAD });
  const turns: HistoryTurn[] = [];
  for (const row of rows) {
    if (row.id === beforeMessageId) break;
    if (row.replyFailed) continue;
    turns.push({ role: row.role, content: await decryptMessage(chat, row) });
  }
  return turns;
}

/** The person's questionnaire answers as chat keeps them (from `questionnaire.answers.changed`). */
export async function loadAnswers(chat: ChatContext, userId: string): Promise<QuestionnaireAnswer[]> {
  const profile = await findProfile(chat.service.db, userId);
  if (!profile?.answersCiphertext) return [];
  const json = await chat.crypto.decryptForUser(userId, profile.answersCiphertext, aad.answers);
  return QuestionnaireAnswersSnapshot.parse(JSON.parse(json)).answers;
}
