import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@innerview/contracts';
import { createEvent } from '@innerview/kit';
import { useStarted } from '@innerview/kit/testing/use-started';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sentMail } from './db/schema.ts';
import { sendMailJobName } from './jobs/send-mail.ts';
import { eventually, sealedForTest } from './testing/helpers.ts';
import {
  type DistributedNotificationsHarness,
  startDistributedNotificationsHarness,
} from './testing/notifications-harness.ts';

/**
 * Distributed mode end to end, on the real servers: an auth event on the Redis bus goes through the
 * inbox on PostgreSQL into a BullMQ job that sends over SMTP to a server started here. Each run has
 * its own database and Redis prefix, so parallel runs and other services never see its events.
 */
describe('mail delivery in distributed mode (PostgreSQL, Redis bus, BullMQ, SMTP)', () => {
  let h: DistributedNotificationsHarness;
  useStarted(
    () =>
      startDistributedNotificationsHarness({
        jobs: 'bullmq',
        // Production requires its secrets (packages/kit/src/production.ts): the harnesses give the
        // signing key and the key of auth's sealed link tokens, web push its VAPID pair.
        env: { NODE_ENV: 'production', MAIL_RETRY_BACKOFF_MS: '50' },
      }),
    (harness) => {
      h = harness;
    },
  );

  const publish = async <T extends EventType>(type: T, data: EventData<T> & { userId: string }) => {
    const event = createEvent(type, data.userId, data);
    await h.bus.publish([event]);
    return event;
  };
  const rowsOf = (userId: string) =>
    h.service.ctx.db.select().from(sentMail).where(eq(sentMail.userId, userId));

  it('sends the reset mail over SMTP and records it without the address', async () => {
    const userId = randomUUID();
    await publish('auth.password-reset.requested', {
      userId,
      email: 'elena@example.ch',
      firstName: 'Elena',
      language: 'es',
      sealedToken: sealedForTest('auth.password-reset.requested', userId, 'reset-token-1'),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });

    const mail = await eventually(
      () => h.smtp.received.find((m) => m.envelopeTo.includes('elena@example.ch')),
      20_000,
    );
    expect(mail.subject).toBe('Restablece tu contraseña de Innerview');
    expect(mail.text).toContain('https://app.innerview.ch/reset-password?token=reset-token-1');
    expect(mail.html).toContain('href="https://app.innerview.ch/reset-password?token=reset-token-1"');

    const [row] = await eventually(async () => {
      const rows = await rowsOf(userId);
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ template: 'password-reset', language: 'es', status: 'sent', attempts: 1 });
    expect(JSON.stringify(row)).not.toContain('elena@');
    expect(row?.id).toBe(mail.headers.get('x-innerview-mail-id'));
  });

  it('retries through the job queue while the SMTP server refuses, then delivers once', async () => {
    const userId = randomUUID();
    h.smtp.refuseNext(2);
    const refusedBefore = h.smtp.refused();
    const consumedBefore = h.bus.metrics.consumed;
    const event = await publish('auth.verification.requested', {
      userId,
      email: 'noah@example.ch',
      firstName: 'Noah',
      language: 'de',
      sealedToken: sealedForTest('auth.verification.requested', userId, 'verify-token-1'),
      expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    await h.bus.publish([event]); // redelivered: must not make a second mail

    const mail = await eventually(
      () => h.smtp.received.find((m) => m.envelopeTo.includes('noah@example.ch')),
      20_000,
    );
    expect(h.smtp.refused() - refusedBefore).toBe(2);
    expect(mail.subject).toBe('Willkommen bei Innerview – bitte bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain('https://app.innerview.ch/auth/verification-success?token=verify-token-1');

    const [row] = await eventually(async () => {
      const rows = await rowsOf(userId);
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ template: 'verification', status: 'sent', attempts: 3 });
    // Both deliveries are handled (a second send-mail job would be added there) and none waits: a
    // duplicate would have been queued by then, and the mail id is the same, so it would be sent again.
    await eventually(async () => {
      const waiting = (await h.jobs.depth())[sendMailJobName] ?? 0;
      return h.bus.metrics.consumed >= consumedBefore + 2 && waiting === 0;
    });
    expect(h.smtp.received.filter((m) => m.envelopeTo.includes('noah@example.ch'))).toHaveLength(1);
    expect(await rowsOf(userId)).toHaveLength(1);
  });
});
