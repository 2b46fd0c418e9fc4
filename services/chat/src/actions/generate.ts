import type { LanguageCode } from '@innerview/contracts';
import { chatMessageKind, chatMessages as chatTexts } from '@innerview/contracts/chat';
import { goalOffers, goalStatement } from '@innerview/contracts/goal-statement';
import type { AttachmentsRead } from '../adapters/attachments/attachment-texts.ts';
import { coachAttachments } from '../adapters/attachments/coach-attachments.ts';
import { CoachModelError, type CoachTitle } from '../adapters/coach/coach-model.ts';
import { streamPieces } from '../adapters/coach/offline-coach.ts';
import type { ReplyWriter } from '../adapters/streams/reply-streams.ts';
import type { ChatContext } from '../chat-context.ts';
import { useTrialTokens } from '../db/access.ts';
import { type MessageRow, setReplyFailed, setReplySuperseded } from '../db/messages.ts';
import type { ProfileRow } from '../db/profiles.ts';
import { releaseLease } from '../db/reply-leases.ts';
import { countSafetyReferral } from '../db/safety-referrals.ts';
import { sendContextCache } from '../db/send-context-cache.ts';
import { buildCoachContext } from '../domain/coach-context.ts';
import { detectTextLanguage } from '../domain/language.ts';
import { checkInLine, type SafetyReferral, safetyReply } from '../domain/safety/crisis-reply.ts';
import { hasRiskCue } from '../domain/safety/risk-cues.ts';
import { heuristicTitle, neutralTitle } from '../domain/titles.ts';
import { answersOf, type PreparedTurn, prepareTurn, type TurnInput } from './coach-material.ts';
import { chatEvent } from './events.ts';
import { memoryForCoach } from './memory.ts';
import { rememberAfterReply } from './memory-sources.ts';
import { storeReply } from './store-reply.ts';

export interface GenerationInput {
  userId: string;
  sessionId: string;
  /** The message being answered, stored by the task itself (see `prepareTurn`). */
  turn: TurnInput;
  /** Told once whether the message (and a new session) was stored, for a caller that must know. */
  onStored?: (stored: boolean) => void;
  message: string;
  fileIds: string[];
  /** The message's files as read before the reply started. */
  attachments: AttachmentsRead;
  /** The person's coach profile as read when the message came (language, questionnaire answers). */
  profile: ProfileRow | undefined;
  /** From the message itself when clear, else the request's and person's hints (see `replyLanguage`). */
  language: LanguageCode;
  /** Whether `language` came from the message's own words (else the conversation may tell better). */
  languageFromText: boolean;
  /** The local detector's verdict (acute or possible), or null: the care reply instead of the coach. */
  finding: SafetyReferral | null;
  /**
   * A risk cue the rules did not flag (docs/safety.md): the model check runs beside the reply,
   * whose words are held back until it answers.
   */
  modelCheck: boolean;
  /** Whether the session still waits for its first title. */
  needsTitle: boolean;
  /** Trial: the reply's tokens also lower the local quota. */
  metered: boolean;
  /** Regenerating: the reply being replaced; the new one joins its versions (ADR 0058). */
  regenerated?: MessageRow;
}

/**
 * A regeneration that kept nothing (stopped before its first word, or failed) gives the replaced
 * reply back: the conversation is as it was, and nothing waits for a reply.
 */
async function restoreReplaced(
  chat: ChatContext,
  input: GenerationInput,
  userMessageId: string,
): Promise<void> {
  await chat.service.transaction(async (tx) => {
    await setReplySuperseded(tx, input.regenerated!, userMessageId, null);
    await releaseLease(tx, userMessageId);
  });
}

export type ReplyResult =
  | {
      ok: true;
      outcome: 'complete' | 'stopped' | 'safety';
      content: string;
      tokens: number;
      title: string | null;
    }
  | { ok: false; detail: string; code: string };

/**
 * Writes one reply, independent of any HTTP response: crisis answer or coach model, pieces to the
 * reply stream, then the reply persisted (encrypted) with its tokens, the session's count and
 * title, the trial quota and `chat.tokens.consumed` in one transaction; only then the end marker,
 * so a reader who sees [DONE] finds the reply in the transcript.
 */
export async function generateReply(
  chat: ChatContext,
  writer: ReplyWriter,
  input: GenerationInput,
): Promise<ReplyResult> {
  const { log } = chat.service;
  let turn: PreparedTurn | undefined;
  // Asked first, beside everything else: the reply's words wait for it, the conversation need not.
  const verdict = input.modelCheck ? askCrisisCheck(chat, writer, input) : null;
  try {
    turn = await prepareTurn(chat, input.turn);
    turn.stored.then(
      () => input.onStored?.(true),
      () => input.onStored?.(false),
    );
    if (input.finding) return await answerCrisis(chat, writer, input, turn, input.finding, 'detector');
    return await answerWithCoach(chat, writer, input, turn, verdict);
  } catch (err) {
    if (!turn) input.onStored?.(false);
    const kind = err instanceof CoachModelError ? err.kind : 'internal';
    log.warn(
      { sessionId: input.sessionId, replyId: writer.replyId, kind, status: (err as CoachModelError).status },
      'reply failed',
    );
    if (!(err instanceof CoachModelError))
      log.error({ err: { name: (err as Error)?.name, stack: (err as Error)?.stack } }, 'reply error');
    // The message stays, flagged, so the person can retry it (a retry reuses it).
    if (turn) {
      const { userMessageId } = turn;
      await turn.stored
        .then(() =>
          input.regenerated
            ? restoreReplaced(chat, input, userMessageId)
            : setReplyFailed(chat.service.db, userMessageId, true),
        )
        .catch(() => {});
    }
    const failure = { ok: false as const, detail: chatTexts.replyFailed, code: 'SERVICE_UNAVAILABLE' };
    writer.end({ kind: 'error', detail: failure.detail, code: failure.code });
    return failure;
  }
}

/**
 * The model check's finding, or null when it says no crisis, times out or fails (its time-out
 * bounds the wait). The person stopping the reply cancels it.
 */
function askCrisisCheck(
  chat: ChatContext,
  writer: ReplyWriter,
  input: GenerationInput,
): Promise<SafetyReferral | null> {
  return chat.crisisCheck!.check(input.message, input.language, writer.signal).catch((err: unknown) => {
    // The check reports its own failures; this is a bug in it. The name only, never the text.
    chat.service.log.warn({ replyId: writer.replyId, err: (err as Error)?.name }, 'crisis check failed');
    return null;
  });
}

async function answerCrisis(
  chat: ChatContext,
  writer: ReplyWriter,
  input: GenerationInput,
  turn: PreparedTurn,
  finding: SafetyReferral,
  by: 'detector' | 'model',
): Promise<ReplyResult> {
  const content = safetyReply(finding);
  for (const piece of streamPieces(content)) writer.append(piece);
  await turn.stored;
  // Never the words of the message: a neutral title with the day, so the chat is not "New chat".
  const title = input.needsTitle ? neutralTitle(input.language, chat.service.clock.now()) : null;
  const reply = { kind: 'safety', content, status: 'complete', tokens: 0, title } as const;
  await storeReply(
    chat,
    { ...stored(input, writer.replyId, turn.userMessageId), ...reply },
    async (tx, emit, now) => {
      // The anonymous count for the yearly report: day, tier, language; no user, no text.
      await countSafetyReferral(tx, {
        day: now.toISOString().slice(0, 10),
        tier: finding.tier,
        language: finding.language,
      });
      // The category and language only: never the person's words.
      await emit(
        chatEvent(chat, 'chat.safety.flagged', input.userId, {
          userId: input.userId,
          sessionId: input.sessionId,
          category: finding.category ?? `unnamed_${finding.tier}`,
          language: finding.language,
        }),
      );
    },
  );
  chat.service.log.info(
    { sessionId: input.sessionId, tier: finding.tier, category: finding.category, by },
    'care reply given',
  );
  writer.end({ kind: 'done' });
  return { ok: true, outcome: 'safety', content, tokens: 0, title: null };
}

async function answerWithCoach(
  chat: ChatContext,
  writer: ReplyWriter,
  input: GenerationInput,
  turn: PreparedTurn,
  verdict: Promise<SafetyReferral | null> | null,
): Promise<ReplyResult> {
  const { config } = chat.service;
  const { history } = turn;
  const [answers, memory] = await Promise.all([
    answersOf(chat, input.userId, input.profile),
    memoryForCoach(chat, input.userId),
  ]);
  const attachments = coachAttachments(input.attachments);
  // A short message ("ok, and then?") goes on in the language the conversation is written in.
  const language = input.languageFromText
    ? input.language
    : (detectTextLanguage(
        [
          ...history
            .filter((turn) => turn.role === 'user')
            .slice(-3)
            .map((turn) => turn.content),
          input.message,
        ].join('\n'),
      ) ?? input.language);
  // While the model check is out, the reply's words are held back (`held`); a crisis finding
  // cancels the reply and its title call (`checked`), no finding releases the words.
  const checked = verdict ? new AbortController() : null;
  const signal = checked ? AbortSignal.any([writer.signal, checked.signal]) : writer.signal;
  let content = '';
  let held: string[] | null = verdict ? [] : null;
  let flagged: SafetyReferral | null = null;
  const show = (text: string) => {
    if (writer.signal.aborted) return;
    content += text;
    writer.append(text);
  };
  // After a care reply, the next reply starts by checking in on the person (held like the rest).
  if (turn.afterCareReply) {
    const line = `${checkInLine(language)}\n\n`;
    if (held) held.push(line);
    else show(line);
  }
  const decided = verdict?.then((finding) => {
    if (finding) {
      flagged = finding;
      checked!.abort();
      return;
    }
    const pieces = held ?? [];
    held = null;
    for (const piece of pieces) show(piece);
  });
  // The title call starts once the first word is out: beside the reply's start it competed with
  // it for the process and the model; the rest of the reply leaves it time to finish.
  // The questionnaire message is named by the heuristic ("Getting to know you"), not the model.
  const titleWork: Promise<CoachTitle | null> =
    input.needsTitle && chatMessageKind(input.message) !== 'questionnaire'
      ? writer.firstPiece
          .then((written) => (written ? chat.coach.title(input.message, language, signal) : null))
          .catch(() => null)
      : Promise.resolve(null);
  const context = buildCoachContext({
    language,
    history,
    message: input.message,
    answers,
    attachments: attachments.texts,
    attachmentSummary: attachments.summary,
    memory,
    budgetTokens: config.CHAT_CONTEXT_TOKENS,
  });
  let usage = { promptTokens: 0, completionTokens: 0 };
  const events = chat.coach.reply(
    {
      language,
      messages: context.messages,
      promptTokens: context.promptTokens,
      message: input.message,
      history: context.keptHistory,
      answers,
      attachments: attachments.texts,
      attachmentSummary: attachments.summary,
      maxTokens: config.CHAT_REPLY_MAX_TOKENS,
      memory,
    },
    signal,
  );
  try {
    for await (const event of events) {
      if (event.type === 'usage') usage = event;
      else if (held) held.push(event.text);
      else show(event.text);
    }
  } catch (err) {
    // A model failure while the check is out: someone in crisis still gets the crisis answer.
    await decided;
    if (!flagged) throw err;
  }
  // A short reply can end before the check answers: its words wait for the verdict.
  await decided;
  // The reply and its title call were cancelled; nothing of them is kept or metered.
  if (flagged) return answerCrisis(chat, writer, input, turn, flagged, 'model');
  // docs/product.md#goals: a model's whole reply to a stated goal ends with the offer the offline
  // coach makes, so the chat shows "Add as goal" under it (the offline coach words it itself).
  if (
    chat.coach.kind !== 'offline' &&
    writer.abortReason() === null &&
    content !== '' &&
    goalStatement(input.message) &&
    !hasRiskCue(input.message)
  )
    show(`\n\n${goalOffers[language]}`);
  const reason = writer.abortReason();
  const outcome = reason === null ? 'complete' : 'stopped';
  // The title call waits for the first word: with none (stopped before it, or while the words
  // were held for the crisis check) it never starts, and nothing needs a title.
  const generated = content === '' ? null : await titleWork;
  // The reply is kept after the message it answers.
  await turn.stored;
  const title =
    input.needsTitle && content !== '' ? (generated?.title ?? heuristicTitle(input.message, language)) : null;
  // Nothing written (stopped at once): nothing to keep or meter.
  const tokens = content === '' ? 0 : usage.promptTokens + usage.completionTokens + (generated?.tokens ?? 0);
  if (content !== '')
    await persistReply(chat, writer.replyId, turn.userMessageId, input, { content, tokens, title, reason });
  // Stopped before its first word: nothing is kept, and the message no longer waits for a reply.
  else if (input.regenerated) await restoreReplaced(chat, input, turn.userMessageId);
  else await releaseLease(chat.service.db, turn.userMessageId);
  writer.end({ kind: 'done' });
  // Memory is drawn only from a kept, non-crisis exchange (docs/product.md#memory).
  if (content !== '')
    rememberAfterReply(chat, {
      userId: input.userId,
      sessionId: input.sessionId,
      language,
      message: input.message,
      history,
      reply: content,
    });
  return { ok: true, outcome, content, tokens, title };
}

/** Who and what a reply of this generation belongs to, for `storeReply`. */
function stored(input: GenerationInput, replyId: string, userMessageId: string) {
  const { userId, sessionId, regenerated } = input;
  return { userId, sessionId, replyId, userMessageId, regenerated };
}

async function persistReply(
  chat: ChatContext,
  replyId: string,
  userMessageId: string,
  input: GenerationInput,
  reply: {
    content: string;
    tokens: number;
    title: string | null;
    reason: ReturnType<ReplyWriter['abortReason']>;
  },
): Promise<void> {
  const status = reply.reason === null ? 'complete' : reply.reason === 'orphaned' ? 'interrupted' : 'stopped';
  const { content, tokens, title } = reply;
  const kept = {
    ...stored(input, replyId, userMessageId),
    kind: 'message',
    content,
    status,
    tokens,
    title,
  } as const;
  await storeReply(chat, kept, async (tx, emit, now) => {
    if (input.metered) await useTrialTokens(tx, input.userId, tokens, now);
    if (tokens > 0)
      await emit(
        chatEvent(chat, 'chat.tokens.consumed', input.userId, {
          userId: input.userId,
          sessionId: input.sessionId,
          tokens,
        }),
      );
  });
  // The trial quota just went down: the next message reads it again.
  if (input.metered) sendContextCache(chat.service).forget(input.userId);
}
