import { REMEMBER_ME_KEY, TOKEN_KEY } from './token-storage.ts';

/**
 * The one piece of personal data kept for reading offline: the last conversation the person had
 * open (its newest messages, read-only), written by the chat remote and read by the shell's
 * offline page. Nothing else from the API is kept (ADR 54: the service worker caches no API answer).
 *
 * Where it is kept follows the token (ADR 51): after a login with remember me, in Cache Storage
 * (it stays when the app is closed, like the session); without it, in this tab's session storage
 * (gone with the tab, like the session). Every logout, expiry and other-tab logout forgets it.
 */
export const OFFLINE_CACHE_NAME = 'innerview-offline';
const CACHE_KEY = '/offline/last-conversation.json';
const SESSION_KEY = 'innerview.lastConversation';
/** Enough for a few screens; older messages are not needed to pick the thread up again. */
export const OFFLINE_MESSAGE_LIMIT = 50;

export type OfflineMessage = { role: 'user' | 'assistant'; content: string; timestamp: string };
export type OfflineConversation = {
  sessionId: string;
  title: string;
  savedAt: string;
  messages: OfflineMessage[];
};

function isRemembered(): boolean {
  try {
    return localStorage.getItem(REMEMBER_ME_KEY) === 'true' && Boolean(localStorage.getItem(TOKEN_KEY));
  } catch {
    return false;
  }
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Cache Storage exists only in secure contexts (https, localhost). */
function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** Reads what an earlier version or a tampered store left, keeping only well-formed fields. */
export function parseOfflineConversation(value: unknown): OfflineConversation | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.sessionId !== 'string' || typeof v.title !== 'string' || typeof v.savedAt !== 'string')
    return null;
  if (!Array.isArray(v.messages)) return null;
  const messages = v.messages.filter(
    (m): m is OfflineMessage =>
      typeof m === 'object' &&
      m !== null &&
      (m.role === 'user' || m.role === 'assistant') &&
      typeof m.content === 'string' &&
      typeof m.timestamp === 'string',
  );
  return { sessionId: v.sessionId, title: v.title, savedAt: v.savedAt, messages };
}

/** Keeps `conversation` (its newest messages) as the one to read offline, replacing the last one. */
export async function saveOfflineConversation(conversation: OfflineConversation): Promise<void> {
  const kept = { ...conversation, messages: conversation.messages.slice(-OFFLINE_MESSAGE_LIMIT) };
  const body = JSON.stringify(kept);
  const cache = cacheStorage();
  if (isRemembered() && cache) {
    sessionStore()?.removeItem(SESSION_KEY);
    const store = await cache.open(OFFLINE_CACHE_NAME);
    await store.put(CACHE_KEY, new Response(body, { headers: { 'content-type': 'application/json' } }));
    return;
  }
  try {
    sessionStore()?.setItem(SESSION_KEY, body);
  } catch {
    // A full or blocked store: offline reading is a convenience, the chat goes on.
  }
  await cache?.delete(OFFLINE_CACHE_NAME);
}

/** The conversation kept for offline reading, or null. */
export async function readOfflineConversation(): Promise<OfflineConversation | null> {
  try {
    const inTab = sessionStore()?.getItem(SESSION_KEY);
    if (inTab) return parseOfflineConversation(JSON.parse(inTab));
    const cache = cacheStorage();
    if (!cache) return null;
    const response = await (await cache.open(OFFLINE_CACHE_NAME)).match(CACHE_KEY);
    return response ? parseOfflineConversation(await response.json()) : null;
  } catch {
    return null;
  }
}

/** Forgets the kept conversation (logout, expired or refused session, logout in another tab). */
export async function forgetOfflineData(): Promise<void> {
  sessionStore()?.removeItem(SESSION_KEY);
  try {
    await cacheStorage()?.delete(OFFLINE_CACHE_NAME);
  } catch {
    // Cache Storage blocked by the browser: nothing was kept there either.
  }
}

const SENT_COUNT_KEY = 'innerview.messagesSent';
const SENT_EVENT = 'innerview:message-sent';

/**
 * Counts the messages this browser has sent (not what they said): the shell offers to install the
 * app once the person has chatted a few times.
 */
export function noteMessageSent(): void {
  try {
    localStorage.setItem(SENT_COUNT_KEY, String(messagesSent() + 1));
  } catch {
    // Storage blocked: the install offer simply never comes.
  }
  globalThis.dispatchEvent?.(new Event(SENT_EVENT));
}

export function messagesSent(): number {
  try {
    const count = Number(localStorage.getItem(SENT_COUNT_KEY));
    return Number.isSafeInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** Calls `listener` after each message sent in this tab; returns unsubscribe. */
export function onMessageSent(listener: () => void): () => void {
  globalThis.addEventListener?.(SENT_EVENT, listener);
  return () => globalThis.removeEventListener?.(SENT_EVENT, listener);
}
