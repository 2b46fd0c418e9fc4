// Trust between the gateway and the services (ADR 43). Whoever calls a service — the gateway for a
// browser, or another service — signs a short statement of the call with a key shared by the
// gateway and the services: HMAC-SHA256 over the method, the path, the person's id and session,
// the client's address, the request id, the caller's name and the time. A service believes the
// identity headers and the client address only when the statement verifies and is fresh.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { ConfigError, isPostgresUrl } from './config.ts';
import { sendError } from './errors.ts';

/** Set only from a signed statement: the person the call is for. */
export const USER_ID_HEADER = 'x-innerview-user-id';
/** The token's session id, for revocation and close-all; part of the statement. */
export const SESSION_ID_HEADER = 'x-innerview-session-id';
/** The client's address as the gateway determined it (its TRUST_PROXY setting applied). */
export const CLIENT_IP_HEADER = 'x-innerview-client-ip';
/** `v1.<caller>.<unix ms>.<base64url HMAC>`. */
export const SIGNATURE_HEADER = 'x-innerview-signature';
const REQUEST_ID_HEADER = 'x-request-id';

/** Every header a client must never choose: the gateway drops inbound copies of all of them. */
export const TRUSTED_HEADERS = [
  USER_ID_HEADER,
  SESSION_ID_HEADER,
  CLIENT_IP_HEADER,
  SIGNATURE_HEADER,
] as const;

/**
 * Who signed a call: `gateway` or a service's name. The kit knows no list of services; a name is
 * only checked for its form, and the signature (which covers it) is what makes it believable.
 */
export type Caller = string;
const CALLER_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * How old a statement may be. Calls are signed just before they are sent, so only a queue in front
 * of the service or clock skew between pods ages one; long enough for both, short enough that a
 * captured statement (which names one method and path) is soon worthless.
 */
export const MAX_AGE_MS = 30_000;
/** A caller's clock may run this far ahead of the service's. */
export const MAX_FUTURE_MS = 5_000;

/** The keys one process signs and verifies with: the current one, and the one being rotated out. */
export interface TrustKeys {
  current: string;
  previous?: string | undefined;
}

let processKey: string | undefined;

/**
 * The keys of a service:
 * - `INTERNAL_SIGNING_KEY` (and `INTERNAL_SIGNING_KEY_PREVIOUS`) when set — the distributed runs,
 *   one value shared by the gateway and every service; the embedded runner generates one per start;
 * - required with PostgreSQL: replicas with keys of their own could never call each other;
 * - otherwise (a service started alone on PGlite, tests) a random key for this process, so nobody
 *   outside the process can make a call that names a person.
 */
export function trustKeysFor(config: {
  INTERNAL_SIGNING_KEY?: string | undefined;
  INTERNAL_SIGNING_KEY_PREVIOUS?: string | undefined;
  DATABASE_URL?: string | undefined;
}): TrustKeys {
  if (config.INTERNAL_SIGNING_KEY)
    return { current: config.INTERNAL_SIGNING_KEY, previous: config.INTERNAL_SIGNING_KEY_PREVIOUS };
  if (isPostgresUrl(config.DATABASE_URL))
    throw new ConfigError(
      'Invalid configuration: INTERNAL_SIGNING_KEY: required with a PostgreSQL DATABASE_URL (the same value for the gateway and every service)',
    );
  processKey ??= randomBytes(32).toString('base64url');
  return { current: processKey };
}

/** What a signed call says about itself. */
export interface CallStatement {
  caller: Caller;
  userId?: string | undefined;
  sessionId?: string | undefined;
  clientIp?: string | undefined;
  requestId?: string | undefined;
}

export interface SignInput extends CallStatement {
  method: string;
  /** The path and query exactly as sent (`/api/v1/chat-sessions?limit=5`). */
  path: string;
  /** Unix ms; default now. */
  at?: number;
}

function canonical(input: SignInput & { at: number }): string {
  return [
    'innerview-call-v1',
    input.method.toUpperCase(),
    input.path,
    input.userId ?? '',
    input.sessionId ?? '',
    input.clientIp ?? '',
    input.requestId ?? '',
    input.caller,
    String(input.at),
  ].join('\n');
}

function mac(key: string, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** The headers that carry a signed statement: set them (and no other identity) on the outgoing call. */
export function signCall(key: string, input: SignInput): Record<string, string> {
  const at = input.at ?? Date.now();
  const signature = mac(key, canonical({ ...input, at })).toString('base64url');
  const headers: Record<string, string> = {
    [SIGNATURE_HEADER]: `v1.${input.caller}.${at}.${signature}`,
  };
  if (input.userId) headers[USER_ID_HEADER] = input.userId;
  if (input.sessionId) headers[SESSION_ID_HEADER] = input.sessionId;
  if (input.clientIp) headers[CLIENT_IP_HEADER] = input.clientIp;
  if (input.requestId) headers[REQUEST_ID_HEADER] = input.requestId;
  return headers;
}

export type VerifyResult =
  | { ok: true; statement: CallStatement & { signedAt: number } }
  | { ok: false; reason: 'unsigned' | 'malformed' | 'stale' | 'bad_signature' };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** Checks the statement carried by `headers` for a call of `method` on `path` at `now`. */
export function verifyCall(
  keys: TrustKeys,
  call: { method: string; path: string; headers: IncomingHttpHeaders },
  now: number = Date.now(),
): VerifyResult {
  const header = call.headers[SIGNATURE_HEADER];
  if (header === undefined) return { ok: false, reason: 'unsigned' };
  const parts = single(header)?.split('.');
  if (parts?.length !== 4 || parts[0] !== 'v1') return { ok: false, reason: 'malformed' };
  const [, caller, atText, presented] = parts as [string, string, string, string];
  if (!CALLER_NAME.test(caller) || !/^\d{1,15}$/.test(atText)) return { ok: false, reason: 'malformed' };
  const at = Number(atText);
  if (at < now - MAX_AGE_MS || at > now + MAX_FUTURE_MS) return { ok: false, reason: 'stale' };
  const fields = [USER_ID_HEADER, SESSION_ID_HEADER, CLIENT_IP_HEADER, REQUEST_ID_HEADER].map((h) => [
    h,
    call.headers[h],
  ]);
  // A repeated identity header could be read two ways: refuse it outright.
  if (fields.some(([, v]) => Array.isArray(v))) return { ok: false, reason: 'malformed' };
  const statement: CallStatement = {
    caller,
    userId: single(call.headers[USER_ID_HEADER]),
    sessionId: single(call.headers[SESSION_ID_HEADER]),
    clientIp: single(call.headers[CLIENT_IP_HEADER]),
    requestId: single(call.headers[REQUEST_ID_HEADER]),
  };
  const text = canonical({ ...statement, method: call.method, path: call.path, at });
  const given = Buffer.from(presented, 'base64url');
  for (const key of [keys.current, keys.previous]) {
    if (!key) continue;
    const expected = mac(key, text);
    if (given.length === expected.length && timingSafeEqual(given, expected))
      return { ok: true, statement: { ...statement, signedAt: at } };
  }
  return { ok: false, reason: 'bad_signature' };
}

const statements = new WeakMap<Request, CallStatement>();
const inboundRequestIds = new WeakMap<Request, string | undefined>();

/** Called by the request-id middleware before it replaces a missing or malformed id. */
export function rememberInboundRequestId(req: Request, id: string | undefined): void {
  inboundRequestIds.set(req, id);
}

/** The verified statement of a call that passed `trustMiddleware` (undefined on probe paths). */
export function statementOf(req: Request): CallStatement | undefined {
  return statements.get(req);
}

/**
 * Probes, scrapes, the API description and auth's public keys (the gateway's token check reads
 * them) stay open: they name nobody and change nothing.
 */
const openPaths = new Set(['/livez', '/readyz', '/metrics', '/openapi.json', '/.well-known/jwks.json']);

const refusals = {
  unsigned: 'This service answers only calls signed by the gateway or another service',
  malformed: 'The call signature is malformed',
  stale: 'The call signature has expired',
  bad_signature: 'The call signature does not match',
} as const;

/**
 * A service's first check: every call but the probes must carry a fresh statement signed with one
 * of `keys`; its client address becomes `req.ip` (never `X-Forwarded-For`).
 */
export function trustMiddleware(keys: TrustKeys): RequestHandler {
  return (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && openPaths.has(req.path)) {
      next();
      return;
    }
    const headers = inboundRequestIds.has(req)
      ? { ...req.headers, [REQUEST_ID_HEADER]: inboundRequestIds.get(req) }
      : req.headers;
    const result = verifyCall(keys, { method: req.method, path: req.originalUrl, headers });
    if (!result.ok) {
      req.log?.warn({ reason: result.reason }, 'unsigned or badly signed call refused');
      sendError(res, 401, refusals[result.reason], 'UNTRUSTED_CALL');
      return;
    }
    statements.set(req, result.statement);
    const ip = result.statement.clientIp ?? req.socket.remoteAddress;
    Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true });
    next();
  };
}

/** A service's way to sign the calls it makes to other services (its name as the caller). */
export interface CallSigner {
  caller: Caller;
  keys: TrustKeys;
  /** Headers for a call of `method` on `url` (a full URL or a path with query) on behalf of `identity`. */
  headers(
    method: string,
    url: string | URL,
    identity?: Omit<CallStatement, 'caller'>,
  ): Record<string, string>;
}

export function callSigner(caller: Caller, keys: TrustKeys): CallSigner {
  return {
    caller,
    keys,
    headers(method, url, identity = {}) {
      const parsed = typeof url === 'string' && url.startsWith('/') ? undefined : new URL(url);
      const path = parsed ? `${parsed.pathname}${parsed.search}` : (url as string);
      return signCall(keys.current, { ...identity, caller, method, path });
    },
  };
}
