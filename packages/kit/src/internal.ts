// Service-to-service ("internal") calls: the shared secret that guards them, the data-export route
// every service serves, and the client the auth service gathers a person's export with (ADR 17).
// Internal routes live outside /api/v1, so the gateway never routes a browser to them.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { defineRoute, type RouteDefinition, USER_ID_HEADER } from './route.ts';

/** The header that carries the shared secret of internal calls. */
export const INTERNAL_TOKEN_HEADER = 'x-innerview-internal-token';

/** The path of every service's data-export call. */
export const INTERNAL_EXPORT_PATH = '/internal/export';

/** `INTERNAL_TOKEN` in a service's config schema: blank is unset; a set value is long enough to guess at no cost. */
export const internalTokenSetting = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters');

/**
 * The internal-call secret of a service:
 * - `INTERNAL_TOKEN` when set (distributed runs: one value for every service);
 * - a PostgreSQL run without it has none (`undefined`): its internal routes answer 503, because a
 *   secret generated per replica would never match another service's;
 * - an embedded run (one data directory for all services) shares `<DATA_DIR>/shared/internal-token`
 *   (0600), written by whichever service starts first (the files service reads the same file);
 * - `memory://` (tests) gets a random one for the process unless given.
 */
export function internalTokenFor(config: {
  INTERNAL_TOKEN?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): string | undefined {
  if (config.INTERNAL_TOKEN) return config.INTERNAL_TOKEN;
  if (config.DATABASE_URL?.startsWith('postgres')) return undefined;
  return loadOrCreateInternalToken({
    dataDir: config.DATABASE_URL === 'memory://' ? undefined : config.DATA_DIR,
  });
}

/** The token file of an embedded run, or a random token without a data directory. */
export function loadOrCreateInternalToken(options: { value?: string; dataDir?: string }): string {
  if (options.value) return options.value;
  if (!options.dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, 'shared', 'internal-token');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when two services race on first start, one writes and the other reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < 32) throw new Error(`The internal token file ${file} is damaged: delete it and restart`);
  return token;
}

/** Constant-time comparison of a presented token with the expected one. */
export function internalTokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Throws the answer for a call without the right secret (401), or for a service that has none (503). */
export function requireInternalToken(presented: string | undefined, expected: string | undefined): void {
  if (expected === undefined)
    throw new HttpError(503, 'Internal calls are not configured (INTERNAL_TOKEN)', 'INTERNAL_CALLS_DISABLED');
  if (!internalTokenMatches(presented, expected)) throw new HttpError(401);
}

/**
 * `GET /internal/export` of a service: the person's data in that service, as one JSON object they
 * can read (decrypted, no secrets, no other person's data). `x-innerview-user-id` names the person;
 * a person the service does not know gets empty lists, not a 404.
 */
export function internalExportRoute(options: {
  /** The service's internal token (`internalTokenFor(config)`). */
  token: string | undefined;
  /** What the export holds, for the OpenAPI summary. */
  summary: string;
  exportUser(userId: string): Promise<Record<string, unknown>>;
}): RouteDefinition {
  return defineRoute({
    method: 'get',
    path: INTERNAL_EXPORT_PATH,
    summary: `Internal: ${options.summary}`,
    tags: ['internal'],
    auth: 'none',
    responses: {
      200: { description: "The person's data in this service" },
      401: { description: 'Missing or wrong internal token' },
      422: { description: 'x-innerview-user-id is not a uuid' },
      503: { description: 'INTERNAL_TOKEN is not configured' },
    },
    handler: async ({ req, res }) => {
      requireInternalToken(req.header(INTERNAL_TOKEN_HEADER), options.token);
      const userId = z.uuid().safeParse(req.header(USER_ID_HEADER));
      if (!userId.success)
        throw new HttpError(422, [
          { loc: ['header', USER_ID_HEADER], msg: 'must be a user id (uuid)', type: 'uuid' },
        ]);
      res.setHeader('Cache-Control', 'no-store');
      return options.exportUser(userId.data);
    },
  });
}

/** One service's part of a person's export: its data, or why it is missing. */
export type ExportSection =
  | { status: 'included'; data: Record<string, unknown> }
  | { status: 'unavailable'; reason: 'not_configured' | 'no_answer' | 'not_supported' | 'failed' };

/**
 * Asks one service for a person's export. Never throws: a service that is not configured, does not
 * answer within `timeoutMs`, has no export call yet (404) or fails gives an `unavailable` section.
 */
export async function fetchInternalExport(options: {
  /** The service's own base URL (not the gateway's); undefined when not configured. */
  baseUrl: string | undefined;
  token: string | undefined;
  userId: string;
  timeoutMs?: number;
}): Promise<ExportSection> {
  if (!options.baseUrl || !options.token) return { status: 'unavailable', reason: 'not_configured' };
  let response: Response;
  try {
    response = await fetch(new URL(INTERNAL_EXPORT_PATH, options.baseUrl), {
      headers: { [INTERNAL_TOKEN_HEADER]: options.token, [USER_ID_HEADER]: options.userId },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch {
    return { status: 'unavailable', reason: 'no_answer' };
  }
  try {
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return { status: 'unavailable', reason: 'not_supported' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { status: 'unavailable', reason: 'failed' };
    }
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { status: 'unavailable', reason: 'failed' };
    return { status: 'included', data: body as Record<string, unknown> };
  } catch {
    // A body cut off by the time-out, or not JSON.
    return { status: 'unavailable', reason: 'no_answer' };
  }
}
