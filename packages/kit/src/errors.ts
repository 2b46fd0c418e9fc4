import { defaultsForStatus, type ErrorBody, type FieldError } from '@innerview/contracts';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger.ts';
import { isDependencyUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable.ts';

/** Throw this from a handler to answer with a status and the spec's error shape. */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string | FieldError[];
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;
  constructor(
    status: number,
    detail?: string | FieldError[],
    code?: string,
    extra?: Record<string, unknown>,
  ) {
    const defaults = defaultsForStatus(status);
    const text = typeof detail === 'string' ? detail : defaults.message;
    super(text);
    this.status = status;
    this.detail = detail ?? defaults.message;
    this.code = code ?? defaults.code;
    this.extra = extra;
  }
}

/** `{ detail, code }` with docs/product.md#http-errors defaults for the status; `extra` adds fields (e.g. locked_until). */
export function errorBody(
  status: number,
  detail?: string | FieldError[],
  code?: string,
  extra?: Record<string, unknown>,
): ErrorBody {
  const defaults = defaultsForStatus(status);
  return { ...extra, detail: detail ?? defaults.message, code: code ?? defaults.code };
}

export function sendError(
  res: Response,
  status: number,
  detail?: string | FieldError[],
  code?: string,
): void {
  res.status(status).json(errorBody(status, detail, code));
}

/** A zod failure as the 422 field list; `where` is the first element of each `loc`. */
export function zodFieldErrors(error: ZodError, where: 'body' | 'query' | 'path'): FieldError[] {
  return error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

export const notFoundMiddleware: RequestHandler = (_req, res) => {
  sendError(res, 404);
};

/**
 * The last middleware of every app. Maps body-parser faults to 4xx, zod failures to 422 and
 * anything unexpected to a bare 500: no stack trace or internal message ever reaches a client.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json(errorBody(err.status, err.detail, err.code, err.extra));
      return;
    }
    if (err instanceof ZodError) {
      res.status(422).json(errorBody(422, zodFieldErrors(err, 'body')));
      return;
    }
    // body-parser raises errors with a status and a type.
    const status =
      typeof err?.status === 'number'
        ? err.status
        : typeof err?.statusCode === 'number'
          ? err.statusCode
          : 500;
    if (err?.type === 'entity.parse.failed') {
      res.status(400).json(errorBody(400, 'Malformed JSON body'));
      return;
    }
    if (err?.type === 'entity.too.large' || status === 413) {
      res.status(413).json(errorBody(413));
      return;
    }
    if (status === 415 || err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') {
      res.status(415).json(errorBody(415));
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json(errorBody(status));
      return;
    }
    if (isDependencyUnavailable(err)) {
      // The database or Redis is out of reach: a clean 503 the caller may retry, never a 500.
      logger.warn(
        { code: err?.code, reason: err?.cause?.message ?? err?.message, reqId: req.id },
        'dependency unavailable',
      );
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json(errorBody(503));
      return;
    }
    logger.error(
      { err: { name: err?.name, message: err?.message, stack: err?.stack }, reqId: req.id },
      'unhandled error',
    );
    res.status(500).json(errorBody(500));
  };
}
