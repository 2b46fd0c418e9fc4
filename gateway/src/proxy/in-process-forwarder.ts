import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { ServiceName } from '../domain/route-table.ts';
import { type Forwarder, forwardedRequestHeaders, isEventStream } from './forwarder.ts';

/** Each service's request handler (its Express app), running in the gateway's own process. */
export type InProcessServices = Record<ServiceName, RequestListener>;

/**
 * The embedded product's engine (ADR 26): the gateway and the six services share one process, so
 * a call is handed to the owning service's Express app with the client's own request and response
 * instead of being written to a loopback socket, parsed again by the service's HTTP server and its
 * answer parsed and copied back. Everything before the hand-over is the same as with the network
 * engines (route table, body limit, identity headers, token check, readiness gate, rate limit); the
 * service sees the same headers a proxied call carries, `x-forwarded-*` included. The services keep
 * listening on their own ports for the calls they make to each other.
 *
 * Network failures (a service down, silent past the time-out) do not exist here; a service's own
 * errors are answered by its own error handler, as when proxied.
 */
export function createInProcessForwarder(services: InProcessServices): Forwarder {
  return {
    forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): void {
      const forwarded = forwardedRequestHeaders(req);
      req.headers['x-forwarded-for'] = forwarded['x-forwarded-for'];
      req.headers['x-forwarded-proto'] = forwarded['x-forwarded-proto'];
      req.headers['x-forwarded-host'] = forwarded['x-forwarded-host'];
      // The service routes on the whole path, as a proxied call arrives (the gateway's routing may
      // have rewritten req.url on the way here).
      const originalUrl = (req as IncomingMessage & { originalUrl?: string }).originalUrl;
      if (originalUrl) req.url = originalUrl;
      markEventStreamsUnbuffered(res);
      services[service](req, res);
    },
    async close() {},
  };
}

/**
 * Server-sent events must not be held back by a buffering reverse proxy in front of the gateway
 * (nginx): the network engines add `x-accel-buffering: no` to every event stream they pass on, and
 * so does this one, just before the service's headers go out.
 */
function markEventStreamsUnbuffered(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((a): a is OutgoingHttpHeaders => typeof a === 'object' && a !== null);
    const type = headers?.['content-type'] ?? this.getHeader('content-type');
    if (isEventStream(type as string | undefined)) this.setHeader('x-accel-buffering', 'no');
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}
