// Tests that call a service directly sign like the gateway does (ADR 43): one helper for every
// harness, so no test sends an identity header the services would refuse.
import { randomBytes } from 'node:crypto';
import {
  type Caller,
  type CallStatement,
  CLIENT_IP_HEADER,
  SESSION_ID_HEADER,
  signCall,
  type TrustKeys,
  USER_ID_HEADER,
} from '../trust.ts';

/**
 * One `INTERNAL_SIGNING_KEY` for every service a test file starts (a PostgreSQL run needs one, and
 * services that call each other must share it), as a deployment shares one.
 */
export const testSigningKey = randomBytes(32).toString('base64url');

/** Anything that knows the keys: a running service (`service.ctx.calls`) or the keys themselves. */
export type KeySource = TrustKeys | { ctx: { calls: { keys: TrustKeys } } };

function keysOf(source: KeySource): TrustKeys {
  return 'ctx' in source ? source.ctx.calls.keys : source;
}

export interface AsGateway {
  /** The person the call is for (the gateway's verified token). */
  userId?: string | undefined;
  sessionId?: string | undefined;
  /** The client address the gateway would state (default 127.0.0.1). */
  clientIp?: string | undefined;
  /** Another signer than the gateway, e.g. `chat` for an internal call. */
  caller?: Caller;
  requestId?: string | undefined;
}

/** The headers the gateway would add to a call of `method` on `path` (path and query). */
export function gatewayHeaders(
  source: KeySource,
  method: string,
  path: string,
  as: AsGateway = {},
): Record<string, string> {
  const statement: CallStatement = {
    caller: as.caller ?? 'gateway',
    userId: as.userId,
    sessionId: as.sessionId,
    clientIp: as.clientIp ?? (as.caller && as.caller !== 'gateway' ? undefined : '127.0.0.1'),
    requestId: as.requestId,
  };
  return signCall(keysOf(source).current, { ...statement, method, path });
}

/** `fetch(base + path)` signed as the gateway signs, with `as` naming the person and address. */
export function fetchAsGateway(
  source: KeySource,
  base: string,
  path: string,
  init: RequestInit = {},
  as: AsGateway = {},
): Promise<Response> {
  const method = init.method ?? 'GET';
  const url = new URL(path, base);
  const signed = gatewayHeaders(source, method, `${url.pathname}${url.search}`, as);
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  return fetch(url, { ...init, headers });
}

/**
 * `fetch(url, init)` as the gateway would send it: identity headers the test put in `init.headers`
 * (`x-innerview-user-id`, `-session-id`, `-client-ip`) become the signed statement's. A drop-in for
 * `fetch` in harnesses that call a service directly.
 */
export function signedFetch(
  source: KeySource,
  url: string | URL,
  init: RequestInit & { caller?: Caller } = {},
): Promise<Response> {
  const target = new URL(url);
  const headers = new Headers(init.headers);
  const as: AsGateway = {
    userId: headers.get(USER_ID_HEADER) ?? undefined,
    sessionId: headers.get(SESSION_ID_HEADER) ?? undefined,
    clientIp: headers.get(CLIENT_IP_HEADER) ?? undefined,
    requestId: headers.get('x-request-id') ?? undefined,
    ...(init.caller ? { caller: init.caller } : {}),
  };
  const signed = gatewayHeaders(source, init.method ?? 'GET', `${target.pathname}${target.search}`, as);
  for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  const { caller: _caller, ...rest } = init;
  return fetch(target, { ...rest, headers });
}
