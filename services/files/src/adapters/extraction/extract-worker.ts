import { parentPort, workerData } from 'node:worker_threads';
import type { ExtractionAnswer, ExtractionRequest } from './extraction-types.ts';

// Runs in a worker thread (see `text-extractor.ts`): one file, one answer, then terminated.
// Only the one reader this file needs is loaded (pdf.js takes 70–160 ms to load).
const request = workerData as ExtractionRequest;

async function extract(): Promise<ExtractionAnswer> {
  try {
    const result =
      request.kind === 'pdf'
        ? await (await import('./pdf-extract.ts')).extractPdfText(
            request.bytes,
            request.maxPages,
            request.maxChars,
          )
        : await (await import('./docx-extract.ts')).extractDocxText(request.bytes, request.maxChars);
    return { ok: true, ...result };
  } catch (err) {
    // The error's name only: its message could quote the document.
    return { ok: false, error: err instanceof Error ? err.name : 'Error' };
  }
}

parentPort?.postMessage(await extract());
