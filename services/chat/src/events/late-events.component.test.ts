import { randomUUID } from 'node:crypto';
import { answersSnapshotAad, type EventData, type EventType } from '@innerview/contracts';
import { parseKeyRing, sealPayload } from '@innerview/crypto';
import { createEvent, kitInbox } from '@innerview/kit';
import { eventually } from '@innerview/kit/testing/eventually';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findVerdict } from '../db/access.ts';
import { findProfile } from '../db/profiles.ts';
import { dataKeys } from '../db/schema.ts';
import { type ChatHarness, useChatHarness } from '../testing/chat-harness.ts';

// Events about a person that arrive after `auth.user.erased` (another topic, a retry, a replay from
// the dead letters) must not make chat hold a row naming them again (ADR 17).
let h: ChatHarness;
useChatHarness((harness) => {
  h = harness;
});

/** Publishes the events and waits until chat's inbox has taken every one of them. */
async function deliver(events: Array<{ type: EventType; data: EventData<EventType> }>) {
  const envelopes = events.map(({ type, data }) =>
    createEvent(type, (data as { userId: string }).userId, data as never, {
      occurredAt: h.clock.now().toISOString(),
    }),
  );
  await h.bus.publish(envelopes);
  const ids = envelopes.map((e) => e.id);
  await eventually(async () => {
    const rows = await h.service.ctx.db.select().from(kitInbox).where(inArray(kitInbox.eventId, ids));
    return rows.length === ids.length;
  });
}

/** Every event chat projects about a person, all stamped after the erasure. */
function lateEvents(userId: string) {
  const sealed = sealPayload(
    parseKeyRing({ name: 'EVENT_PAYLOAD_KEY', value: h.eventPayloadKey }),
    JSON.stringify({ answers: [{ questionKey: 'question_1', answerText: 'Late answer' }] }),
    answersSnapshotAad(userId),
  );
  const periodEnd = new Date(h.clock.now().getTime() + 30 * 86_400_000).toISOString();
  return [
    {
      type: 'billing.chat-access.changed',
      data: {
        userId,
        allowed: true,
        allowedUntil: periodEnd,
        reason: 'subscription_expired',
        access: 'full',
        trialTokensRemaining: null,
      },
    },
    { type: 'auth.settings.changed', data: { userId, language: 'de', theme: 'dark' } },
    {
      type: 'auth.user.registered',
      data: { userId, email: 'late@example.com', firstName: 'Late', language: 'fr' },
    },
    {
      type: 'questionnaire.answers.changed',
      data: { userId, revision: 7, submitted: true, sealedAnswers: sealed },
    },
  ] as Array<{ type: EventType; data: EventData<EventType> }>;
}

describe('events about a person arriving after their erasure', () => {
  it('change nothing: no access row, no profile, the data key stays destroyed', async () => {
    const erased = randomUUID();
    await h.subscribe(erased, 'monthly');
    await h.answers(erased, [{ questionKey: 'question_1', answerText: 'Calm mornings' }]);
    await deliver([{ type: 'auth.user.erased', data: { userId: erased } }]);
    expect(await findVerdict(h.service.ctx.db, erased)).toBeUndefined();
    expect(await findProfile(h.service.ctx.db, erased)).toBeUndefined();

    h.clock.advance(60_000);
    await deliver(lateEvents(erased));

    expect(await findVerdict(h.service.ctx.db, erased)).toBeUndefined();
    expect(await findProfile(h.service.ctx.db, erased)).toBeUndefined();
    const [key] = await h.service.ctx.db.select().from(dataKeys).where(eq(dataKeys.userId, erased));
    expect(key).toMatchObject({ wrappedKey: null, destroyedAt: expect.any(Date) });
  });

  it('still apply to a person who was not erased', async () => {
    const other = randomUUID();
    await deliver(lateEvents(other));
    expect(await findVerdict(h.service.ctx.db, other)).toMatchObject({ allowed: true, access: 'full' });
    expect(await findProfile(h.service.ctx.db, other)).toMatchObject({
      language: 'de',
      answersRevision: 7,
    });
  });
});
