// Test-only: a fake Innerview API for the front ends' tests, answering by method and path.
import { installFakeFetch, jsonResponse } from './fake-fetch.ts';
import { responseSchemaOf } from './response-schemas.ts';

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
 * A successful answer is checked against the contract schema the real service answers with, so a
 * test cannot pass on a body the service would never send.
 */
export function fakeApi(routes: FakeRoute[]) {
  for (const route of routes) checkBody(route);
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

function checkBody(route: FakeRoute): void {
  const status = route.status ?? 200;
  if (status < 200 || status >= 300 || status === 204 || route.body === undefined) return;
  const checked = responseSchemaOf(route.method, route.path)?.safeParse(route.body);
  if (!checked || checked.success) return;
  const wrong = checked.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(body)'}: ${issue.message}`,
  );
  throw new Error(
    `fakeApi: the body for ${route.method} ${route.path} is not what the service sends:\n${wrong.join('\n')}`,
  );
}
