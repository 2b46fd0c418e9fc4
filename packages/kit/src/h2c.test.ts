import http2 from 'node:http2';
import net from 'node:net';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './http.ts';
import { type Listening, listen } from './lifecycle.ts';
import { createLogger } from './logger.ts';
import { defineRoute } from './route.ts';
import { gatewayHeaders } from './testing/signed-calls.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
const keys = { current: 'h2c-test-signing-key-0123456789-abcdef' };
const signed = (userId?: string, requestId?: string) =>
  gatewayHeaders(keys, 'POST', '/api/v1/echo', { userId, requestId });
const open: Listening[] = [];
const clients: http2.ClientHttp2Session[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of open.splice(0)) await server.stop(500);
});

async function start(): Promise<Listening> {
  return serve(
    createHttpApp({
      name: 'test',
      logger,
      isShuttingDown: () => false,
      readiness: {},
      trust: keys,
      routes: [
        defineRoute({
          method: 'post',
          path: '/api/v1/echo',
          summary: 'Echoes a note',
          auth: 'user',
          body: z.object({ note: z.string().min(1) }),
          status: 201,
          handler: async ({ body, userId }) => ({ note: body.note, userId }),
        }),
      ],
    }),
  );
}

async function serve(app: Express): Promise<Listening> {
  const listening = await listen(app, 0, '127.0.0.1');
  open.push(listening);
  return listening;
}

/** A stream written piece by piece, like a chat reply. */
function ticking(): Promise<Listening> {
  const app = express();
  app.get('/api/v1/ticks', (_req, res) => {
    res.status(200).setHeader('content-type', 'text/event-stream');
    res.flushHeaders();
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      res.write(`data: ${n}\n\n`);
      if (n === 3) {
        clearInterval(timer);
        res.end();
      }
    }, 20);
  });
  return serve(app);
}

function h2Request(
  client: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string; pieces: number }> {
  return new Promise((resolve, reject) => {
    const stream = client.request(headers);
    let text = '';
    let pieces = 0;
    let responseHeaders: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      responseHeaders = h;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      pieces += 1;
    });
    stream.on('end', () =>
      resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, text, pieces }),
    );
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('h2c beside HTTP/1.1 on one port', () => {
  it('answers HTTP/1.1 as before', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/api/v1/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed('user-1') },
      body: JSON.stringify({ note: 'over http/1.1' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ note: 'over http/1.1', userId: 'user-1' });
  });

  it('runs the same Express app for HTTP/2 streams: body, validation, identity, request id', async () => {
    const { url } = await start();
    const client = http2.connect(url);
    clients.push(client);
    const ok = await h2Request(
      client,
      {
        ':method': 'POST',
        ':path': '/api/v1/echo',
        'content-type': 'application/json',
        ...signed('user-2', 'req-42'),
      },
      JSON.stringify({ note: 'over h2c' }),
    );
    expect(ok.status).toBe(201);
    expect(JSON.parse(ok.text)).toEqual({ note: 'over h2c', userId: 'user-2' });
    expect(ok.headers['x-request-id']).toBe('req-42');

    const invalid = await h2Request(
      client,
      {
        ':method': 'POST',
        ':path': '/api/v1/echo',
        'content-type': 'application/json',
        ...signed('u'),
      },
      JSON.stringify({ note: '' }),
    );
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.text)).toHaveProperty('detail');

    const anonymous = await h2Request(
      client,
      { ':method': 'POST', ':path': '/api/v1/echo', 'content-type': 'application/json', ...signed() },
      JSON.stringify({ note: 'x' }),
    );
    expect(anonymous.status).toBe(401);
  });

  it('streams pieces as they are written, many streams on one connection', async () => {
    const { url } = await ticking();
    const client = http2.connect(url);
    clients.push(client);
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => h2Request(client, { ':method': 'GET', ':path': '/api/v1/ticks' })),
    );
    for (const s of streams) {
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toBe('text/event-stream');
      expect(s.text).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
      // Each piece arrived on its own, not buffered to the end.
      expect(s.pieces).toBe(3);
    }
  });

  it('stops with a session still open', async () => {
    const listening = await start();
    const client = http2.connect(listening.url);
    clients.push(client);
    await h2Request(client, { ':method': 'GET', ':path': '/livez' });
    const stopped = Date.now();
    await listening.stop(5_000);
    open.splice(open.indexOf(listening), 1);
    expect(Date.now() - stopped).toBeLessThan(2_000);
  });

  it('lets go of a connection that closes before its first byte', async () => {
    const listening = await start();
    const socket = net.connect(listening.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.end();
    await new Promise((resolve) => socket.once('close', resolve));
    const stopped = Date.now();
    await listening.stop(5_000);
    open.splice(open.indexOf(listening), 1);
    expect(Date.now() - stopped).toBeLessThan(2_000);
  });
});
