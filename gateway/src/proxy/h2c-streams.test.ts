import { type Listening, listen } from '@innerview/kit/lifecycle';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test-support/fake-upstreams.ts';

/** A chat-like service on the kit's listener (HTTP/1.1 and h2c on one port) that records each call. */
async function startStreamingService() {
  const calls: Array<{ path: string; httpVersion: string; body: unknown; forwardedFor: unknown }> = [];
  let closedEarly = 0;
  const app = express();
  app.use(express.json());
  const stream = (req: express.Request, res: express.Response) => {
    calls.push({
      path: req.path,
      httpVersion: req.httpVersion,
      body: req.body,
      forwardedFor: req.headers['x-forwarded-for'],
    });
    res.status(200).setHeader('content-type', 'text/event-stream');
    res.flushHeaders();
    res.write('data: first\n\n');
    // Ends after `pieces` (query), or never: then only the client leaving ends it.
    const pieces = Number(req.query.pieces ?? 0);
    let sent = 1;
    let ended = false;
    const timer = setInterval(() => {
      res.write('data: more\n\n');
      sent += 1;
      if (pieces > 0 && sent >= pieces) {
        clearInterval(timer);
        ended = true;
        res.end('data: [DONE]\n\n');
      }
    }, 40);
    res.on('close', () => {
      clearInterval(timer);
      // (Over HTTP/2, `writableFinished` is also true for a stream the client cancelled.)
      if (!ended) closedEarly += 1;
    });
  };
  app.post('/api/v1/chat/stream', stream);
  app.get('/api/v1/chat/stream/:id/resume', stream);
  app.get('/api/v1/chat/sessions', (req, res) => {
    calls.push({ path: req.path, httpVersion: req.httpVersion, body: null, forwardedFor: null });
    res.json([]);
  });
  const listening: Listening = await listen(app, 0, '127.0.0.1');
  return { url: listening.url, calls, closedEarly: () => closedEarly, stop: () => listening.stop(200) };
}

async function readStream(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
}

/** Opens `count` streams that do not end; resolves when each has its first event, with an abort. */
async function openStreams(url: string, count: number) {
  const controller = new AbortController();
  const firsts = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"message":"hi"}',
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      return new TextDecoder().decode(value);
    }),
  );
  return { firsts, abort: () => controller.abort() };
}

let gateway: TestGateway | undefined;
let service: Awaited<ReturnType<typeof startStreamingService>> | undefined;
afterEach(async () => {
  await gateway?.stop();
  await service?.stop();
  gateway = undefined;
  service = undefined;
});

describe('long-lived streams', () => {
  it('go over HTTP/2 once the service is known to speak h2c; ordinary calls stay on HTTP/1.1', async () => {
    service = await startStreamingService();
    gateway = await startTestGateway({}, { chat: service.url });
    const url = `${gateway.url}/api/v1/chat/stream?pieces=3`;
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello there', session_id: null }),
    };
    // The first one goes while the gateway asks the service whether it speaks h2c.
    await expect
      .poll(
        async () => {
          const answer = await readStream(url, init);
          expect(answer).toEqual({
            status: 200,
            text: 'data: first\n\ndata: more\n\ndata: more\n\ndata: [DONE]\n\n',
          });
          return service!.calls.at(-1)!.httpVersion;
        },
        { timeout: 15_000 },
      )
      .toBe('2.0');
    const viaH2 = service.calls.at(-1)!;
    expect(viaH2.body).toEqual({ message: 'Hello there', session_id: null });
    expect(viaH2.forwardedFor).toMatch(/127\.0\.0\.1/);

    const resumed = await readStream(`${gateway.url}/api/v1/chat/stream/s1/resume?pieces=2`, {
      method: 'GET',
    });
    expect(resumed.text).toBe('data: first\n\ndata: more\n\ndata: [DONE]\n\n');
    expect(service.calls.at(-1)).toMatchObject({ path: '/api/v1/chat/stream/s1/resume', httpVersion: '2.0' });

    expect((await fetch(`${gateway.url}/api/v1/chat/sessions`)).status).toBe(200);
    expect(service.calls.at(-1)).toMatchObject({ path: '/api/v1/chat/sessions', httpVersion: '1.1' });
  });

  it('hold more streams at once than the pool has connections, and end them when clients leave', async () => {
    service = await startStreamingService();
    gateway = await startTestGateway({}, { chat: service.url });
    await readStream(`${gateway.url}/api/v1/chat/stream?pieces=1`, { method: 'POST' });
    const streams = await openStreams(`${gateway.url}/api/v1/chat/stream`, 300);
    expect(streams.firsts.every((first) => first.startsWith('data: first'))).toBe(true);
    expect(service.calls.filter((c) => c.httpVersion === '2.0').length).toBeGreaterThanOrEqual(300);
    streams.abort();
    await expect.poll(() => service!.closedEarly(), { timeout: 5_000 }).toBe(300);
  });

  it('to a service without h2c, still hold more streams than the pool has connections', async () => {
    gateway = await startTestGateway();
    gateway.upstreams.chat.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    };
    const streams = await openStreams(`${gateway.url}/api/v1/chat/stream`, 300);
    expect(streams.firsts.every((first) => first.startsWith('data: first'))).toBe(true);
    streams.abort();
    await expect.poll(() => gateway!.upstreams.chat.aborted.length, { timeout: 5_000 }).toBe(300);
  });

  it('answers 504 when the service stays silent, 503 when it is gone', async () => {
    const silent = express();
    silent.post('/api/v1/chat/stream', () => {});
    const silentService = await listen(silent, 0, '127.0.0.1');
    try {
      gateway = await startTestGateway({ upstreamTimeoutMs: 300 }, { chat: silentService.url });
      // The first call asks for h2c; later ones are over it.
      await expect
        // Each try waits out the 300 ms time-out; on a busy CI machine a try alone can pass 1 s.
        .poll(async () => (await fetch(`${gateway!.url}/api/v1/chat/stream`, { method: 'POST' })).status, {
          timeout: 15_000,
        })
        .toBe(504);
      const again = await fetch(`${gateway.url}/api/v1/chat/stream`, { method: 'POST' });
      expect(again.status).toBe(504);
      expect(await again.json()).toHaveProperty('detail');
    } finally {
      await silentService.stop(100);
    }
    const gone = await fetch(`${gateway.url}/api/v1/chat/stream`, { method: 'POST' });
    expect(gone.status).toBe(503);
  });
});
