import { apiFetch, apiFetchJson } from './base-query.ts';

/**
 * Reminders on this device (docs/product.md#reminders, ADR 59): the browser side of web push. The
 * service worker (frontends/shell/src/pwa/service-worker) shows what arrives; this module asks the
 * person's permission, subscribes with the product's VAPID key and tells the server, or undoes it.
 */
export type ReminderState =
  /** No service worker, Push API or notifications here (an old browser, iOS outside the home screen). */
  | 'unsupported'
  /** The person refused notifications for the site: only the browser's settings can undo it. */
  | 'denied'
  | 'off'
  | 'on';

export type EnableOutcome = 'on' | 'denied' | 'dismissed' | 'unsupported' | 'failed';

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** Where this device stands, without asking anything. */
export async function reminderState(): Promise<ReminderState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** `base64url` → the bytes `pushManager.subscribe` wants as its application server key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (only ever from a click: browsers refuse a prompt nobody asked for), then
 * subscribes and registers the device. The server keeps one row per device, so doing it twice is harmless.
 */
export async function enableReminders(): Promise<EnableOutcome> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  try {
    const reg = await registration();
    if (!reg) return 'unsupported';
    const { public_key } = await apiFetchJson<{ public_key: string }>('/push/key', { auth: false });
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      }));
    await apiFetch('/push/subscriptions', { method: 'POST', json: sub.toJSON() });
    return 'on';
  } catch {
    return 'failed';
  }
}

/** Forgets this device on the server, then in the browser. */
export async function disableReminders(): Promise<boolean> {
  if (!supported()) return true;
  try {
    const sub = await (await registration())?.pushManager.getSubscription();
    if (!sub) return true;
    await apiFetch('/push/subscriptions', { method: 'DELETE', json: { endpoint: sub.endpoint } }).catch(
      (err: { status?: number; code?: string }) => {
        // Already forgotten there (gone, or another person registered the device since): fine.
        if (err.code !== 'NOT_FOUND') throw err;
      },
    );
    await sub.unsubscribe();
    return true;
  } catch {
    return false;
  }
}

const OFFERED_KEY = 'innerview.remindersOffered';

/** The one-time offer after setting up something to be reminded of: shown once per browser. */
export function remindersOfferedBefore(): boolean {
  try {
    return localStorage.getItem(OFFERED_KEY) !== null;
  } catch {
    return true;
  }
}

export function markRemindersOffered(): void {
  try {
    localStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // private mode: it may be offered again, which is harmless
  }
}
