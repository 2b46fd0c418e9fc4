import { sendError } from '@innerview/kit/errors';
import type { Logger } from '@innerview/kit/logger';
import { traceForwardedCall } from '@innerview/kit/tracing';
import { signCall, TRUSTED_HEADERS } from '@innerview/kit/trust';
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
  /** `INTERNAL_SIGNING_KEY`: every forwarded call carries a statement signed with it (ADR 43). */
  signingKey: string;
}

/**
 * Forwards `/api/v1/<prefix>/…` to the owning service with the path unchanged and the body untouched
 * (never parsed here). Identity headers are the gateway's alone: any inbound copy (and any inbound
 * signature) is dropped, and the call goes on with a statement signed by the gateway that names the
 * user the `authenticate` hook vouches for (if any), the client's address and the request id.
 */
export function createProxyRoute(options: ProxyRouteOptions): RequestHandler {
  const { forwarder, authenticate, maxBodyBytes, logger, observe, gate, signingKey } = options;
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
    for (const header of TRUSTED_HEADERS) delete req.headers[header];
    if (gate && !gate.isOpen(service)) {
      res.setHeader('retry-after', '5');
      sendError(res, 503);
      return;
    }
    let identity: AuthenticatedUser | undefined;
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
      if (user) identity = user;
    }
    // Signed last, just before the call leaves: the statement's clock starts here.
    Object.assign(
      req.headers,
      signCall(signingKey, {
        caller: 'gateway',
        method: req.method,
        path: req.originalUrl,
        userId: identity?.userId,
        sessionId: identity?.sessionId,
        // Express applied TRUST_PROXY: this is the client as far as the gateway can tell.
        clientIp: req.ip ?? req.socket.remoteAddress,
        requestId: req.headers['x-request-id'] as string | undefined,
      }),
    );
    markProxied(res, service);
    if (observe) {
      const started = process.hrtime.bigint();
      res.once('close', () => {
        observe(service, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      });
    }
    traceForwardedCall(req, res, service, () => forwarder.forward(service, req, res));
  };
}
