import { Agent, request } from 'undici';

/** One client for every stream of the run: no cap on connections (each SSE stream holds one). */
export const clientAgent = new Agent({
  connections: null,
  keepAliveTimeout: 10_000,
  headersTimeout: 120_000,
  bodyTimeout: 120_000,
});

export interface StreamResult {
  /** Milliseconds from sending the request to the first word of the reply; null if none came. */
  firstTokenMs: number | null;
  ok: boolean;
}

/**
 * Sends one streamed request and reads it to its end, timing the first piece of text (`marker`,
 * the fake model's first word, in either wire format). `onOpen` fires at the first byte of the body.
 */
export async function timedStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  marker: string,
  signal?: AbortSignal,
  onOpen?: () => void,
): Promise<StreamResult> {
  const started = performance.now();
  let firstTokenMs: number | null = null;
  try {
    const response = await request(url, {
      method: 'POST',
      dispatcher: clientAgent,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    if (response.statusCode !== 200) {
      await response.body.text();
      return { firstTokenMs, ok: false };
    }
    let seen = '';
    let opened = false;
    for await (const chunk of response.body) {
      if (!opened) {
        opened = true;
        onOpen?.();
      }
      if (firstTokenMs === null) {
        seen += chunk.toString();
        if (seen.includes(marker)) firstTokenMs = performance.now() - started;
      }
    }
    return { firstTokenMs, ok: true };
  } catch {
    return { firstTokenMs, ok: signal?.aborted ?? false };
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
