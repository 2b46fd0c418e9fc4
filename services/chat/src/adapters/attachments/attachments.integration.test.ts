import { randomUUID } from 'node:crypto';
import { parseAttachmentNote } from '@innerview/contracts/chat-attachments';
import { generateKeyText } from '@innerview/crypto';
import { createEventBus, type EventBus } from '@innerview/kit';
import { createTestDatabase, redisUrl } from '@innerview/kit/testing/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The files service's own test helpers: the real service, called as the gateway calls it.
import { makePdf, makePng } from '../../../../files/src/testing/fixtures.ts';
import { eventually, type FilesHarness, startFilesHarness } from '../../../../files/src/testing/harness.ts';
import { type ChatHarness, startChatHarness } from '../../testing/chat-harness.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '../../testing/fake-openai-server.ts';
import { readSse, replyText } from '../../testing/sse-client.ts';

// Chat and files side by side, each on its own PostgreSQL database, one Redis Streams bus between
// them, one signing key for their calls (ADR 43), and the fake OpenAI server as the coach model: what the model
// receives is what the person's files put in its context.
const INTERNAL_SIGNING_KEY = `chat-files-${randomUUID()}`;
const PDF_TEXT = 'I have worked ten years as a night nurse and I dream of teaching children';

let databases: Array<{ url: string; drop(): Promise<void> }> = [];
let bus: EventBus;
let files: FilesHarness;
let chat: ChatHarness;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  databases = [await createTestDatabase('iv_chatfiles_files'), await createTestDatabase('iv_chatfiles_chat')];
  bus = await createEventBus({
    kind: 'redis',
    redisUrl: redisUrl(),
    prefix: `test-chatfiles-${randomUUID()}`,
  });
  files = await startFilesHarness({
    bus,
    // Files asks this chat service whose sessions are whose (it starts after files, as embedded).
    chatUrl: () => chat?.url,
    env: { DATABASE_URL: databases[0]!.url, MASTER_KEY: generateKeyText(1), INTERNAL_SIGNING_KEY },
  });
  fake = await startFakeOpenAi();
  chat = await startChatHarness({
    bus,
    env: {
      DATABASE_URL: databases[1]!.url,
      MASTER_KEY: generateKeyText(),
      EVENT_PAYLOAD_KEY: generateKeyText(),
      INTERNAL_SIGNING_KEY,
      FILES_URL: files.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseUrl,
    },
  });
});

afterAll(async () => {
  await chat?.stop();
  await files?.stop().catch(() => {});
  await fake?.close();
  await bus?.close();
  for (const database of databases) await database.drop();
});

async function subscribedUser(): Promise<string> {
  const userId = randomUUID();
  await chat.subscribe(userId, 'monthly');
  return userId;
}

async function uploadPdf(userId: string, sessionId?: string): Promise<string> {
  const answer = await files.upload(
    userId,
    'upload-multiple-to-session',
    [{ name: 'career-notes.pdf', bytes: makePdf([PDF_TEXT]) }],
    sessionId ? { session_id: sessionId } : {},
  );
  expect(answer.status).toBe(200);
  return answer.body.files[0].id;
}

const send = (userId: string, body: Record<string, unknown>) =>
  chat.call('POST', '/api/v1/chat/stream', { session_id: null, ...body }, { userId });

/** The system prompt of the model's latest streamed call. */
const lastSystemPrompt = () =>
  String(fake.calls.filter((c) => c.body.stream).at(-1)?.body.messages?.[0]?.content);

describe('attachments: chat reads the files service', () => {
  it("puts a PDF's text in the coach's context, and keeps only its name in the conversation", async () => {
    const userId = await subscribedUser();
    const fileId = await uploadPdf(userId);
    const response = await send(userId, { message: 'What do you make of my notes?', file_ids: [fileId] });
    expect(response.status).toBe(200);
    const events = await readSse(response);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(replyText(events)).toBe('Hello there.');
    const sessionId = JSON.parse(events[0]!.data).session_id as string;

    const system = lastSystemPrompt();
    expect(system).toContain('<attachment name="career-notes.pdf">');
    expect(system).toContain(PDF_TEXT);

    // The transcript: a hidden note naming the file just before the visible message, no contents.
    const transcript = (await (
      await chat.call('GET', `/api/v1/chat-sessions/${sessionId}/transcript`, undefined, { userId })
    ).json()) as Array<{ role: string; content: string; hidden: boolean }>;
    expect(transcript.map((e) => [e.role, e.hidden])).toEqual([
      ['user', true],
      ['user', false],
      ['assistant', false],
    ]);
    expect(parseAttachmentNote(transcript[0]!.content)).toEqual([
      // The size too: a reloaded conversation shows the chip as it was sent.
      { id: fileId, name: 'career-notes.pdf', type: 'application/pdf', size: makePdf([PDF_TEXT]).length },
    ]);
    expect(JSON.stringify(transcript)).not.toContain('night nurse');

    // The file, uploaded before the chat had an id, now belongs to it.
    const listed = await files.call('GET', `/api/v1/files/?session_id=${sessionId}`, { userId });
    expect(listed.body.files.map((f: { id: string }) => f.id)).toEqual([fileId]);

    // A later turn: the model sees the note in the history (the name), not the text again.
    const calls = fake.calls.length;
    const next = await readSse(await send(userId, { message: 'And what now?', session_id: sessionId }));
    expect(next.at(-1)?.data).toBe('[DONE]');
    const later = fake.calls.slice(calls).find((c) => c.body.stream)!;
    const history = JSON.stringify(later.body.messages);
    expect(history).toContain('career-notes.pdf');
    expect(history).not.toContain('night nurse');
  });

  it("refuses another person's file and a file of another session, before the model is asked", async () => {
    const owner = await subscribedUser();
    const stranger = await subscribedUser();
    const fileId = await uploadPdf(owner);
    const calls = fake.calls.length;

    const foreign = await send(stranger, { message: 'Read this', file_ids: [fileId] });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: 'NOT_FOUND' });

    // The owner's file bound to one session cannot be sent in another.
    const first = await readSse(await send(owner, { message: 'First chat', file_ids: [fileId] }));
    const firstSession = JSON.parse(first[0]!.data).session_id as string;
    const second = await readSse(await send(owner, { message: 'Second chat' }));
    const secondSession = JSON.parse(second[0]!.data).session_id as string;
    expect(secondSession).not.toBe(firstSession);
    const elsewhere = await send(owner, { message: 'Again', session_id: secondSession, file_ids: [fileId] });
    expect(elsewhere.status).toBe(422);
    expect(await elsewhere.json()).toMatchObject({ code: 'FILE_NOT_IN_SESSION' });

    // Only the two accepted sends reached the model (each with its title call or not): never the refused.
    const streamed = fake.calls.slice(calls).filter((c) => c.body.stream);
    expect(streamed).toHaveLength(2);
    expect(JSON.stringify(streamed[1]!.body.messages)).not.toContain('night nurse');
  });

  it("lets a person upload into their own chat session only: another's, a deleted and an unknown id get one answer", async () => {
    const owner = await subscribedUser();
    const stranger = await subscribedUser();
    const events = await readSse(await send(owner, { message: 'Hello' }));
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    const note = [{ name: 'note.txt', bytes: Buffer.from('a note') }];
    const own = await files.upload(owner, 'upload-multiple-to-session', note, { session_id: sessionId });
    expect(own.status).toBe(200);
    expect(own.body.files[0].session_id).toBe(sessionId);

    const foreign = await files.upload(stranger, 'upload-multiple-to-session', note, {
      session_id: sessionId,
    });
    const unknown = await files.upload(stranger, 'upload-multiple-to-session', note, {
      session_id: randomUUID(),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      detail: expect.stringContaining('not found'),
      code: 'SESSION_NOT_FOUND',
    });
    expect(unknown.status).toBe(foreign.status);
    expect(unknown.body).toEqual(foreign.body);
    expect((await files.call('GET', '/api/v1/files/', { userId: stranger })).body.files).toEqual([]);

    // Once the owner deleted the session, the stranger's answer is still the same.
    expect(
      (await chat.call('DELETE', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId: owner })).status,
    ).toBe(200);
    await eventually(
      async () => (await files.call('GET', '/api/v1/files/', { userId: owner })).body.files.length === 0,
    );
    const afterDeletion = await files.upload(stranger, 'upload-multiple-to-session', note, {
      session_id: sessionId,
    });
    expect(afterDeletion.status).toBe(404);
    expect(afterDeletion.body).toEqual(foreign.body);
    const ownDeleted = await files.upload(owner, 'upload-multiple-to-session', note, {
      session_id: sessionId,
    });
    expect(ownDeleted.body).toEqual(foreign.body);
  });

  it('tells a model without image input that it cannot see the attached image', async () => {
    const userId = await subscribedUser();
    const upload = await files.upload(userId, 'upload-multiple-to-session', [
      { name: 'my-desk.png', bytes: makePng() },
      { name: 'career-notes.pdf', bytes: makePdf([PDF_TEXT]) },
    ]);
    expect(upload.status).toBe(200);
    const ids = upload.body.files.map((f: { id: string }) => f.id);
    const events = await readSse(
      // Far below the safety threshold (0.38): what is tested is the attachments, not the care reply.
      await send(userId, { message: 'A photo of my desk and my career notes', file_ids: ids }),
    );
    expect(events.at(-1)?.data).toBe('[DONE]');
    const call = fake.calls.filter((c) => c.body.stream).at(-1)!;
    expect(lastSystemPrompt()).toContain('images you cannot see: "my-desk.png"');
    expect(lastSystemPrompt()).toContain(PDF_TEXT);
    // No image parts go to a model that does not accept them.
    expect(typeof call.body.messages!.at(-1)!.content).toBe('string');
  });

  it("removes the session's files when the chat session is removed", async () => {
    const userId = await subscribedUser();
    const fileId = await uploadPdf(userId);
    const events = await readSse(await send(userId, { message: 'Notes', file_ids: [fileId] }));
    const sessionId = JSON.parse(events[0]!.data).session_id as string;
    expect((await files.call('GET', `/api/v1/files/${fileId}`, { userId })).status).toBe(200);
    const removed = await chat.call('DELETE', `/api/v1/chat-sessions/${sessionId}`, undefined, { userId });
    expect(removed.status).toBe(200);
    await eventually(
      async () => (await files.call('GET', `/api/v1/files/${fileId}`, { userId })).status === 404,
    );
  });

  // Last: it stops the files service.
  it('still answers when the files service is down, telling the model the files could not be read', async () => {
    const userId = await subscribedUser();
    const fileId = await uploadPdf(userId);
    await files.stop();
    const response = await send(userId, { message: 'Did you read my notes?', file_ids: [fileId] });
    expect(response.status).toBe(200);
    const events = await readSse(response);
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(replyText(events)).toBe('Hello there.');
    expect(lastSystemPrompt()).toContain('could not be read just now');
    expect(lastSystemPrompt()).not.toContain('<attachment name=');
  });
});
