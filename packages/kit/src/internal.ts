// Service-to-service ("internal") calls: the data-export route every service serves, and the client
// the auth service gathers a person's export with (ADR 17). Internal routes live outside /api/v1, so
// the gateway never routes a browser to them, and they are `auth: 'service'`: only a call another
// service signed (ADR 43) reaches them.
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { defineRoute, type RouteDefinition, USER_ID_HEADER } from './route.ts';
import type { CallSigner } from './trust.ts';

/** The path of every service's data-export call. */
export const INTERNAL_EXPORT_PATH = '/internal/export';

/**
 * `GET /internal/export` of a service: the person's data in that service, as one JSON object they
 * can read (decrypted, no secrets, no other person's data). The signed statement names the person;
 * a person the service does not know gets empty lists, not a 404.
 */
export function internalExportRoute(options: {
  /** What the export holds, for the OpenAPI summary. */
  summary: string;
  exportUser(userId: string): Promise<Record<string, unknown>>;
}): RouteDefinition {
  return defineRoute({
    method: 'get',
    path: INTERNAL_EXPORT_PATH,
    summary: `Internal: ${options.summary}`,
    tags: ['internal'],
    auth: 'service',
    responses: {
      200: { description: "The person's data in this service" },
      401: { description: 'The call is not signed by a service, or names nobody' },
      403: { description: 'Signed by the gateway: a browser may not make this call' },
      422: { description: 'The statement names no user id (uuid)' },
    },
    handler: async ({ userId, res }) => {
      if (!userId) throw new HttpError(401);
      if (!z.uuid().safeParse(userId).success)
        throw new HttpError(422, [
          { loc: ['header', USER_ID_HEADER], msg: 'must be a user id (uuid)', type: 'uuid' },
        ]);
      res.setHeader('Cache-Control', 'no-store');
      return options.exportUser(userId);
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
  /** The asking service's signer (`ctx.calls`). */
  calls: CallSigner;
  userId: string;
  timeoutMs?: number;
}): Promise<ExportSection> {
  if (!options.baseUrl) return { status: 'unavailable', reason: 'not_configured' };
  let response: Response;
  try {
    const url = new URL(INTERNAL_EXPORT_PATH, options.baseUrl);
    response = await fetch(url, {
      headers: options.calls.headers('GET', url, { userId: options.userId }),
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
