import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@innerview/contracts';
import { createEvent, kitInbox } from '@innerview/kit';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '../adapters/mail/mail-transport.ts';
import { markErased } from '../db/erased.ts';
import { sentMail } from '../db/schema.ts';
import { sendMailHandler, sendMailJobName } from '../jobs/send-mail.ts';
import { capturingLogger, eventually, openForTest, sealedForTest } from '../testing/helpers.ts';
import { type NotificationsHarness, startNotificationsHarness } from '../testing/notifications-harness.ts';

// Events about a person that arrive after `auth.user.erased` (another topic, a retry, a replay from
// the dead letters), and mail jobs still running at the erasure, must neither mail them (but for
// the erasure confirmation they are owed) nor leave a `sent_mail` row naming them (ADR 17).
let h: NotificationsHarness;
beforeAll(async () => {
  h = await startNotificationsHarness();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const event = <T extends EventType>(type: T, userId: string, data: EventData<T>) =>
  createEvent(type, userId, data) as EventEnvelope;

/** Publishes the events and waits until the service's inbox has taken every one of them. */
async function deliver(...events: EventEnvelope[]) {
  await h.publish(...events);
  const ids = events.map((e) => e.id);
  await eventually(
    async () =>
      (await h.service.ctx.db.select().from(kitInbox).where(inArray(kitInbox.eventId, ids))).length ===
      ids.length,
  );
}

const rowsOf = (userId: string) =>
  h.service.ctx.db.select().from(sentMail).where(eq(sentMail.userId, userId));

const facts = (userId: string, email: string) => ({
  userId,
  email,
  firstName: 'Mia',
  language: 'de' as const,
});

describe('events about an erased person', () => {
  it('send no billing or auth mail and record nothing', async () => {
    const me = randomUUID();
    const to = `late.${me.slice(0, 8)}@example.ch`;
    await deliver(event('auth.user.erased', me, { userId: me }));
    await deliver(
      event('billing.payment.failed', me, {
        ...facts(me, to),
        plan: 'monthly',
        amountMinor: 1900,
        currency: 'CHF',
        accessUntil: '2026-12-01',
      }),
      event('auth.password-reset.requested', me, {
        ...facts(me, to),
        sealedToken: sealedForTest('auth.password-reset.requested', me, 'late-token'),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    );
    // The welcome mail of someone else, queued after, shows that the mail jobs have run.
    const other = randomUUID();
    const otherTo = `other.${other.slice(0, 8)}@example.ch`;
    await deliver(
      event('auth.verification.requested', other, {
        ...facts(other, otherTo),
        sealedToken: sealedForTest('auth.verification.requested', other, 'tok'),
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    );
    await eventually(async () => (await h.mailsTo(otherTo)).length === 1);
    expect(await h.mailsTo(to)).toEqual([]);
    expect(await rowsOf(me)).toEqual([]);
  });

  it('still send the erasure confirmation when it comes after the erasure, and record nothing', async () => {
    const me = randomUUID();
    const to = `confirm.${me.slice(0, 8)}@example.ch`;
    await deliver(event('auth.user.erased', me, { userId: me }));
    await deliver(
      event('auth.user.erasure-confirmation', me, {
        ...facts(me, to),
        deletedAt: '2026-08-01T10:00:00.000Z',
      }),
    );
    const [mail] = await eventually(async () => {
      const mails = await h.mailsTo(to);
      return mails.length > 0 && mails;
    });
    expect(mail?.to).toBe(to);
    expect(await rowsOf(me)).toEqual([]);
  });
});

describe('a mail job that runs after the erasure', () => {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      sent.push(mail);
      return { sentAt: new Date().toISOString() };
    },
    close() {},
  };
  const job = (userId: string, request: Record<string, unknown>) => ({
    name: sendMailJobName,
    attempt: 1,
    data: { mailId: randomUUID(), eventId: randomUUID(), userId, to: 'job@example.ch', request },
  });

  it('drops an ordinary mail and sends the confirmation, recording neither', async () => {
    const me = randomUUID();
    await markErased(h.service.ctx.db, me);
    const handler = sendMailHandler({
      db: h.service.ctx.db,
      transport,
      log: capturingLogger().log,
      openToken: openForTest,
      settings: {
        appUrl: 'http://localhost:8080',
        supportEmail: 'support@innerview.ch',
        from: 'x@innerview.ch',
      },
    });
    await handler(
      job(me, {
        template: 'password-changed',
        language: 'en',
        firstName: 'Mia',
        changedAt: '2026-11-21T10:00:00.000Z',
      }) as never,
    );
    expect(sent).toEqual([]);
    await handler(
      job(me, {
        template: 'account-erased',
        language: 'en',
        firstName: 'Mia',
        deletedAt: '2026-08-01T10:00:00.000Z',
      }) as never,
    );
    expect(sent.map((m) => m.to)).toEqual(['job@example.ch']);
    expect(await rowsOf(me)).toEqual([]);
  });
});
