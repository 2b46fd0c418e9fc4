import type { Request, Response, Router } from 'express';
import express from 'express';
import { z } from 'zod';
import { HttpError, zodFieldErrors } from './errors.ts';
import type { Logger } from './logger.ts';
import { type Caller, statementOf } from './trust.ts';

// Both are believed only because `trustMiddleware` verified the statement they are part of (ADR 43).
export { SESSION_ID_HEADER, USER_ID_HEADER } from './trust.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Set when `auth: 'user'`; the verified user's id. */
  userId: string;
  sessionId: string | undefined;
  /** Who signed the call: `gateway`, or the service that made it. */
  caller: Caller | undefined;
  req: Request;
  res: Response;
  log: Logger;
}

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface RouteDefinition<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express-style path, e.g. `/api/v1/chat-sessions/:id`. */
  path: string;
  summary: string;
  tags?: string[];
  /**
   * `user` (default): a signed user id is required. `none`: public (still signed by the gateway).
   * `service`: only another service may call it (`/internal/*`), never the gateway on a browser's behalf.
   * `gateway`: only the gateway's own call (`/internal/*`, which it never forwards, with no user).
   */
  auth?: 'user' | 'none' | 'service' | 'gateway';
  /** How the body arrives: JSON (default), an HTML form, or left untouched (`raw`) for the handler. */
  bodyType?: 'json' | 'form' | 'raw';
  body?: B;
  query?: Q;
  params?: P;
  /** Status of a successful answer (default 200). */
  status?: number;
  responses?: Record<number, ResponseSpec>;
  /**
   * Returns the JSON body to send, or `undefined` when the handler wrote the response itself
   * (streams, redirects, files).
   */
  handler: (ctx: RouteContext<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<unknown> | unknown;
}

/** Keeps the handler's parameter types inferred from the schemas. */
export function defineRoute<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
>(route: RouteDefinition<B, Q, P>): RouteDefinition<B, Q, P> {
  return route;
}

/** Objects reject unknown fields: a typo in a field name is a 422, not silently ignored. */
function strictIfObject(schema: z.ZodType | undefined): z.ZodType | undefined {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

const JSON_LIMIT = '1mb';

function isJsonContentType(req: Request): boolean {
  return (
    req.is(['application/json', 'application/*+json']) !== false &&
    req.is(['application/json', 'application/*+json']) !== null
  );
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Mounts routes on a router with body parsing, validation and the error shape. */
export function mountRoutes(router: Router, routes: RouteDefinition[], log: Logger): void {
  const json = express.json({
    limit: JSON_LIMIT,
    strict: true,
    type: ['application/json', 'application/*+json'],
  });
  const form = express.urlencoded({ limit: JSON_LIMIT, extended: false });
  for (const route of routes) {
    const body = strictIfObject(route.body);
    const query = route.query;
    const params = route.params;
    const parsers =
      route.bodyType === 'raw' ? [] : route.bodyType === 'form' ? [form] : route.body ? [json] : [];
    router[route.method](route.path, ...parsers, async (req, res, next) => {
      try {
        const statement = statementOf(req);
        const userId = statement?.userId;
        const auth = route.auth ?? 'user';
        if (auth === 'user' && !userId) throw new HttpError(401);
        if (auth === 'service' && (!statement || statement.caller === 'gateway'))
          throw new HttpError(403, 'Only another service may make this call', 'INTERNAL_CALL_ONLY');
        if (auth === 'gateway' && (statement?.caller !== 'gateway' || userId))
          throw new HttpError(403, 'Only the gateway may make this call', 'INTERNAL_CALL_ONLY');
        if (route.body && route.bodyType !== 'raw' && hasBody(req)) {
          const expected = route.bodyType === 'form' ? 'application/x-www-form-urlencoded' : null;
          const ok = expected ? req.is(expected) : isJsonContentType(req);
          if (!ok) throw new HttpError(415);
        }
        const parsedBody = body
          ? body.safeParse(req.body ?? {})
          : { success: true as const, data: undefined };
        if (!parsedBody.success) throw new HttpError(422, zodFieldErrors(parsedBody.error, 'body'));
        const parsedQuery = query ? query.safeParse(req.query) : { success: true as const, data: req.query };
        if (!parsedQuery.success) throw new HttpError(422, zodFieldErrors(parsedQuery.error, 'query'));
        const parsedParams = params
          ? params.safeParse(req.params)
          : { success: true as const, data: req.params };
        if (!parsedParams.success) throw new HttpError(422, zodFieldErrors(parsedParams.error, 'path'));
        const result = await route.handler({
          body: parsedBody.data,
          query: parsedQuery.data,
          params: parsedParams.data,
          userId: userId ?? '',
          sessionId: statement?.sessionId,
          caller: statement?.caller,
          req,
          res,
          log: (req as Request & { log?: Logger }).log ?? log,
        });
        if (result !== undefined && !res.headersSent) res.status(route.status ?? 200).json(result);
        else if (result === undefined && !res.headersSent && !res.writableEnded)
          res.status(route.status ?? 204).end();
      } catch (err) {
        next(err);
      }
    });
  }
}
