import { randomUUID } from 'node:crypto';
import type { EventData } from '@innerview/contracts';
import { generateKeyText } from '@innerview/crypto';
import { createEvent } from '@innerview/kit';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { queueReminder } from './actions/queue-reminder.ts';
import type { ReceivedPush } from './adapters/push/local-push-service.ts';
import type { StoredSubscription } from './adapters/push/send-push.ts';
import { pushSubscriptions, sentPush } from './db/schema.ts';
import { capturingLogger, eventually } from './testing/helpers.ts';
import { type NotificationsHarness, startNotificationsHarness } from './testing/notifications-harness.ts';

/**
 * Web push on PostgreSQL (docs/product.md#reminders): the routes with their checks and ownership,
 * the trial reminder really delivered to the local stand-in push service and decrypted there, a
 * device the push service reports gone (410) forgotten and the mail sent instead, the erasure.
 */
describe('web push reminders (PostgreSQL, local stand-in push service)', { timeout: 30_000 }, () => {
  const vapid = webpush.generateVAPIDKeys();
  const captured = capturingLogger();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let h: NotificationsHarness;
  let pushService: string;

  beforeAll(async () => {
    database = await createTestDatabase('iv_notifications_push');
    h = await startNotificationsHarness({
      env: {
        DATABASE_URL: database.url,
        MASTER_KEY: generateKeyText(1),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:push-test@innerview.ch',
      },
      logger: captured.log,
    });
    pushService = (await h.call('GET', '/dev/push-service')).body.url;
  });

  afterAll(async () => {
    await h?.stop();
    await database?.drop();
  });

  const call = (userId: string | undefined, method: string, route: string, body?: unknown) =>
    h.request(method, route, { ...(userId ? { userId } : {}), body });
  const newDevice = async (): Promise<StoredSubscription & { expirationTime: null }> =>
    (await fetch(`${pushService}/subscriptions`, { method: 'POST' })).json() as never;
  const deviceId = (sub: StoredSubscription) => sub.endpoint.slice(sub.endpoint.lastIndexOf('/') + 1);
  const received = async (sub: StoredSubscription) =>
    (await (await fetch(`${pushService}/messages?subscription=${deviceId(sub)}`)).json()) as ReceivedPush[];
  const trialEnding = async (userId: string, email: string, language: 'fr' | 'de' = 'fr') => {
    const data: EventData<'billing.trial.ending'> = {
      userId,
      email,
      firstName: 'Léa',
      language,
      trialEnd: '2026-12-01T00:00:00.000Z',
      tokensRemaining: 1200,
    };
    const event = createEvent('billing.trial.ending', userId, data);
    await h.publish(event);
    return event;
  };
  const pushRow = (eventId: string) =>
    h.service.ctx.db.select().from(sentPush).where(eq(sentPush.eventId, eventId));

  it('gives the VAPID public key to anyone', async () => {
    const res = await call(undefined, 'GET', '/api/v1/push/key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ public_key: vapid.publicKey });
  });

  it('refuses what is not a push subscription on an https push service', async () => {
    const userId = randomUUID();
    const good = await newDevice();
    const cases: unknown[] = [
      { ...good, endpoint: 'http://push.example.ch/abc' },
      { ...good, endpoint: 'http://127.0.0.1:9/push/abc' },
      { ...good, endpoint: 'ftp://push.example.ch/abc' },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } },
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } },
      { ...good, extra: true },
    ];
    for (const body of cases) {
      const res = await call(userId, 'POST', '/api/v1/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await call(undefined, 'POST', '/api/v1/push/subscriptions', good)).status).toBe(401);
    const https = { ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' };
    expect((await call(userId, 'POST', '/api/v1/push/subscriptions', https)).status).toBe(201);
  });

  it('keeps a device encrypted, one row per device, and lets only its owner remove it', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const sub = await newDevice();
    const first = await call(ana, 'POST', '/api/v1/push/subscriptions', sub);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ created: true });
    expect(await (await call(ana, 'POST', '/api/v1/push/subscriptions', sub)).json()).toEqual({
      created: false,
    });
    const rows = await h.service.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ana));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subscription).not.toContain(deviceId(sub));
    expect(rows[0]!.subscription).not.toContain(sub.keys.auth);

    const endpoint = { endpoint: sub.endpoint };
    expect((await call(ben, 'DELETE', '/api/v1/push/subscriptions', endpoint)).status).toBe(404);
    expect((await call(ana, 'DELETE', '/api/v1/push/subscriptions', endpoint)).status).toBe(204);
    expect((await call(ana, 'DELETE', '/api/v1/push/subscriptions', endpoint)).status).toBe(404);
  });

  it('a device signed into by someone else reminds only them from then on', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const sub = await newDevice();
    await call(ana, 'POST', '/api/v1/push/subscriptions', sub);
    expect(await (await call(ben, 'POST', '/api/v1/push/subscriptions', sub)).json()).toEqual({
      created: true,
    });
    expect((await call(ana, 'DELETE', '/api/v1/push/subscriptions', { endpoint: sub.endpoint })).status).toBe(
      404,
    );
    const event = await trialEnding(ana, 'ana-moved@example.ch');
    await eventually(async () => (await h.mailsTo('ana-moved@example.ch')).length === 1);
    expect(await pushRow(event.id)).toEqual([]);
  });

  it('sends the trial reminder by push, encrypted and VAPID-signed, and no mail', async () => {
    const userId = randomUUID();
    const sub = await newDevice();
    expect((await call(userId, 'POST', '/api/v1/push/subscriptions', sub)).status).toBe(201);
    const event = await trialEnding(userId, 'lea-push@example.ch');

    const [message] = await eventually(async () => {
      const messages = await received(sub);
      return messages.length > 0 && messages;
    });
    expect(JSON.parse(message!.payload)).toEqual({
      title: 'Votre essai se termine dans 2 jours',
      body: 'Choisissez un abonnement pour poursuivre vos conversations.',
      url: '/pricing',
      tag: 'innerview-trial-ending',
    });
    expect(message!.vapid).toEqual({ aud: pushService, sub: 'mailto:push-test@innerview.ch' });
    await eventually(async () => (await pushRow(event.id))[0]?.status === 'sent');
    expect((await pushRow(event.id))[0]).toMatchObject({ kind: 'trial-ending', language: 'fr', devices: 1 });
    expect(await h.mailsTo('lea-push@example.ch')).toEqual([]);
    // The endpoint is a capability: it is never written to the logs.
    expect(captured.lines()).not.toContain(deviceId(sub));
  });

  it('records the reminder sent when its job ran before the transaction that queued it committed', async () => {
    // The job queue is not part of the inbox transaction: a queue with a free worker runs the job
    // while that transaction is still open (seen on a loaded machine; here held open on purpose).
    const userId = randomUUID();
    const sub = await newDevice();
    await call(userId, 'POST', '/api/v1/push/subscriptions', sub);
    const eventId = randomUUID();
    const mail = {
      to: 'early@example.ch',
      request: {
        template: 'trial-ending' as const,
        language: 'fr',
        firstName: 'Léa',
        trialEnd: '2026-12-01T00:00:00.000Z',
        tokensRemaining: 1200,
      },
    };
    await h.service.ctx.db.transaction(async (tx) => {
      await queueReminder(
        tx,
        { jobs: h.jobs, backoffMs: 10 },
        {
          eventId,
          userId,
          kind: 'trial-ending',
          language: 'fr',
          mail,
        },
      );
      await eventually(async () => (await received(sub)).length === 1);
    });

    await eventually(async () => (await pushRow(eventId))[0]?.status === 'sent');
    expect((await pushRow(eventId))[0]).toMatchObject({ kind: 'trial-ending', devices: 1 });
    expect(await received(sub)).toHaveLength(1);
    expect(await h.mailsTo('early@example.ch')).toEqual([]);
  });

  it('forgets a device the push service reports gone (410) and mails the reminder instead', async () => {
    const userId = randomUUID();
    const sub = await newDevice();
    await call(userId, 'POST', '/api/v1/push/subscriptions', sub);
    await fetch(`${pushService}/subscriptions/${deviceId(sub)}`, { method: 'DELETE' });
    const event = await trialEnding(userId, 'gone@example.ch', 'de');

    const [mail] = await eventually(async () => {
      const mails = await h.mailsTo('gone@example.ch');
      return mails.length > 0 && mails;
    });
    expect(mail!.subject).toBe('Dein Innerview-Test endet in 2 Tagen');
    await eventually(async () => (await pushRow(event.id))[0]?.status === 'mailed');
    const left = await h.service.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    expect(left).toEqual([]);
  });

  it('exports the devices by push service only, and erases them with the account', async () => {
    const userId = randomUUID();
    const sub = await newDevice();
    await call(userId, 'POST', '/api/v1/push/subscriptions', sub);
    const event = await trialEnding(userId, 'export@example.ch');
    await eventually(async () => (await pushRow(event.id))[0]?.status === 'sent');

    const exported = await h.request('GET', '/internal/export', { userId, caller: 'auth' });
    expect(exported.status).toBe(200);
    const data = (await exported.json()) as Record<string, unknown>;
    expect(data.push_devices).toEqual([
      { push_service: new URL(pushService).host, created_at: expect.any(String) },
    ]);
    expect(data.pushes).toEqual([
      expect.objectContaining({ kind: 'trial-ending', status: 'sent', devices: 1 }),
    ]);
    expect(JSON.stringify(data)).not.toContain(deviceId(sub));

    await h.publish(createEvent('auth.user.erased', userId, { userId }));
    await eventually(
      async () =>
        (await h.service.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
          .length === 0,
    );
    await eventually(async () => (await pushRow(event.id)).length === 0);
  });

  it('counts subscriptions and messages in the metrics', async () => {
    const text = await h.service.ctx.metrics.metrics();
    expect(text).toMatch(/notifications_push_subscriptions_total\{change="added",[^}]*\} [1-9]/);
    expect(text).toMatch(/notifications_push_subscriptions_total\{change="gone",[^}]*\} [1-9]/);
    expect(text).toMatch(/notifications_push_messages_total\{outcome="delivered",[^}]*\} [1-9]/);
  });
});
