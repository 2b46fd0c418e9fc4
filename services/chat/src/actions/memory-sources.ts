import { type LanguageCode, toLanguageCode } from '@innerview/contracts';
import { chatMessageKind } from '@innerview/contracts/chat';
import type { Tx } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import { countSessionMessages, findMemorySettings, saveMemorySettings } from '../db/memory.ts';
import { findProfile } from '../db/profiles.ts';
import type { HistoryTurn, QuestionnaireAnswer } from '../domain/coach-context.ts';
import { explicitStatements } from '../domain/memory/explicit-statements.ts';
import { unfitForMemory } from '../domain/memory/memory-rules.ts';
import { questionnaireNotes } from '../domain/memory/questionnaire-notes.ts';
import { keepNotes, listMemory, memoryEnabled } from './memory.ts';

/** With a model: every this many messages of the person in a session, the summary step runs. */
export const SUMMARY_EVERY = 4;

/**
 * A few items from the submitted questionnaire, once per person (a later revision adds none: the
 * person edits their items themselves). Runs in the answers event's transaction.
 */
export async function drawFromQuestionnaire(
  chat: ChatContext,
  tx: Tx,
  userId: string,
  answers: QuestionnaireAnswer[],
): Promise<void> {
  const settings = await findMemorySettings(tx, userId);
  if (settings?.questionnaireDrawn || settings?.enabled === false) return;
  const language = toLanguageCode((await findProfile(tx, userId))?.language ?? 'en') ?? 'en';
  await keepNotes(
    chat,
    { userId, notes: questionnaireNotes(answers, language), source: 'questionnaire', language },
    { q: tx, crypto: chat.cryptoIn(tx) },
  );
  await saveMemorySettings(tx, userId, { questionnaireDrawn: true }, chat.service.clock.now());
}

export interface FinishedTurn {
  userId: string;
  sessionId: string;
  language: LanguageCode;
  /** The person's message just answered (not a crisis one: those never reach here). */
  message: string;
  /** The session before it, oldest first. */
  history: HistoryTurn[];
  reply: string;
}

/**
 * After a reply is kept (never after a care reply): explicit statements of the message become
 * items; with a model, every SUMMARY_EVERY messages the summary step proposes items from the
 * session's recent turns. Runs beside the next request, tracked so a stop waits for it; a failure
 * costs only the items, never the reply.
 */
export function rememberAfterReply(chat: ChatContext, turn: FinishedTurn): void {
  const work = remember(chat, turn).catch((err: unknown) => {
    // The error's name only: never the words.
    chat.service.log.warn({ err: (err as Error)?.name }, 'memory step failed');
  });
  chat.background.add(work);
  void work.finally(() => chat.background.delete(work));
}

async function remember(chat: ChatContext, turn: FinishedTurn): Promise<void> {
  const { userId, language } = turn;
  if (!(await memoryEnabled(chat, userId))) return;
  if (chatMessageKind(turn.message) === 'message' && !unfitForMemory(turn.message, language)) {
    const notes = explicitStatements(turn.message, language);
    await keepNotes(chat, { userId, notes, source: 'conversation', language });
  }
  const propose = chat.coach.proposeMemory?.bind(chat.coach);
  if (!propose) return;
  // Counted in the database: the history given to the coach holds only the newest turns.
  const messages = await countSessionMessages(chat.service.db, turn.sessionId);
  if (messages === 0 || messages % SUMMARY_EVERY !== 0) return;
  const recent = safeTurns(
    [...turn.history, { role: 'user', content: turn.message }, { role: 'assistant', content: turn.reply }],
    language,
  ).slice(-SUMMARY_EVERY * 2);
  if (!recent.some((t) => t.role === 'user')) return;
  const known = (await listMemory(chat, userId)).map((item) => item.text);
  const proposed = await propose({ turns: recent, known, language }, AbortSignal.timeout(20_000));
  if (proposed) await keepNotes(chat, { userId, notes: proposed, source: 'conversation', language });
}

/**
 * The turns the summary step may read: the person's own messages (no questionnaire or file
 * markers) with no crisis signal or heavy words, each with the reply that answered it.
 */
export function safeTurns(turns: HistoryTurn[], language: LanguageCode): HistoryTurn[] {
  const out: HistoryTurn[] = [];
  let keepReply = false;
  for (const turn of turns) {
    if (turn.role === 'user') {
      keepReply = chatMessageKind(turn.content) === 'message' && !unfitForMemory(turn.content, language);
      if (keepReply) out.push(turn);
    } else if (keepReply) {
      out.push(turn);
      keepReply = false;
    }
  }
  return out;
}
