/**
 * Where the access token lives (docs/product.md#session-lifetime-and-sign-out: "kept in session storage and in local storage. Login with
 * remember me stores a 10-day expiry and the flag. An expired remembered token is cleared at the
 * next check"). Read as ADR 51 says (issue 18): both stores only with remember me.
 *
 * - Without remember me the token is kept in this tab's session storage only: closing the tab or the
 *   browser ends the session, and nothing a browser restores (local storage, session cookies after
 *   "continue where you left off") brings it back. A new tab asks for a login.
 * - Remember me writes the token, the flag and an expiry 10 days ahead to local storage, shared by
 *   the tabs of the browser (a new tab is signed in, removing it is the logout broadcast), and a copy
 *   marked as remembered to session storage. The first read after the expiry clears everything.
 * - A remembered copy in session storage whose local token is gone is stale (another tab logged
 *   out) and is dropped; a newer remembered token of another tab wins. Session storage alone holds
 *   a remembered token only when local storage is unavailable (storage disabled, zero quota).
 * - A token found in local storage without the flag was written by an earlier version for a login
 *   without remember me: it is removed, so it cannot outlive the browser session.
 */

export const TOKEN_KEY = 'access_token';
export const REMEMBER_ME_KEY = 'rememberMe';
export const TOKEN_EXPIRY_KEY = 'tokenExpiry';
/** Written then removed at logout so other tabs hear it even if no token was stored locally. */
export const LOGOUT_SIGNAL_KEY = 'logoutSignal';
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

export function saveToken(token: string, { rememberMe }: SaveTokenOptions, now: number = Date.now()): void {
  if (token.trim() === '') throw new Error('Refusing to store an empty token');
  const session = storage('sessionStorage');
  write(session, TOKEN_KEY, token);
  if (rememberMe) write(session, REMEMBER_ME_KEY, 'true');
  else session?.removeItem(REMEMBER_ME_KEY);
  localStorageUnwritable = false;
  const local = storage('localStorage');
  if (!local) return;
  if (!rememberMe) {
    // Another login's remembered token would outlive this one's browser session: it goes (and the
    // other tabs hear that as a logout).
    removeShared(local);
    return;
  }
  if (
    write(local, REMEMBER_ME_KEY, 'true') &&
    write(local, TOKEN_EXPIRY_KEY, String(now + REMEMBER_ME_MS)) &&
    write(local, TOKEN_KEY, token)
  )
    return;
  // Half a record would be misread later: drop it and rely on session storage.
  removeShared(local);
  localStorageUnwritable = true;
}

function removeShared(local: Storage): void {
  local.removeItem(TOKEN_KEY);
  local.removeItem(REMEMBER_ME_KEY);
  local.removeItem(TOKEN_EXPIRY_KEY);
}

/**
 * Removes the token everywhere in this browser (both storages, flag, expiry).
 * Returns whether a shared (local storage) token was removed, i.e. whether other tabs were told.
 */
export function clearToken(): boolean {
  const local = storage('localStorage');
  const hadSharedToken = Boolean(local?.getItem(TOKEN_KEY));
  if (local) removeShared(local);
  const session = storage('sessionStorage');
  session?.removeItem(TOKEN_KEY);
  session?.removeItem(REMEMBER_ME_KEY);
  return hadSharedToken;
}

/** The usable token, or null. This is "the check" of docs/product.md#session-lifetime-and-sign-out: an expired remembered token is cleared. */
export function readToken(now: number = Date.now()): string | null {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  const sessionToken = session?.getItem(TOKEN_KEY) || null;
  if (!local) return sessionToken;

  const shared = local.getItem(TOKEN_KEY) || null;
  if (shared && local.getItem(REMEMBER_ME_KEY) !== 'true') {
    // An earlier version's token of a login without remember me.
    removeShared(local);
    if (sessionToken === shared) session?.removeItem(REMEMBER_ME_KEY);
    return sessionToken;
  }
  if (shared) {
    const expiry = Number(local.getItem(TOKEN_EXPIRY_KEY));
    if (!Number.isFinite(expiry) || expiry <= now) {
      clearToken();
      return null;
    }
    if (sessionToken !== shared) {
      write(session, TOKEN_KEY, shared);
      write(session, REMEMBER_ME_KEY, 'true');
    }
    return shared;
  }
  if (sessionToken && session?.getItem(REMEMBER_ME_KEY) === 'true') {
    // The remembered token was removed by another tab's logout (or its expiry): this copy is stale.
    session.removeItem(TOKEN_KEY);
    session.removeItem(REMEMBER_ME_KEY);
    return null;
  }
  return sessionToken;
}

/** True when a token is stored and still usable (for the guards' loading screen). */
export function hasStoredToken(now: number = Date.now()): boolean {
  return readToken(now) !== null;
}

/** docs/product.md#session-lifetime-and-sign-out: logout is broadcast to other tabs through the storage event. */
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
