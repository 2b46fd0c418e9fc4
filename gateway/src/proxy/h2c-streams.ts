import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import type { ServiceName } from '../domain/route-table.ts';
import {
  answerUpstreamFailure,
  type ForwarderOptions,
  forwardedRequestHeaders,
  hopByHop,
  isEventStream,
  streamPool,
} from './forwarder.ts';

/** Forwards long-lived calls over HTTP/2 (h2c) where the service speaks it (ADR 21). */
export interface H2cStreams {
  /** Forwards the call and returns true, or returns false when it must go over HTTP/1.1. */
  forward(service: ServiceName, req: IncomingMessage, res: ServerResponse): boolean;
  close(): Promise<void>;
}

interface Upstream {
  /** unknown: not asked yet (or asked again after a failure); http1: the service has no h2c. */
  mode: 'unknown' | 'probing' | 'h2c' | 'http1';
  sessions: http2.ClientHttp2Session[];
  next: number;
  /** When an `http1` answer is asked again (a service may be upgraded without the gateway). */
  recheckAt: number;
}

const { NGHTTP2_CANCEL } = http2.constants;

/**
 * Streams share a few HTTP/2 connections to each service instead of holding one socket each, so
 * neither a pool limit nor the gateway's file limit caps how many are open at once. Whether a
 * service speaks h2c is learnt by connecting once (prior knowledge: the preface, then its SETTINGS);
 * until then, and for services without it, streams go over HTTP/1.1 without a connection cap.
 */
export function createH2cStreams(options: ForwarderOptions): H2cStreams {
  const { logger, timeoutMs } = options;
  const upstreams = new Map<ServiceName, Upstream>();
  let closed = false;

  function upstreamOf(service: ServiceName): Upstream {
    let u = upstreams.get(service);
    if (!u) {
      u = { mode: 'unknown', sessions: [], next: 0, recheckAt: 0 };
      upstreams.set(service, u);
    }
    return u;
  }

  function connect(service: ServiceName, u: Upstream): void {
    const session = http2.connect(options.upstreams[service], {
      settings: { enablePush: false, initialWindowSize: 1 << 20 },
    });
    let ready = false;
    session.once('remoteSettings', () => {
      ready = true;
      // One paused stream (a slow client) must not hold the connection's window for all the others.
      session.setLocalWindowSize(1 << 30);
      u.mode = 'h2c';
      u.sessions.push(session);
      if (u.sessions.length < streamPool.h2cConnections) connect(service, u);
    });
    session.on('error', () => {});
    const drop = () => {
      u.sessions = u.sessions.filter((s) => s !== session);
      if (!ready) {
        // No h2c here (or the service is down): HTTP/1.1 now, asked again later.
        u.mode = u.sessions.length > 0 ? 'h2c' : 'http1';
        u.recheckAt = Date.now() + streamPool.h2cRecheckMs;
      } else if (u.sessions.length === 0 && !closed) u.mode = 'unknown';
    };
    session.once('close', drop);
    session.once('goaway', () => {
      u.sessions = u.sessions.filter((s) => s !== session);
      if (u.sessions.length === 0 && u.mode === 'h2c' && !closed) u.mode = 'unknown';
    });
    session.unref();
  }

  function send(
    service: ServiceName,
    session: http2.ClientHttp2Session,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const headers: OutgoingHttpHeaders = { ...forwardedRequestHeaders(req) };
    headers[':method'] = req.method ?? 'GET';
    headers[':path'] = req.url ?? '/';
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: false });
    } catch (err) {
      answerUpstreamFailure(res, 503, { logger, service, req, reason: (err as Error).name });
      return;
    }
    let timedOut = false;
    let clientGone = false;
    stream.setTimeout(timeoutMs, () => {
      timedOut = true;
      stream.close(NGHTTP2_CANCEL);
    });
    res.once('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      if (!stream.closed) stream.close(NGHTTP2_CANCEL);
    });
    let answered = false;
    stream.on('response', (incoming) => {
      answered = true;
      const status = Number(incoming[':status']);
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(incoming)) {
        if (value !== undefined && !name.startsWith(':') && !hopByHop.has(name)) out[name] = value;
      }
      const eventStream = isEventStream(incoming['content-type']);
      if (eventStream) out['x-accel-buffering'] = 'no';
      res.writeHead(status, out);
      if (eventStream) res.flushHeaders();
    });
    stream.on('data', (chunk: Buffer) => {
      if (!res.write(chunk)) {
        stream.pause();
        res.once('drain', () => stream.resume());
      }
    });
    // A stream cut before its answer also ends: that is a failure, left to 'close'.
    stream.on('end', () => {
      if (answered) res.end();
    });
    stream.on('error', () => {});
    stream.on('close', () => {
      if (clientGone || res.writableEnded) return;
      const status = timedOut ? 504 : 503;
      const reason = timedOut ? 'timeout' : `h2 stream closed (${stream.rstCode})`;
      answerUpstreamFailure(res, status, { logger, service, req, reason });
    });
    req.pipe(stream);
  }

  return {
    forward(service, req, res) {
      if (closed) return false;
      const u = upstreamOf(service);
      if (u.mode === 'h2c') {
        const live = u.sessions.filter((s) => !s.closed && !s.destroyed);
        if (live.length > 0) {
          u.next = (u.next + 1) % live.length;
          send(service, live[u.next]!, req, res);
          return true;
        }
        u.mode = 'unknown';
      }
      if (u.mode === 'unknown' || (u.mode === 'http1' && Date.now() >= u.recheckAt)) {
        u.mode = 'probing';
        connect(service, u);
      }
      return false;
    },
    async close() {
      closed = true;
      for (const u of upstreams.values()) for (const session of u.sessions) session.destroy();
      upstreams.clear();
    },
  };
}
