import type { Logger } from '@innerview/kit/logger';
import { loggableUrl } from '@innerview/kit/logger';
import type { RequestHandler, Response } from 'express';

const probes = /^\/(livez|readyz|metrics)$/;

/** Marks a response as answered by a service, for the access log and the metrics. */
export function markProxied(res: Response, service: string): void {
  res.locals.upstream = service;
}

/**
 * One line per request, without the query string or e-mail addresses. A proxied request that the
 * service answered below 500 is logged at debug only: the service logs it itself under the same
 * request id, and a second info line per call would double the log volume for nothing.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (probes.test(req.path)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const upstream = res.locals.upstream as string | undefined;
      const status = res.statusCode;
      const level = status >= 500 || !res.writableFinished ? 'warn' : upstream ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: req.headers['x-request-id'],
          method: req.method,
          url: loggableUrl(req.originalUrl),
          status,
          upstream,
          ms: Math.round(performance.now() - started),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    next();
  };
}
