import { vi } from 'vitest';

export type Responder = (request: Request, call: number) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that never answers until the request is aborted (then it rejects like fetch does). */
export const hangingResponder: Responder = (request) =>
  new Promise<Response>((_resolve, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });

/**
 * Replaces the global fetch with `responder` and records every request as a `Request`, however it
 * was called (RTK passes a Request; apiFetch passes url and init).
 */
export function installFakeFetch(responder: Responder) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    requests.push(request);
    return responder(request, requests.length);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
