import { sendError } from '@innerview/kit/errors';
import type { Logger } from '@innerview/kit/logger';
import { SESSION_ID_HEADER, USER_ID_HEADER } from '@innerview/kit/route';
import type { RequestHandler } from 'express';
import { markProxied } from '../access-log.ts';
import { type ServiceName, serviceForPath } from '../domain/route-table.ts';
import type { Authenticate, AuthenticatedUser } from '../options.ts';
import type { Forwarder } from '../proxy/forwarder.ts';
import type { ReadinessGate } from '../readiness-gate.ts';

export interface ProxyRouteOptions {
  forwarder: Forwarder;
  authenticate?: Authenticate;
  maxBodyBytes: number;
  logger: Logger;
  observe?: (service: ServiceName, status: number, seconds: number) => void;
  /** Refuses calls to a service that is known not to be ready. */
  gate?: ReadinessGate;
}

/**
 * Forwards `/api/v1/<prefix>/…` to the owning service with the path unchanged and the body untouched
 * (never parsed here). Identity headers are the gateway's alone: any inbound copy is dropped, and
 * only a user the `authenticate` hook vouches for is passed on.
 */
export function createProxyRoute(options: ProxyRouteOptions): RequestHandler {
  const { forwarder, authenticate, maxBodyBytes, logger, observe, gate } = options;
  return async (req, res, next) => {
    const service = serviceForPath(req.path);
    if (!service) {
      next();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      res.setHeader('connection', 'close');
      sendError(res, 413);
      return;
    }
    delete req.headers[USER_ID_HEADER];
    delete req.headers[SESSION_ID_HEADER];
    if (gate && !gate.isOpen(service)) {
      res.setHeader('retry-after', '5');
      sendError(res, 503);
      return;
    }
    if (authenticate) {
      let user: AuthenticatedUser | null;
      try {
        user = await authenticate(req);
      } catch (err) {
        // The token could not be checked at all (keys or revocation store unreachable): a 503, so the
        // client keeps its session, rather than passing the call on anonymously and earning a 401.
        logger.warn(
          { err: { name: (err as Error)?.name }, reqId: req.headers['x-request-id'], upstream: service },
          'token check unavailable',
        );
        sendError(res, 503);
        return;
      }
      if (user) {
        req.headers[USER_ID_HEADER] = user.userId;
        if (user.sessionId) req.headers[SESSION_ID_HEADER] = user.sessionId;
      }
    }
    markProxied(res, service);
    if (observe) {
      const started = process.hrtime.bigint();
      res.once('close', () => {
        observe(service, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      });
    }
    forwarder.forward(service, req, res);
  };
}
