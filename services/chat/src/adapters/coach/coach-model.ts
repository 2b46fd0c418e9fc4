import type { LanguageCode } from '@innerview/contracts';
import type {
  AttachmentSummary,
  AttachmentText,
  HistoryTurn,
  ModelMessage,
  QuestionnaireAnswer,
} from '../../domain/coach-context.ts';
import type { MemoryNote } from '../../domain/memory/memory-rules.ts';

/** Everything a coach may use to answer one message. */
export interface CoachRequest {
  language: LanguageCode;
  /** The chat-completions context (system prompt, summary, history within budget, the message). */
  messages: ModelMessage[];
  /** Estimated tokens of `messages` (when the model reports no usage). */
  promptTokens: number;
  /** The same material, structured, for a coach that does not read prompts (the offline coach). */
  message: string;
  history: HistoryTurn[];
  answers: QuestionnaireAnswer[];
  /** The texts of the message's files that could be read. */
  attachments: AttachmentText[];
  /** Files not read or not seen, and images (with their data when the model accepts images). */
  attachmentSummary: AttachmentSummary;
  maxTokens: number;
  /** What the person lets the coach remember (docs/product.md#memory); empty when memory is off. */
  memory: MemoryNote[];
}

/** What the summary step gives the model: recent safe turns and the items already kept. */
export interface MemoryProposalRequest {
  turns: HistoryTurn[];
  known: string[];
  language: LanguageCode;
}

/** What a reply stream yields: text pieces, and once at the end the usage when known. */
export type CoachEvent =
  | { type: 'text'; text: string }
  | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface CoachTitle {
  title: string;
  tokens: number;
}

/** Why a model call failed; the person sees a generic, translated message, operators see the kind. */
export class CoachModelError extends Error {
  override name = 'CoachModelError';
  readonly kind: 'unavailable' | 'rate_limited' | 'rejected' | 'timeout' | 'broken_stream';
  readonly status: number | undefined;
  constructor(kind: CoachModelError['kind'], message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

/**
 * The coach model port. `reply` streams the answer; when `signal` aborts (the person stopped, or
 * nobody is reading any more) the upstream call is cancelled and the iterator simply ends (no
 * error). Failures throw `CoachModelError`.
 */
export interface CoachModel {
  readonly kind: 'openai' | 'offline';
  /** The model's name as shown to operators (never to users). */
  readonly model: string;
  reply(request: CoachRequest, signal: AbortSignal): AsyncIterable<CoachEvent>;
  /**
   * A short session title (at most six words) from the first message and the tokens it cost, or
   * null to use the heuristic (offline, or the model failed).
   */
  title(firstMessage: string, language: LanguageCode, signal: AbortSignal): Promise<CoachTitle | null>;
  /**
   * The summary step (a model only): items worth remembering from recent turns, or null when the
   * model gave none it could read.
   */
  proposeMemory?(request: MemoryProposalRequest, signal: AbortSignal): Promise<MemoryNote[] | null>;
}
