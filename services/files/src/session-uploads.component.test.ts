import { randomUUID } from 'node:crypto';
import { createEvent } from '@innerview/kit';
import { describe, expect, it } from 'vitest';
import { type FilesHarness, useFilesHarness } from './testing/harness.ts';

// Issue 18, item 5: an upload names a chat session; only the uploader's own session takes files.
// The files service asks chat (a fake here that checks the signature; the real pair is in chat's
// attachments integration test).
const STARTUP_MS = 60_000;
const note = [{ name: 'note.txt', bytes: Buffer.from('a note') }];

let h: FilesHarness;
useFilesHarness(
  (harness) => {
    h = harness;
  },
  {},
  STARTUP_MS,
);

const filesOf = async (userId: string) => (await h.call('GET', '/api/v1/files/', { userId })).body.files;

describe('uploads into a chat session', () => {
  it("stores into the uploader's own session, after asking chat with a call signed for them", async () => {
    const me = randomUUID();
    const session = randomUUID();
    h.chat.own(me, session);
    const answer = await h.upload(me, 'upload-multiple-to-session', note, { session_id: session });
    expect(answer.status).toBe(200);
    expect(answer.body.files[0].session_id).toBe(session);
    expect(h.chat.calls).toContain(`files ${me} /internal/chat-sessions/${session}`);
  });

  it("refuses another person's session with the same answer as an id that never existed, storing nothing", async () => {
    const victim = randomUUID();
    const attacker = randomUUID();
    const session = randomUUID();
    h.chat.own(victim, session);
    const foreign = await h.upload(attacker, 'upload-multiple-to-session', note, { session_id: session });
    const unknown = await h.upload(attacker, 'upload-multiple-to-session', note, {
      session_id: randomUUID(),
    });
    const single = await h.upload(attacker, 'upload', note, { session_id: session });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      detail: 'This chat session was not found: it may have been deleted. Start a new chat to attach files.',
      code: 'SESSION_NOT_FOUND',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(foreign.body);
    expect(single.status).toBe(404);
    expect(single.body).toEqual(foreign.body);
    expect(await filesOf(attacker)).toEqual([]);
    expect(await filesOf(victim)).toEqual([]);
  });

  it("does not tell apart another person's deleted session from an unknown one", async () => {
    const victim = randomUUID();
    const attacker = randomUUID();
    const session = randomUUID();
    h.chat.own(victim, session);
    expect((await h.upload(victim, 'upload-multiple-to-session', note, { session_id: session })).status).toBe(
      200,
    );
    await h.publish(createEvent('chat.session.deleted', victim, { userId: victim, sessionId: session }));
    await expect.poll(() => filesOf(victim), { timeout: 5000 }).toEqual([]);
    h.chat.forget(session);
    const deleted = await h.upload(attacker, 'upload-multiple-to-session', note, { session_id: session });
    const unknown = await h.upload(attacker, 'upload-multiple-to-session', note, {
      session_id: randomUUID(),
    });
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(unknown.body);
  });

  it('answers 503 and stores nothing while chat cannot be asked; uploads without a session still work', async () => {
    const me = randomUUID();
    const session = randomUUID();
    h.chat.own(me, session);
    h.chat.down = true;
    try {
      const answer = await h.upload(me, 'upload-multiple-to-session', note, { session_id: session });
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(await filesOf(me)).toEqual([]);
      const loose = await h.upload(me, 'upload-multiple-to-session', note);
      expect(loose.status).toBe(200);
      expect(loose.body.files[0].session_id).toBeNull();
    } finally {
      h.chat.down = false;
    }
  });
});
