import { parentPort, workerData } from 'node:worker_threads';
import { extractDocxText } from './docx-extract.ts';
import type { ExtractionAnswer, ExtractionRequest } from './extraction-types.ts';
import { extractPdfText } from './pdf-extract.ts';

// Runs in a worker thread (see `text-extractor.ts`): one file, one answer, then terminated.
const request = workerData as ExtractionRequest;

async function extract(): Promise<ExtractionAnswer> {
  try {
    const result =
      request.kind === 'pdf'
        ? await extractPdfText(request.bytes, request.maxPages, request.maxChars)
        : await extractDocxText(request.bytes, request.maxChars);
    return { ok: true, ...result };
  } catch (err) {
    // The error's name only: its message could quote the document.
    return { ok: false, error: err instanceof Error ? err.name : 'Error' };
  }
}

parentPort?.postMessage(await extract());
