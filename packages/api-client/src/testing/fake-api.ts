// Test-only: a fake Innerview API for the front ends' tests, answering by method and path.
import { installFakeFetch, jsonResponse } from './fake-fetch.ts';

export type FakeRoute = {
  method: string;
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Answers by method and path (after /api/v1), in the order given for repeated calls of one route
 * (the last answer repeats); anything else is a 404. Records every request; `calls` picks them out.
 */
export function fakeApi(routes: FakeRoute[]) {
  const served = new Map<string, number>();
  const fake = installFakeFetch((request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    const key = `${request.method} ${path}`;
    const matching = routes.filter((r) => `${r.method} ${r.path}` === key);
    if (matching.length === 0) return jsonResponse(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    const index = Math.min(served.get(key) ?? 0, matching.length - 1);
    served.set(key, index + 1);
    const route = matching[index]!;
    // A 204 has no body (a Response refuses one).
    const body = route.status === 204 ? undefined : (route.body ?? {});
    return jsonResponse(route.status ?? 200, body, route.headers);
  });
  const calls = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && new URL(r.url).pathname === `/api/v1${path}`);
  return { ...fake, calls };
}
