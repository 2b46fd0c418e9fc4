import { CHAT_MESSAGE_MAX, QUESTIONNAIRE_MESSAGE_PREAMBLE } from '@innerview/contracts/chat';
import { HttpError } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import { claimFirstOpening, releaseFirstOpening } from '../db/profiles.ts';
import type { QuestionnaireAnswer } from '../domain/coach-context.ts';
import { stepTopics } from '../domain/system-prompt.ts';
import { answersOf } from './coach-material.ts';
import { startReply } from './send.ts';

/**
 * The hidden first message of the opening (docs/product.md#hidden-message-kinds): the fixed
 * preamble, then each answer under its step's topic, within the length of any message.
 */
export function questionnaireMessage(answers: QuestionnaireAnswer[]): string {
  const lines = answers.map((a) => `${stepTopics[a.questionKey]}: ${a.answerText.trim()}`);
  return [QUESTIONNAIRE_MESSAGE_PREAMBLE, ...lines].join('\n').slice(0, CHAT_MESSAGE_MAX);
}

/**
 * docs/product.md#the-coachs-first-opening: the first new chat after the questionnaire is
 * submitted is opened by the coach with a personal opening drawn from the answers. It is an
 * ordinary reply (the model's or the offline coach's, with the same safety check, budget and
 * storage) to the hidden questionnaire message, so it streams and resumes as any reply does.
 * Claimed once in the person's profile; given back when the reply cannot start (no plan, a reply
 * already running), so the first chat that can start gets it. Null when there is nothing to open.
 */
export async function openWithIntroduction(
  chat: ChatContext,
  userId: string,
  acceptLanguage: string | undefined,
): Promise<{ session_id: string } | null> {
  const db = chat.service.db;
  const profile = await claimFirstOpening(db, userId, chat.service.clock.now());
  if (!profile) return null;
  const answers = await answersOf(chat, userId, profile);
  // A questionnaire submitted with every step blank has nothing personal to open with.
  if (answers.length === 0) return null;
  try {
    const started = await startReply(chat, {
      userId,
      body: { message: questionnaireMessage(answers), session_id: null, language: profile.language },
      acceptLanguage,
    });
    // The client opens the session at once: it must be there (the reply may still be streaming).
    if (await started.stored) return { session_id: started.sessionId };
    chat.service.log.warn({ sessionId: started.sessionId }, 'first opening not stored; given back');
  } catch (error) {
    await releaseFirstOpening(db, userId);
    if (error instanceof HttpError) return null;
    throw error;
  }
  await releaseFirstOpening(db, userId);
  return null;
}
