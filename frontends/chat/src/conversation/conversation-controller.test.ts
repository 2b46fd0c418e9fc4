import { clearToken, createStore, DEFAULT_API_BASE, saveToken, setApiBase } from '@innerview/api-client';
import { installFakeFetch, jsonResponse } from '@innerview/api-client/testing/fake-fetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../chat-api.ts';
import type { CallContext, SendContext } from './call-context.ts';
import { ConversationController } from './conversation-controller.ts';

// The conversation without React: what the person would see (its messages, its phase, the
// announcement) as the server streams, drops, refuses or is stopped.

const S = 'session-1';
const OTHER = 'session-2';

/** A reply stream the test writes to piece by piece, then ends, cuts or fails. */
function liveStream() {
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const write = (text: string) => {
    try {
      writer.enqueue(encoder.encode(text));
    } catch {
      // Already cancelled by the reader (an abort): nothing more reaches it, as with a real socket.
    }
  };
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      writer = controller;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    /** The reader let go of the stream (an abort here; the server's own stream goes on). */
    abandoned: () => cancelled,
    piece: (id: number, content: string, sessionId = S) =>
      write(`id: ${id}\ndata: ${JSON.stringify({ session_id: sessionId, role: 'assistant', content })}\n\n`),
    done: () => write('data: [DONE]\n\n'),
    fail: () =>
      write('event: error\ndata: {"detail":"The coach could not answer","code":"SERVICE_UNAVAILABLE"}\n\n'),
    cut: () => writer.error(new TypeError('network connection was lost')),
  };
}

type LiveStream = ReturnType<typeof liveStream>;

/** The chat service: transcripts by session, and each stream opened (a send or a resume) in order. */
function fakeServer(transcripts: Record<string, TranscriptEntry[]> = {}, olderPagesWait?: Promise<void>) {
  const streams: LiveStream[] = [];
  const { requests } = installFakeFetch(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, '');
    if (path === '/chat/stream' || path.endsWith('/resume')) {
      const stream = liveStream();
      streams.push(stream);
      return stream.response;
    }
    if (path === '/chat/stop') return jsonResponse(200, { stopped: true });
    const transcript = /^\/chat-sessions\/([^/]+)\/transcript$/.exec(path);
    if (transcript) {
      // The service's paging: the newest `limit` messages, or those just before `before`.
      const all = transcripts[decodeURIComponent(transcript[1]!)] ?? [];
      const { searchParams } = new URL(request.url);
      const before = searchParams.get('before');
      if (before !== null) await olderPagesWait;
      const end = before === null ? all.length : all.findIndex((m) => m.id === before);
      return jsonResponse(200, all.slice(Math.max(0, end - Number(searchParams.get('limit'))), end));
    }
    return jsonResponse(404, { detail: 'Not Found' });
  });
  const calls = (suffix: string) => requests.filter((r) => new URL(r.url).pathname.endsWith(suffix));
  /** The nth stream opened, once it is. */
  const stream = (n: number) => vi.waitFor(() => streams[n] ?? Promise.reject(new Error(`no stream ${n}`)));
  return { requests, calls, stream };
}

function entry(
  id: string,
  role: TranscriptEntry['role'],
  content: string,
  more: Partial<TranscriptEntry> = {},
) {
  return {
    id,
    role,
    content,
    timestamp: '2026-05-01T10:00:00.000Z',
    hidden: false,
    ...more,
  } as TranscriptEntry;
}

const contexts = () => {
  const call: CallContext = { language: 'en', onSignedOut: vi.fn(), showSession: vi.fn() };
  const files = {
    attachments: [],
    clear: vi.fn(),
    uploadAll: async () => ({ fileIds: [], sessionId: null, sent: [] }),
  };
  const send: SendContext = { ...call, files, filesAttachedLabel: 'Files attached' };
  return { call, send, files };
};

const long = Array.from({ length: 120 }, (_, i) =>
  entry(`m-${String(i).padStart(4, '0')}`, i % 2 === 0 ? 'user' : 'assistant', `message ${i}`),
);

let detach = () => {};
function start(sessionId: string | null) {
  const controller = new ConversationController({
    dispatch: createStore().dispatch,
    sessionId,
    onMessageSent: () => {},
    reconnectBackoffMs: () => 0,
  });
  detach = controller.attach();
  controller.show(sessionId);
  const view = () => controller.getSnapshot().state;
  const texts = () => view().messages.map((m) => `${m.role}:${m.content}`);
  return { controller, view, texts };
}

beforeEach(() => {
  setApiBase(DEFAULT_API_BASE);
  saveToken('test-token', { rememberMe: true });
});
afterEach(() => {
  detach();
  clearToken();
  vi.unstubAllGlobals();
});

describe('ConversationController', () => {
  it('streams a reply piece by piece into a new chat, which becomes a session in the route', async () => {
    const server = fakeServer();
    const { controller, view, texts } = start(null);
    const { send, files } = contexts();

    const sent = controller.send('  Hello coach ', send);
    expect(texts()).toEqual(['user:Hello coach', 'assistant:']);
    expect(view().phase).toBe('sending');
    const reply = await server.stream(0);
    reply.piece(0, '');
    reply.piece(1, 'Hi ');
    reply.piece(2, 'Ada');
    await vi.waitFor(() => expect(texts()).toEqual(['user:Hello coach', 'assistant:Hi Ada']));
    expect(view()).toMatchObject({ phase: 'streaming', sessionId: S });
    expect(send.showSession).toHaveBeenCalledWith(S);

    reply.done();
    expect(await sent).toBe('sent');
    expect(view().phase).toBe('idle');
    expect(view().messages.at(-1)).toMatchObject({ isStreaming: true, failed: false });
    expect(controller.getSnapshot().announcement).toBe('announce.replyFinished');
    expect(files.clear).toHaveBeenCalled();
    expect(await server.calls('/chat/stream')[0]!.json()).toMatchObject({
      message: 'Hello coach',
      session_id: null,
      language: 'en',
    });
  });

  it('resumes a dropped stream after its last piece: the rest arrives, nothing twice', async () => {
    const server = fakeServer();
    const { controller, view, texts } = start(S);
    await vi.waitFor(() => expect(view().phase).toBe('idle'));

    const sent = controller.send('Tell me more', contexts().send);
    const first = await server.stream(0);
    first.piece(0, '');
    first.piece(1, 'Hello');
    first.piece(2, ' wor');
    await vi.waitFor(() => expect(texts().at(-1)).toBe('assistant:Hello wor'));
    first.cut();

    const resumed = await server.stream(1);
    expect(new URL(server.calls('/resume')[0]!.url).searchParams.get('after')).toBe('2');
    // The server replays from its buffer: piece 2 again, then the rest.
    resumed.piece(2, ' wor');
    resumed.piece(3, 'ld');
    resumed.done();
    await sent;
    expect(texts()).toEqual(['user:Tell me more', 'assistant:Hello world']);
    expect(view().messages.at(-1)?.failed).toBe(false);
    expect(server.calls('/resume')).toHaveLength(1);
  });

  it('follows a reply still being written when the session opens, from the piece the transcript holds', async () => {
    const server = fakeServer({
      [S]: [
        entry('u1', 'user', 'Hi'),
        entry('a1', 'assistant', 'Half a', { streaming: true, last_event_id: 3 }),
      ],
    });
    const { view, texts } = start(S);
    const resumed = await server.stream(0);
    expect(new URL(server.calls('/resume')[0]!.url).searchParams.get('after')).toBe('3');
    expect(view().phase).toBe('streaming');
    resumed.piece(3, ' answer');
    resumed.piece(4, ' answer');
    resumed.done();
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    expect(texts()).toEqual(['user:Hi', 'assistant:Half a answer']);
  });

  it('stops a reply: what was written stays, marked stopped, and the server is told to stop', async () => {
    const server = fakeServer();
    const { controller, view } = start(S);
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    const sent = controller.send('Go on', contexts().send);
    const reply = await server.stream(0);
    reply.piece(0, '');
    reply.piece(1, 'Partly');
    await vi.waitFor(() => expect(view().messages.at(-1)?.content).toBe('Partly'));

    controller.stop();
    await sent;
    expect(view().phase).toBe('idle');
    expect(view().messages.at(-1)).toMatchObject({
      content: 'Partly',
      stopped: true,
      isStreaming: false,
      failed: false,
    });
    expect(controller.getSnapshot().announcement).toBe('announce.replyStopped');
    await vi.waitFor(() => expect(server.calls('/chat/stop')).toHaveLength(1));
    expect(await server.calls('/chat/stop')[0]!.json()).toEqual({ session_id: S });
  });

  it('retries a failed message: its failed reply goes, the flag clears, the same text is sent again', async () => {
    const server = fakeServer();
    const { controller, view, texts } = start(S);
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    const { call, send } = contexts();
    const sent = controller.send('Are you there?', send);
    const refused = await server.stream(0);
    refused.piece(0, '');
    refused.fail();
    await sent;
    const [user, reply] = view().messages;
    expect(user).toMatchObject({ failed: true });
    expect(reply).toMatchObject({ failed: true, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(controller.getSnapshot().announcement).toBe('announce.replyFailed');

    const retried = controller.retry(user!.id, call);
    expect(view().messages).toHaveLength(2);
    expect(view().messages[0]).toMatchObject({ id: user!.id, failed: false });
    expect(view().messages[1]).toMatchObject({ content: '', isStreaming: true, failed: false });
    expect(view().messages[1]!.id).not.toBe(reply!.id);
    const answer = await server.stream(1);
    answer.piece(0, '');
    answer.piece(1, 'Yes.');
    answer.done();
    await retried;
    expect(texts()).toEqual(['user:Are you there?', 'assistant:Yes.']);
    const bodies = await Promise.all(server.calls('/chat/stream').map((r) => r.json()));
    expect(bodies.map((b) => b.message)).toEqual(['Are you there?', 'Are you there?']);
  });

  it('leaves a reply mid-stream when another session opens: its pieces go nowhere, the server keeps writing', async () => {
    const server = fakeServer({ [OTHER]: [entry('o1', 'user', 'Elsewhere')] });
    const { controller, view, texts } = start(S);
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    const sent = controller.send('First', contexts().send);
    const reply = await server.stream(0);
    reply.piece(0, '');
    reply.piece(1, 'Hal');
    await vi.waitFor(() => expect(texts().at(-1)).toBe('assistant:Hal'));

    controller.show(OTHER);
    await vi.waitFor(() => expect(reply.abandoned()).toBe(true));
    reply.piece(2, 'f');
    await sent;
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    expect(view().sessionId).toBe(OTHER);
    expect(texts()).toEqual(['user:Elsewhere']);
    expect(controller.getSnapshot().announcement).toBeNull();
    expect(server.calls('/chat/stop')).toHaveLength(0);
  });

  it('reads older pages through the transcript cache, and a reload starts again at the newest page', async () => {
    const server = fakeServer({ [S]: long });
    const { controller, view } = start(S);
    const pages = () => server.calls('/transcript').map((r) => new URL(r.url).searchParams.get('before'));
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    await controller.loadOlder();
    expect(view().messages[0]?.id).toBe('m-0020');
    expect(view().older).toBe('available');

    controller.reload();
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    expect(view().messages.map((m) => m.id)).toEqual(long.slice(-50).map((m) => m.id));
    await controller.loadOlder();
    await controller.loadOlder();
    expect(view().messages.map((m) => m.id)).toEqual(long.map((m) => m.id));
    expect(view().older).toBe('complete');
    expect(pages()).toEqual([null, 'm-0070', null, 'm-0070', 'm-0020']);
  });

  it("keeps its pages through StrictMode's unmount and mount", async () => {
    const server = fakeServer({ [S]: long });
    const controller = new ConversationController({ dispatch: createStore().dispatch, sessionId: S });
    const firstDetach = controller.attach();
    controller.show(S);
    // StrictMode runs the effects' cleanups and the effects again at once.
    firstDetach();
    detach = controller.attach();
    controller.show(S);
    await vi.waitFor(() => expect(controller.getSnapshot().state.phase).toBe('idle'));
    // After the cache's removal timer (0 s for transcripts, set at the release) would have run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await controller.loadOlder();
    expect(controller.getSnapshot().state.messages).toHaveLength(100);
    const calls = server.calls('/transcript').map((r) => new URL(r.url).searchParams.get('before'));
    expect(calls).toEqual([null, 'm-0070']);
  });

  it('starts again at the newest page when reloaded while an older page is being read: no gap after', async () => {
    let release = () => {};
    const server = fakeServer({ [S]: long }, new Promise((resolve) => (release = resolve)));
    const { controller, view } = start(S);
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    const older = controller.loadOlder();
    controller.reload();
    release();
    await older;
    await vi.waitFor(() => expect(view().phase).toBe('idle'));
    expect(view().messages.map((m) => m.id)).toEqual(long.slice(-50).map((m) => m.id));
    await controller.loadOlder();
    expect(view().messages.map((m) => m.id)).toEqual(long.slice(-100).map((m) => m.id));
    const asked = server.calls('/transcript').map((r) => new URL(r.url).searchParams.get('before'));
    expect(asked.at(-1)).toBe('m-0070');
  });
});
