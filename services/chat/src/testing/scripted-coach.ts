import { setTimeout as sleep } from 'node:timers/promises';
import type { LanguageCode } from '@innerview/contracts';
import {
  type CoachEvent,
  type CoachModel,
  CoachModelError,
  type CoachRequest,
} from '../adapters/coach/coach-model.ts';

export interface ScriptedReply {
  request: CoachRequest;
  /** The reply's signal was aborted (stop, abandoned, shutdown). */
  aborted: boolean;
  finished: boolean;
}

/**
 * A coach for tests that writes `pieces` one every `delayMs`, records what it was asked and whether
 * it was cancelled, and can be told to fail the next reply(s).
 */
export class ScriptedCoach implements CoachModel {
  readonly kind = 'offline' as const;
  readonly model = 'scripted';
  pieces: string[];
  delayMs: number;
  failNext = 0;
  failAfterPieces = 0;
  titleText: string | null = null;
  readonly replies: ScriptedReply[] = [];

  constructor(options: { pieces?: string[]; delayMs?: number } = {}) {
    this.pieces = options.pieces ?? Array.from({ length: 12 }, (_, i) => `piece${i + 1} `);
    this.delayMs = options.delayMs ?? 5;
  }

  async *reply(request: CoachRequest, signal: AbortSignal): AsyncIterable<CoachEvent> {
    const record: ScriptedReply = { request, aborted: false, finished: false };
    this.replies.push(record);
    signal.addEventListener('abort', () => {
      record.aborted = true;
    });
    const failing = this.failNext > 0;
    if (failing) this.failNext--;
    let written = 0;
    for (const piece of this.pieces) {
      if (failing && written >= this.failAfterPieces)
        throw new CoachModelError('unavailable', 'scripted failure', 500);
      try {
        await sleep(this.delayMs, undefined, { signal });
      } catch {
        break;
      }
      written++;
      yield { type: 'text', text: piece };
    }
    record.finished = !signal.aborted;
    yield { type: 'usage', promptTokens: 10, completionTokens: written };
  }

  async title(_firstMessage: string, _language: LanguageCode) {
    return this.titleText ? { title: this.titleText, tokens: 3 } : null;
  }
}
