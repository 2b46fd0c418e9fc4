import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { apiFetch, apiFetchJson, innerviewBaseQuery, onUnauthorized } from './base-query.ts';
import { DEFAULT_API_BASE, setApiBase } from './config.ts';
import { ApiRequestError } from './errors.ts';
import { createStore } from './store.ts';
import { hangingResponder, installFakeFetch, jsonResponse } from './testing/fake-fetch.ts';
import { HTTP_ERROR_ROWS } from './testing/http-errors.ts';
import { clearToken, saveToken } from './token-storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setApiBase(DEFAULT_API_BASE);
});
afterEach(() => {
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function getMe() {
  const store = createStore();
  return store.dispatch(api.endpoints.getMe.initiate());
}

describe('innerviewBaseQuery: docs/product.md#error-messages rows through a real RTK Query call', () => {
  it.each([
    [
      400,
      { detail: 'Bad input' },
      { code: 'VALIDATION_ERROR', message: 'Bad input', details: { detail: 'Bad input' } },
    ],
    [400, {}, { code: 'VALIDATION_ERROR', message: 'Invalid request data' }],
    [
      401,
      { detail: 'Authentication required', code: 'UNAUTHORIZED' },
      { code: 'UNAUTHORIZED', message: 'Authentication required' },
    ],
    [403, null, { code: 'FORBIDDEN', message: 'Access denied' }],
    [404, null, { code: 'NOT_FOUND', message: 'Resource not found' }],
    [
      422,
      { detail: [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' }] },
      {
        code: 'VALIDATION_ERROR',
        message: 'Invalid email address',
        details: [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' }],
      },
    ],
    [422, { detail: [] }, { code: 'VALIDATION_ERROR', message: 'Validation error', details: [] }],
    [429, null, { code: 'SUBSCRIPTION_LIMIT_REACHED', message: 'Rate limit exceeded' }],
    [500, null, { code: 'SERVER_ERROR', message: 'Internal server error' }],
    [503, null, { code: 'SERVER_ERROR', message: 'Internal server error' }],
  ])('HTTP %i', async (status, body, expected) => {
    installFakeFetch(() => jsonResponse(status, body));
    const result = await getMe();
    expect(result.error).toMatchObject({ ...expected, status });
    expect(result.data).toBeUndefined();
  });

  it('a proxy HTML error page is SERVER_ERROR with the row message', async () => {
    installFakeFetch(
      () => new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    expect((await getMe()).error).toEqual({
      code: 'SERVER_ERROR',
      message: 'Internal server error',
      status: 502,
    });
  });

  it('a JSON content type with a broken body keeps the status row', async () => {
    installFakeFetch(
      () => new Response('{oops', { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    expect((await getMe()).error).toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Internal server error',
      status: 500,
    });
  });

  it('no response → NETWORK_ERROR', async () => {
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await getMe()).error).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });

  it('returns the data of a 2xx and sends JSON to the API base with the bearer token', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch(() => jsonResponse(200, { id: 'u1', email: 'a@b.ch' }));
    const result = await getMe();
    expect(result.data).toEqual({ id: 'u1', email: 'a@b.ch' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(new URL('/api/v1/users/me', location.href).href);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no authorization header without a token', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, { id: 'u1' }));
    await getMe();
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('uses the base set from the runtime config', async () => {
    setApiBase('https://api.innerview.example/api/v1/');
    const { requests } = installFakeFetch(() => jsonResponse(200, { subscription_status: 'monthly' }));
    const result = await createStore().dispatch(api.endpoints.getSubscriptionStatus.initiate());
    expect(result.data).toEqual({ subscription_status: 'monthly' });
    expect(requests[0]!.url).toBe('https://api.innerview.example/api/v1/subscriptions/status');
  });
});

describe('innerviewBaseQuery: 401 retried once', () => {
  it('a 401 followed by a 200 succeeds', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch((_r, call) =>
      call === 1 ? jsonResponse(401, { detail: 'Authentication required' }) : jsonResponse(200, { id: 'u1' }),
    );
    const result = await getMe();
    expect(result.data).toEqual({ id: 'u1' });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('the retry carries a token renewed meanwhile by another tab', async () => {
    // Tabs share a token only with remember me (ADR 51): without it each tab has its own.
    saveToken('old', { rememberMe: true });
    const { requests } = installFakeFetch((_r, call) => {
      if (call === 1) {
        localStorage.setItem('access_token', 'new');
        return jsonResponse(401, {});
      }
      return jsonResponse(200, { id: 'u1' });
    });
    expect((await getMe()).data).toEqual({ id: 'u1' });
    expect(requests[1]!.headers.get('authorization')).toBe('Bearer new');
  });

  it('two 401s give UNAUTHORIZED and tell the session listeners', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch(() => jsonResponse(401, { detail: 'Authentication required' }));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const result = await getMe();
    stop();
    expect(result.error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Authentication required',
      status: 401,
    });
    expect(requests).toHaveLength(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a 401 without a token is not retried', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(401, {}));
    expect((await getMe()).error).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(requests).toHaveLength(1);
  });

  it('login sends the OAuth2 form without a token and is never retried', async () => {
    saveToken('stale', { rememberMe: false });
    const { requests } = installFakeFetch(() =>
      jsonResponse(401, {
        detail: 'Incorrect email or password. Please try again.',
        failed_login_attempts: 3,
      }),
    );
    const result = await createStore().dispatch(
      api.endpoints.login.initiate({ email: 'ana@example.ch', password: 'S3cret!pass' }),
    );
    expect(result.error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Incorrect email or password. Please try again.',
      details: { failed_login_attempts: 3 },
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toMatch(/\/api\/v1\/login\/access-token$/);
    expect(request!.headers.has('authorization')).toBe(false);
    expect(request!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(await request!.text());
    expect(Object.fromEntries(form)).toEqual({
      username: 'ana@example.ch',
      password: 'S3cret!pass',
      grant_type: 'password',
      scope: '',
    });
  });
});

describe('innerviewBaseQuery: time-out and abort', () => {
  it('gives up after 30 s with the time-out error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installFakeFetch(hangingResponder);
    let settled = false;
    const pending = getMe().then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).error).toEqual({ code: 'TIMEOUT_ERROR', message: 'Request timed out' });
  });

  it('a cancelled request gives ABORTED (RTK Query itself reports its own abort to thunk callers)', async () => {
    installFakeFetch(hangingResponder);
    const controller = new AbortController();
    const pending = innerviewBaseQuery(
      '/users/me',
      {
        signal: controller.signal,
        abort: () => controller.abort(),
        dispatch: vi.fn(),
        getState: () => ({}),
        extra: undefined,
        endpoint: 'getMe',
        type: 'query',
      },
      {},
    );
    controller.abort();
    expect((await pending).error).toEqual({ code: 'ABORTED', message: 'Request was cancelled' });
  });
});

describe('apiFetch', () => {
  it('resolves with the response, sends the token and a JSON body', async () => {
    saveToken('tok-1', { rememberMe: true });
    const { requests } = installFakeFetch(() => new Response('data: {}\n\n', { status: 200 }));
    const response = await apiFetch('/chat/stream', {
      method: 'POST',
      json: { message: 'hi', session_id: null },
    });
    expect(await response.text()).toBe('data: {}\n\n');
    const [request] = requests;
    expect(request!.url).toMatch(/\/api\/v1\/chat\/stream$/);
    expect(request!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(await request!.json()).toEqual({ message: 'hi', session_id: null });
  });

  it.each(HTTP_ERROR_ROWS)('rejects HTTP %i with %s', async (status, code, message) => {
    installFakeFetch(() => jsonResponse(status, {}));
    const error = await apiFetch('/files/upload', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ code, message, status });
  });

  it('rejects a network failure with NETWORK_ERROR', async () => {
    installFakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(apiFetch('/chat/')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
    });
  });

  it('retries a 401 once, then rejects with UNAUTHORIZED', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch(() => jsonResponse(401, {}));
    await expect(apiFetch('/chat/active-sessions')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(requests).toHaveLength(2);
  });

  it('a 401 followed by a 200 succeeds', async () => {
    saveToken('tok-1', { rememberMe: false });
    installFakeFetch((_r, call) => (call === 1 ? jsonResponse(401, {}) : jsonResponse(200, { ok: 1 })));
    await expect(apiFetchJson('/chat/active-sessions')).resolves.toEqual({ ok: 1 });
  });

  it('auth: false sends no token and does not retry', async () => {
    saveToken('tok-1', { rememberMe: false });
    const { requests } = installFakeFetch(() =>
      jsonResponse(401, { detail: 'Incorrect email or password.' }),
    );
    await expect(
      apiFetch('/login/access-token', {
        method: 'POST',
        body: new URLSearchParams({ username: 'a' }),
        auth: false,
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect email or password.' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('times out after 30 s waiting for the response', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installFakeFetch(hangingResponder);
    const pending = apiFetch('/chat/stream', { method: 'POST' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT_ERROR', message: 'Request timed out' });
  });

  it('a stopped request gives ABORTED', async () => {
    installFakeFetch(hangingResponder);
    const controller = new AbortController();
    const pending = apiFetch('/chat/stream', { method: 'POST', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    expect(await pending).toMatchObject({ code: 'ABORTED', message: 'Request was cancelled' });
  });
});
