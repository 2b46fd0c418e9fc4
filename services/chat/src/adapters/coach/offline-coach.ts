import { setTimeout as sleep } from 'node:timers/promises';
import { offlineCoachReply } from '../../domain/offline-coach/offline-coach.ts';
import { estimateTokens } from '../../domain/tokens.ts';
import { type CoachEvent, type CoachModel, CoachModelError, type CoachRequest } from './coach-model.ts';

/** Splits a reply into small pieces of one or two words, keeping every character. */
export function streamPieces(text: string): string[] {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) pieces.push(tokens.slice(i, i + 2).join(''));
  const rest = text.slice(pieces.join('').length);
  if (rest) pieces.push(rest);
  return pieces;
}

async function* streamText(
  text: string,
  promptTokens: number,
  fail: boolean,
  delayMs: number,
  signal: AbortSignal,
): AsyncIterable<CoachEvent> {
  if (fail) throw new CoachModelError('unavailable', 'offline coach: test failure on request');
  let written = '';
  for (const piece of streamPieces(text)) {
    if (signal.aborted) break;
    if (delayMs > 0) {
      try {
        await sleep(delayMs, undefined, { signal });
      } catch {
        break;
      }
    }
    written += piece;
    yield { type: 'text', text: piece };
  }
  // It reads only the message (not a prompt), so only the message and the reply are counted.
  yield { type: 'usage', promptTokens, completionTokens: estimateTokens(written) };
}

/**
 * The built-in offline coach (embedded mode, no `OPENAI_API_KEY`): the deterministic reflective
 * reply of `domain/offline-coach`, streamed in small pieces with a small delay, tokens counted as
 * characters / 4. `failOnceMarker` (test-only, see OFFLINE_COACH_FAIL_ONCE_MARKER) makes the first
 * reply to each message containing it fail, so a browser test can retry a failed send.
 */
export function createOfflineCoach(options: {
  delayMs: number;
  failOnceMarker?: string | undefined;
}): CoachModel {
  const failedOnce = new Set<string>();
  return {
    kind: 'offline',
    model: 'innerview-offline-coach',
    reply(request: CoachRequest, signal: AbortSignal): AsyncIterable<CoachEvent> {
      const marker = options.failOnceMarker;
      const fail = Boolean(marker && request.message.includes(marker) && !failedOnce.has(request.message));
      if (fail) failedOnce.add(request.message);
      // The reply is written now and only its text goes on: a generator keeps its arguments for
      // as long as it runs, and the request (prompt, history, files) is not needed after this.
      const text = fail
        ? ''
        : offlineCoachReply({
            language: request.language,
            message: request.message,
            history: request.history,
            answers: request.answers,
            attachments: request.attachments,
            attachmentSummary: request.attachmentSummary,
            memory: request.memory,
          });
      return streamText(text, estimateTokens(request.message), fail, options.delayMs, signal);
    },
    async title() {
      return null;
    },
  };
}
