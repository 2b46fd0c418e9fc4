import type { FileKind } from '../../domain/detect-type.ts';
import { MAX_EXTRACTED_CHARS, MAX_EXTRACTED_PAGES } from '../../domain/limits.ts';
import { type ExtractedText, plainText } from '../../domain/text.ts';
import type { ExtractionAnswer, ExtractionRequest } from './extraction-types.ts';
import { runWorker, WorkerTimeoutError } from './run-worker.ts';

/** The text could not be read: `timeout` past the time limit, `unreadable` for a damaged or hostile file. */
export class ExtractionError extends Error {
  override name = 'ExtractionError';
  readonly reason: 'timeout' | 'unreadable';
  constructor(reason: 'timeout' | 'unreadable') {
    super(`text extraction failed: ${reason}`);
    this.reason = reason;
  }
}

export interface TextExtractor {
  /** The text of a file for the coach; null for images (they have none to read). */
  extract(kind: FileKind, bytes: Buffer): Promise<ExtractedText | null>;
}

export interface TextExtractorOptions {
  timeoutMs: number;
  /** Workers at once; more files wait their turn (the time limit counts from each one's start). */
  concurrency: number;
  maxPages?: number;
  maxChars?: number;
}

const workerUrl = new URL('./extract-worker.ts', import.meta.url);

/**
 * Text extraction with caps (50 pages, 200 000 characters) and a time limit: PDF and DOCX are
 * parsed in a worker thread that is terminated at the limit, so a crafted file cannot hang or
 * exhaust the service; plain text and Markdown are decoded here.
 */
export function createTextExtractor(options: TextExtractorOptions): TextExtractor {
  const maxPages = options.maxPages ?? MAX_EXTRACTED_PAGES;
  const maxChars = options.maxChars ?? MAX_EXTRACTED_CHARS;
  const gate = createGate(options.concurrency);
  return {
    async extract(kind, bytes) {
      if (kind === 'text' || kind === 'markdown') return plainText(bytes, maxChars);
      if (kind !== 'pdf' && kind !== 'docx') return null;
      return gate(async () => {
        const copy = new Uint8Array(bytes);
        const request: ExtractionRequest = { kind, bytes: copy, maxPages, maxChars };
        let answer: ExtractionAnswer;
        try {
          answer = await runWorker<ExtractionAnswer>(workerUrl, request, {
            timeoutMs: options.timeoutMs,
            transfer: [copy.buffer],
          });
        } catch (err) {
          throw new ExtractionError(err instanceof WorkerTimeoutError ? 'timeout' : 'unreadable');
        }
        if (!answer.ok) throw new ExtractionError('unreadable');
        return { text: answer.text, truncated: answer.truncated };
      });
    },
  };
}

/** At most `size` tasks at once; the others wait in order. */
function createGate(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so no newcomer can slip in between.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
