import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake model answers one streamed call. */
export type FakeBehaviour =
  | {
      kind: 'stream';
      pieces: string[];
      /** Pause before each piece (fixed token timing). */
      delayMs?: number;
      /** Pause before the response headers. */
      firstDelayMs?: number;
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
    }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Some pieces, then the connection is destroyed without an end. */
  | { kind: 'broken'; pieces: string[]; delayMs?: number }
  /** Some pieces, then an `error` object inside the stream. */
  | { kind: 'stream-error'; pieces: string[]; message?: string }
  /** Headers, then nothing more: a stalled stream. */
  | { kind: 'stall'; pieces?: string[] };

/** How the fake model answers one non-streamed call (titles, the crisis check). */
export type FakePlainBehaviour =
  | { kind: 'answer'; text: string; delayMs?: number }
  | { kind: 'error'; status: number; message?: string };

export interface FakeCall {
  body: { model?: string; messages?: Array<{ role: string; content: string }>; stream?: boolean } & Record<
    string,
    unknown
  >;
  authorization: string | undefined;
  /** Set when the client went away before the answer ended (an aborted call). */
  aborted: boolean;
  finished: boolean;
  /**
   * For a streamed call: how many calls had arrived when its first piece was sent, so a test can
   * tell the calls that came before the first word from those after it.
   */
  callsAtFirstPiece?: number;
}

export interface FakeOpenAiServer {
  /** `http://127.0.0.1:<port>/v1`: the OpenAI base URL to configure. */
  baseUrl: string;
  calls: FakeCall[];
  /** Streamed calls take these in order; when empty, `fallback`. */
  queue: FakeBehaviour[];
  fallback: FakeBehaviour;
  /** The non-streamed answer (session titles). */
  titleText: string;
  /** Non-streamed calls take these in order; when empty, they answer `titleText`. */
  plainQueue: FakePlainBehaviour[];
  /**
   * Asked first for each non-streamed call: its answer, or undefined for the queue. Tells calls
   * apart that may come in either order (the crisis check and the title).
   */
  plainFor: ((call: FakeCall) => FakePlainBehaviour | undefined) | null;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol: streamed chunks
 * (`data: {...}` lines, a usage chunk when `stream_options.include_usage`, `data: [DONE]`), errors,
 * slow, stalled and broken streams; and plain answers for non-streamed calls. Used by the adapter's
 * tests and by the chat benchmark as the model with fixed token timing.
 */
export async function startFakeOpenAi(options: { fallback?: FakeBehaviour } = {}): Promise<FakeOpenAiServer> {
  const state = {
    calls: [] as FakeCall[],
    queue: [] as FakeBehaviour[],
    fallback: options.fallback ?? ({ kind: 'stream', pieces: ['Hello', ' there', '.'] } as FakeBehaviour),
    titleText: 'A fake title',
    plainQueue: [] as FakePlainBehaviour[],
    plainFor: null as FakeOpenAiServer['plainFor'],
  };
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const call: FakeCall = {
      body: JSON.parse(await readBody(req)),
      authorization: req.headers.authorization,
      aborted: false,
      finished: false,
    };
    state.calls.push(call);
    res.on('close', () => {
      if (!res.writableFinished) call.aborted = true;
    });
    const model = String(call.body.model ?? 'fake-model');
    if (!call.body.stream) {
      const plain = state.plainFor?.(call) ??
        state.plainQueue.shift() ?? { kind: 'answer', text: state.titleText };
      if (plain.kind === 'error') {
        res.writeHead(plain.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: plain.message ?? 'fake failure', type: 'server_error' } }),
        );
        call.finished = true;
        return;
      }
      if (plain.delayMs) await sleep(plain.delayMs);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-title',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: plain.text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 30, completion_tokens: 5, total_tokens: 35 },
        }),
      );
      call.finished = true;
      return;
    }
    const behaviour = state.queue.shift() ?? state.fallback;
    if (behaviour.kind === 'error') {
      res.writeHead(behaviour.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: behaviour.message ?? 'fake failure', type: 'server_error' } }),
      );
      call.finished = true;
      return;
    }
    if (behaviour.kind === 'stream' && behaviour.firstDelayMs) await sleep(behaviour.firstDelayMs);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const id = `chatcmpl-${state.calls.length}`;
    const send = (data: unknown) => {
      if (!res.destroyed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    };
    send(chunk(id, model, { role: 'assistant', content: '' }));
    const pieces = 'pieces' in behaviour ? (behaviour.pieces ?? []) : [];
    const delayMs = 'delayMs' in behaviour ? (behaviour.delayMs ?? 0) : 0;
    for (const piece of pieces) {
      if (delayMs > 0) await sleep(delayMs);
      if (res.destroyed) return;
      call.callsAtFirstPiece ??= state.calls.length;
      send(chunk(id, model, { content: piece }));
    }
    switch (behaviour.kind) {
      case 'broken':
        // Let the pieces leave first, then cut the connection without an end.
        await sleep(30);
        res.destroy();
        return;
      case 'stall':
        return;
      case 'stream-error':
        send({ error: { message: behaviour.message ?? 'fake stream failure', type: 'server_error' } });
        res.end();
        return;
      case 'stream': {
        send(chunk(id, model, {}, 'stop'));
        const usage =
          behaviour.usage === undefined
            ? { prompt_tokens: 100, completion_tokens: pieces.length }
            : behaviour.usage;
        const wantsUsage = (call.body.stream_options as { include_usage?: boolean } | undefined)
          ?.include_usage;
        if (usage && wantsUsage)
          send({
            id,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          });
        res.write('data: [DONE]\n\n');
        res.end();
        call.finished = true;
      }
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return state.calls;
    },
    get queue() {
      return state.queue;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(value: FakeBehaviour) {
      state.fallback = value;
    },
    get plainQueue() {
      return state.plainQueue;
    },
    get plainFor() {
      return state.plainFor;
    },
    set plainFor(value: FakeOpenAiServer['plainFor']) {
      state.plainFor = value;
    },
    get titleText() {
      return state.titleText;
    },
    set titleText(value: string) {
      state.titleText = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
