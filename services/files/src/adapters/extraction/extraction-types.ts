import type { ExtractedText } from '../../domain/text.ts';

/** What the extraction worker is asked. */
export interface ExtractionRequest {
  kind: 'pdf' | 'docx';
  bytes: Uint8Array;
  maxPages: number;
  maxChars: number;
}

/** What the extraction worker answers. */
export type ExtractionAnswer = ({ ok: true } & ExtractedText) | { ok: false; error: string };
