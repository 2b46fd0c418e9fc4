import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { API_TIMEOUT_MS, DEFAULT_API_BASE, setApiBase } from './config.ts';
import {
  broadcastLogout,
  checkSession,
  loggedIn,
  logOut,
  RECHECK_FIRST_DELAY_MS,
  RECHECK_MAX_DELAY_MS,
  startSession,
  startSessionSync,
} from './session.ts';
import { createStore } from './store.ts';
import { testUser } from './testing/bodies.ts';
import { hangingResponder, installFakeFetch, jsonResponse } from './testing/fake-fetch.ts';
import { clearToken, LOGOUT_SIGNAL_KEY, readToken, saveToken, TOKEN_KEY } from './token-storage.ts';

const USER = testUser({ email: 'ana@example.ch', first_name: 'Ana', onboarded: false });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setApiBase(DEFAULT_API_BASE);
});
afterEach(() => {
  vi.useRealTimers();
  clearToken();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function otherTabWrites(key: string, oldValue: string | null, newValue: string | null) {
  if (key === TOKEN_KEY) {
    if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
  }
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
}

describe('checkSession', () => {
  it('without a stored token the visitor is anonymous and nothing is called', async () => {
    const { fetchMock } = installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore();
    const result = await store.dispatch(checkSession());
    expect(result).toEqual({ ok: false, error: null });
    expect(store.getState().session).toEqual({ status: 'anonymous', user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies a stored token with POST /login/test-token and signs the user in', async () => {
    saveToken('tok-1', { rememberMe: true });
    const { requests } = installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore();
    const pending = store.dispatch(checkSession());
    expect(store.getState().session.status).toBe('checking');
    await pending;
    expect(store.getState().session).toEqual({ status: 'authenticated', user: USER });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toMatch(/\/api\/v1\/login\/test-token$/);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('a rejected token is cleared along with the user', async () => {
    saveToken('revoked', { rememberMe: true });
    installFakeFetch(() => jsonResponse(401, { detail: 'Authentication required' }));
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const result = await store.dispatch(checkSession());
    expect(result).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(store.getState().session).toEqual({ status: 'anonymous', user: null });
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'NETWORK_ERROR'],
    ['a 503', () => jsonResponse(503, { detail: 'Service unavailable' }), 'SERVER_ERROR'],
    ['a 500', () => jsonResponse(500, {}), 'SERVER_ERROR'],
  ] as const)(
    'a check that gets no answer (%s) keeps the token and the person, and is made again with backoff (docs/product.md#session-lifetime-and-sign-out)',
    async (_name, failure, code) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      saveToken('tok-1', { rememberMe: false });
      let answer: () => Response | Promise<Response> = failure;
      const { requests } = installFakeFetch(() => answer());
      const store = createStore({ session: { status: 'authenticated', user: USER } });
      const result = await store.dispatch(checkSession());
      expect(result).toMatchObject({ ok: false, error: { code } });
      expect(readToken()).toBe('tok-1');
      expect(store.getState().session).toEqual({ status: 'authenticated', user: USER });
      const afterFirst = requests.length;

      // Still no answer at the first recheck: kept again, and the next wait is longer.
      await vi.advanceTimersByTimeAsync(RECHECK_FIRST_DELAY_MS);
      await vi.waitFor(() => expect(requests.length).toBeGreaterThan(afterFirst));
      const afterSecond = requests.length;
      expect(readToken()).toBe('tok-1');
      await vi.advanceTimersByTimeAsync(RECHECK_FIRST_DELAY_MS);
      expect(requests.length).toBe(afterSecond);

      answer = () => jsonResponse(200, USER);
      await vi.advanceTimersByTimeAsync(RECHECK_FIRST_DELAY_MS);
      await vi.waitFor(() => expect(requests.length).toBeGreaterThan(afterSecond));
      expect(store.getState().session).toEqual({ status: 'authenticated', user: USER });
      // Answered: no further checks are scheduled.
      const settled = requests.length;
      await vi.advanceTimersByTimeAsync(RECHECK_MAX_DELAY_MS * 2);
      expect(requests.length).toBe(settled);
      vi.useRealTimers();
    },
  );

  it('a check that times out keeps the token (the person is not signed out by a slow machine)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    saveToken('tok-1', { rememberMe: true });
    installFakeFetch(hangingResponder);
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const pending = store.dispatch(checkSession());
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'TIMEOUT_ERROR' } });
    expect(readToken()).toBe('tok-1');
    expect(store.getState().session.status).toBe('authenticated');
    vi.useRealTimers();
  });

  it('a refusal after checks without an answer still ends the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    saveToken('tok-1', { rememberMe: true });
    let answer: () => Response | Promise<Response> = () => jsonResponse(503, {});
    installFakeFetch(() => answer());
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    await store.dispatch(checkSession());
    expect(readToken()).toBe('tok-1');
    answer = () => jsonResponse(401, { detail: 'Authentication required' });
    await vi.advanceTimersByTimeAsync(RECHECK_FIRST_DELAY_MS);
    await vi.waitFor(() => expect(store.getState().session).toEqual({ status: 'anonymous', user: null }));
    expect(readToken()).toBeNull();
    vi.useRealTimers();
  });

  it('offline, a check that cannot reach the server keeps the token and is made again once online', async () => {
    saveToken('tok-1', { rememberMe: true });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const { requests } = installFakeFetch(() => answer());
    const store = createStore();
    const stop = startSessionSync(store.dispatch);
    try {
      const result = await store.dispatch(checkSession());
      expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK_ERROR' } });
      expect(readToken()).toBe('tok-1');
      expect(store.getState().session.status).not.toBe('anonymous');

      offline.mockReturnValue(true);
      answer = () => jsonResponse(200, USER);
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(store.getState().session.status).toBe('authenticated'));
      expect(requests).toHaveLength(2);
    } finally {
      stop();
      offline.mockRestore();
    }
  });

  it('two checks at once share one request', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore();
    const [a, b] = await Promise.all([store.dispatch(checkSession()), store.dispatch(checkSession())]);
    expect(a).toEqual(b);
    expect(requests).toHaveLength(1);
  });
});

describe('startSession', () => {
  it('stores the token per the remember-me choice and loads the user', async () => {
    installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore();
    const result = await store.dispatch(startSession('fresh', { rememberMe: true }));
    expect(result).toEqual({ ok: true, user: USER });
    expect(store.getState().session).toEqual({ status: 'authenticated', user: USER });
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('fresh');
  });

  it('loggedIn keeps a known user when none is given', () => {
    const store = createStore({ session: { status: 'checking', user: USER } });
    store.dispatch(loggedIn());
    expect(store.getState().session).toEqual({ status: 'authenticated', user: USER });
  });
});

describe('logOut', () => {
  it('closes all chat sessions first, then clears the token and the state', async () => {
    saveToken('tok-1', { rememberMe: true });
    const { requests } = installFakeFetch(() => jsonResponse(200, { closed: 2 }));
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const result = await store.dispatch(logOut());
    expect(result).toEqual({ closedChatSessions: true });
    expect(requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get('authorization')])).toEqual([
      ['POST', '/api/v1/chat/close-all-sessions', 'Bearer tok-1'],
    ]);
    expect(store.getState().session).toEqual({ status: 'anonymous', user: null });
    expect(readToken()).toBeNull();
  });

  it('still logs out when closing fails, and says so for the warning', async () => {
    saveToken('tok-1', { rememberMe: false });
    installFakeFetch(() => jsonResponse(500, {}));
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    expect(await store.dispatch(logOut())).toEqual({ closedChatSessions: false });
    expect(store.getState().session.status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('drops the cached data of the user who left', async () => {
    saveToken('tok-1', { rememberMe: false });
    installFakeFetch(() => jsonResponse(200, { subscription_status: 'monthly' }));
    const store = createStore();
    await store.dispatch(api.endpoints.getSubscriptionStatus.initiate());
    expect(api.endpoints.getSubscriptionStatus.select()(store.getState()).data).toBeDefined();
    await store.dispatch(logOut());
    expect(api.endpoints.getSubscriptionStatus.select()(store.getState()).data).toBeUndefined();
  });
});

describe('broadcastLogout', () => {
  it('removing the shared (remembered) token is the broadcast; without one an explicit signal is sent', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    saveToken('tok-1', { rememberMe: true });
    setItem.mockClear();
    broadcastLogout();
    expect(setItem.mock.calls.filter(([key]) => key === LOGOUT_SIGNAL_KEY)).toHaveLength(0);
    broadcastLogout();
    expect(setItem.mock.calls.filter(([key]) => key === LOGOUT_SIGNAL_KEY)).toHaveLength(1);
  });
});

describe('startSessionSync', () => {
  it('a logout in another tab logs this tab out and re-checks', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { fetchMock } = installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const stop = startSessionSync(store.dispatch);
    otherTabWrites(TOKEN_KEY, 'tok-1', null);
    stop();
    await vi.waitFor(() => expect(store.getState().session).toEqual({ status: 'anonymous', user: null }));
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the explicit logout signal from another tab has the same effect', async () => {
    saveToken('tok-1', { rememberMe: false });
    localStorage.removeItem(TOKEN_KEY);
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const stop = startSessionSync(store.dispatch);
    otherTabWrites(LOGOUT_SIGNAL_KEY, null, '1');
    stop();
    await vi.waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a login in another tab is checked and signs this tab in', async () => {
    installFakeFetch(() => jsonResponse(200, USER));
    const store = createStore({ session: { status: 'anonymous', user: null } });
    const stop = startSessionSync(store.dispatch);
    // Only a remembered login is shared with the other tabs (ADR 51).
    saveToken('other-tab', { rememberMe: true });
    sessionStorage.clear();
    otherTabWrites(TOKEN_KEY, null, 'other-tab');
    await vi.waitFor(() => expect(store.getState().session).toEqual({ status: 'authenticated', user: USER }));
    stop();
  });

  it('a token the server stops accepting leads to a session check that signs the user out', async () => {
    saveToken('revoked', { rememberMe: false });
    const { requests } = installFakeFetch(() => jsonResponse(401, { detail: 'Authentication required' }));
    const store = createStore({ session: { status: 'authenticated', user: USER } });
    const stop = startSessionSync(store.dispatch);
    await store.dispatch(api.endpoints.getSettings.initiate());
    await vi.waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    stop();
    expect(readToken()).toBeNull();
    // getSettings twice (retry), then the session check twice (retry).
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/settings/me',
      '/api/v1/settings/me',
      '/api/v1/login/test-token',
      '/api/v1/login/test-token',
    ]);
  });
});
