import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type LocalPushService, type ReceivedPush, startLocalPushService } from './local-push-service.ts';
import { type StoredSubscription, sendPush } from './send-push.ts';

/** The stand-in is a real push service: what web-push sends must verify and decrypt there, and nothing else. */
describe('the local stand-in push service', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@innerview.ch' };
  let local: LocalPushService;
  beforeAll(async () => {
    local = await startLocalPushService({ vapidPublicKey: vapid.publicKey });
  });
  afterAll(() => local?.close());

  const device = async () => {
    const res = await fetch(`${local.url}/subscriptions`, { method: 'POST' });
    expect(res.status).toBe(201);
    return (await res.json()) as StoredSubscription;
  };
  const received = async (sub: StoredSubscription) => {
    const id = sub.endpoint.slice(sub.endpoint.lastIndexOf('/') + 1);
    return (await (await fetch(`${local.url}/messages?subscription=${id}`)).json()) as ReceivedPush[];
  };

  it('takes a message web-push encrypted and signed, and opens it as the device would', async () => {
    const sub = await device();
    expect(sub.endpoint.startsWith(`${local.url}/push/`)).toBe(true);
    const outcome = await sendPush(sub, '{"title":"Grüezi ✓"}', vapid, { timeoutMs: 5000, ttlSeconds: 60 });
    expect(outcome).toEqual({ kind: 'delivered' });
    const [message] = await received(sub);
    expect(message).toMatchObject({
      payload: '{"title":"Grüezi ✓"}',
      ttl: 60,
      urgency: 'normal',
      vapid: { aud: local.url, sub: 'mailto:support@innerview.ch' },
    });
  });

  it('refuses a message signed with another VAPID key, and a body meant for another device', async () => {
    const sub = await device();
    const other = { ...webpush.generateVAPIDKeys(), subject: 'mailto:x@example.ch' };
    expect(await sendPush(sub, 'hello', other, { timeoutMs: 5000 })).toEqual({ kind: 'failed', status: 403 });
    const stranger = await device();
    const misdirected = { endpoint: sub.endpoint, keys: stranger.keys };
    expect(await sendPush(misdirected, 'hello', vapid, { timeoutMs: 5000 })).toEqual({
      kind: 'failed',
      status: 400,
    });
    expect(await received(sub)).toEqual([]);
  });

  it('answers 410 for a device that unsubscribed, which the sender reads as gone', async () => {
    const sub = await device();
    const id = sub.endpoint.slice(sub.endpoint.lastIndexOf('/') + 1);
    expect((await fetch(`${local.url}/subscriptions/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await sendPush(sub, 'hello', vapid, { timeoutMs: 5000 })).toEqual({ kind: 'gone' });
  });
});
