import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What became of one message to one device. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404/410: the browser unsubscribed or the subscription expired; it must be forgotten. */
  | { kind: 'gone' }
  /** Anything else (5xx, 429, time-out, refused VAPID): may work later. */
  | { kind: 'failed'; status: number | null };

/**
 * Sends one Web Push message: web-push encrypts it for the device (aes128gcm) and signs the VAPID
 * JWT; the request itself goes out with fetch (web-push's own sender speaks https only, and the
 * embedded stand-in is http on loopback). A reminder is worth a day at most (TTL).
 */
export async function sendPush(
  subscription: StoredSubscription,
  payload: string,
  vapid: VapidKeys,
  options: { timeoutMs: number; ttlSeconds?: number },
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: vapid,
    TTL: options.ttlSeconds ?? 24 * 3600,
    urgency: 'normal',
    contentEncoding: 'aes128gcm',
  });
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    if (response.ok) return { kind: 'delivered' };
    return { kind: 'failed', status: response.status };
  } catch {
    return { kind: 'failed', status: null };
  }
}
