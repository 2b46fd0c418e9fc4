/**
 * Where the access token lives (spec §4: "kept in session storage and in local storage. Login with
 * remember me stores a 10-day expiry and the flag. An expired remembered token is cleared at the
 * next check").
 *
 * Reading chosen:
 * - Every login writes the token to session storage AND local storage. Local storage is shared by
 *   the tabs of the browser: a new tab is signed in, and removing it is the logout broadcast
 *   (other tabs receive a `storage` event).
 * - Remember me writes the flag and an expiry 10 days ahead to local storage. The token then
 *   survives closing the browser until the expiry; the first read after it clears everything.
 * - Without remember me the token must not outlive the browser session, yet local storage has no
 *   end. A session cookie (no Max-Age, so the browser drops it when it closes) marks the browser
 *   session the token belongs to; a non-remembered token found in local storage without that
 *   cookie and without this tab's session copy is from an earlier browser session and is cleared.
 * - Local storage is the shared truth: when it works and holds no token, the tab's session copy is
 *   stale (another tab logged out) and is dropped. Session storage alone is used only when local
 *   storage is unavailable (storage disabled, private modes that throw).
 */

export const TOKEN_KEY = 'access_token';
export const REMEMBER_ME_KEY = 'rememberMe';
export const TOKEN_EXPIRY_KEY = 'tokenExpiry';
/** Written then removed at logout so other tabs hear it even if no token was stored locally. */
export const LOGOUT_SIGNAL_KEY = 'logoutSignal';
export const BROWSER_SESSION_COOKIE = 'iv_browser_session';
export const REMEMBER_ME_DAYS = 10;
const REMEMBER_ME_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000;

export type SaveTokenOptions = { rememberMe: boolean };

// Set when a write to local storage failed (private modes with a zero quota still allow reads):
// local storage then cannot hold the token and session storage alone is used.
let localStorageUnwritable = false;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  if (kind === 'localStorage' && localStorageUnwritable) return null;
  try {
    // Reading the property itself throws (SecurityError) when the user blocks site data.
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: string): boolean {
  if (!store) return false;
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function setBrowserSessionCookie(present: boolean): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser; the value is a constant.
  document.cookie = present
    ? `${BROWSER_SESSION_COOKIE}=1; path=/; SameSite=Strict`
    : `${BROWSER_SESSION_COOKIE}=; path=/; SameSite=Strict; Max-Age=0`;
}

function hasBrowserSessionCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${BROWSER_SESSION_COOKIE}=1`);
}

export function saveToken(token: string, { rememberMe }: SaveTokenOptions, now: number = Date.now()): void {
  if (token.trim() === '') throw new Error('Refusing to store an empty token');
  write(storage('sessionStorage'), TOKEN_KEY, token);
  setBrowserSessionCookie(true);
  localStorageUnwritable = false;
  const local = storage('localStorage');
  if (!local) return;
  let stored = true;
  if (rememberMe) {
    stored =
      write(local, REMEMBER_ME_KEY, 'true') && write(local, TOKEN_EXPIRY_KEY, String(now + REMEMBER_ME_MS));
  } else {
    local.removeItem(REMEMBER_ME_KEY);
    local.removeItem(TOKEN_EXPIRY_KEY);
  }
  if (stored && write(local, TOKEN_KEY, token)) return;
  // Half a record would be misread later: drop it and rely on session storage.
  local.removeItem(TOKEN_KEY);
  local.removeItem(REMEMBER_ME_KEY);
  local.removeItem(TOKEN_EXPIRY_KEY);
  localStorageUnwritable = true;
}

/**
 * Removes the token everywhere in this browser (both storages, flag, expiry, session cookie).
 * Returns whether a shared (local storage) token was removed, i.e. whether other tabs were told.
 */
export function clearToken(): boolean {
  const local = storage('localStorage');
  const hadSharedToken = Boolean(local?.getItem(TOKEN_KEY));
  local?.removeItem(TOKEN_KEY);
  local?.removeItem(REMEMBER_ME_KEY);
  local?.removeItem(TOKEN_EXPIRY_KEY);
  storage('sessionStorage')?.removeItem(TOKEN_KEY);
  setBrowserSessionCookie(false);
  return hadSharedToken;
}

/** The usable token, or null. This is "the check" of spec §4: an expired remembered token is cleared. */
export function readToken(now: number = Date.now()): string | null {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  const sessionToken = session?.getItem(TOKEN_KEY) || null;
  if (!local) return sessionToken;

  const token = local.getItem(TOKEN_KEY) || null;
  if (!token) {
    if (sessionToken) session?.removeItem(TOKEN_KEY);
    return null;
  }
  if (local.getItem(REMEMBER_ME_KEY) === 'true') {
    const expiry = Number(local.getItem(TOKEN_EXPIRY_KEY));
    if (!Number.isFinite(expiry) || expiry <= now) {
      clearToken();
      return null;
    }
  } else if (sessionToken !== token && !hasBrowserSessionCookie()) {
    clearToken();
    return null;
  }
  if (sessionToken !== token) write(session, TOKEN_KEY, token);
  return token;
}

/** True when a token is stored and still usable (for the guards' loading screen). */
export function hasStoredToken(now: number = Date.now()): boolean {
  return readToken(now) !== null;
}

/** Spec §4: logout is broadcast to other tabs through the storage event. */
export function broadcastLogoutSignal(): void {
  const local = storage('localStorage');
  if (!write(local, LOGOUT_SIGNAL_KEY, String(Date.now()))) return;
  local?.removeItem(LOGOUT_SIGNAL_KEY);
}

/**
 * Calls `onChange` when another tab of this browser logs in (the new token) or out (null).
 * Storage events fire only in the other tabs, never in the one that wrote. Returns unsubscribe.
 */
export function onTokenChangeInOtherTab(onChange: (token: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    // A null key means the other tab called localStorage.clear().
    if (event.key === null) return onChange(null);
    if (event.key === LOGOUT_SIGNAL_KEY) {
      if (event.newValue !== null) onChange(null);
      return;
    }
    if (event.key !== TOKEN_KEY || event.oldValue === event.newValue) return;
    onChange(event.newValue || null);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
