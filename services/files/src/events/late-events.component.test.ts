import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@innerview/contracts';
import { createEvent, kitInbox } from '@innerview/kit';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedSessions } from '../db/schema.ts';
import { type FilesHarness, useFilesHarness } from '../testing/harness.ts';

// A `chat.session.deleted` about a person that arrives after `auth.user.erased` (another topic, a
// retry, a replay from the dead letters) must not make files hold a row naming them again (ADR 17).
let h: FilesHarness;
useFilesHarness((harness) => {
  h = harness;
});

/** Publishes the events and waits until the files service's inbox has taken every one of them. */
async function deliver(...events: EventEnvelope[]) {
  await h.bus.publish(events);
  const ids = events.map((e) => e.id);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await h.service.ctx.db.select().from(kitInbox).where(inArray(kitInbox.eventId, ids));
    if (rows.length === ids.length) return;
    if (Date.now() > deadline) throw new Error('the events were not consumed in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const deletedSessionsOf = (userId: string) =>
  h.service.ctx.db.select().from(deletedSessions).where(eq(deletedSessions.userId, userId));

describe('chat.session.deleted after the erasure', () => {
  it('records nothing about the erased person', async () => {
    const me = randomUUID();
    const sessionId = randomUUID();
    h.chat.own(me, sessionId);
    const upload = await h.upload(
      me,
      'upload-multiple-to-session',
      [{ name: 'a.txt', bytes: Buffer.from('a') }],
      {
        session_id: sessionId,
      },
    );
    expect(upload.status).toBe(200);
    await deliver(createEvent('auth.user.erased', me, { userId: me }));
    await deliver(createEvent('chat.session.deleted', me, { userId: me, sessionId }));
    expect(await deletedSessionsOf(me)).toEqual([]);
  });

  it('still records a deleted session of a person who was not erased', async () => {
    const other = randomUUID();
    const sessionId = randomUUID();
    await deliver(createEvent('chat.session.deleted', other, { userId: other, sessionId }));
    expect(await deletedSessionsOf(other)).toMatchObject([{ sessionId, userId: other }]);
  });
});
