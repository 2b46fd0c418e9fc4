import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query';
import { API_TIMEOUT_MS, apiUrl } from './config.ts';
import {
  ABORTED_MESSAGE,
  type ApiError,
  ApiRequestError,
  mapHttpError,
  mapTransportError,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
} from './errors.ts';
import { readToken } from './token-storage.ts';

/**
 * Per-endpoint options (`extraOptions` of an endpoint definition, or `apiFetch`'s init):
 * `auth: false` sends no bearer token and does not retry a 401 (login, signup, password recovery).
 */
export type InnerviewExtraOptions = { auth?: boolean };

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called when a request that carried a token still got 401 after its retry: the token is no
 * longer accepted. The session module listens and re-checks the session. Returns unsubscribe.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}

const rawBaseQuery = fetchBaseQuery({
  timeout: API_TIMEOUT_MS,
  // JSON when the server says JSON, text otherwise (a proxy's HTML error page is not a parse error).
  responseHandler: 'content-type',
  prepareHeaders: (headers, { extraOptions }) => {
    const options = extraOptions as InnerviewExtraOptions | undefined;
    const token = options?.auth === false ? null : readToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

function withAbsoluteUrl(args: string | FetchArgs): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  return { ...request, url: apiUrl(request.url) };
}

/** Maps what `fetchBaseQuery` reports to the docs/product.md#http-errors `ApiError`. */
export function mapFetchBaseQueryError(error: FetchBaseQueryError, aborted: boolean): ApiError {
  if (typeof error.status === 'number') return mapHttpError(error.status, error.data);
  switch (error.status) {
    case 'TIMEOUT_ERROR':
      return { code: 'TIMEOUT_ERROR', message: TIMEOUT_ERROR_MESSAGE };
    case 'FETCH_ERROR':
      return aborted
        ? { code: 'ABORTED', message: ABORTED_MESSAGE }
        : { code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE };
    case 'PARSING_ERROR':
      // The server announced JSON and sent something else: an HTTP error keeps its status row.
      return error.originalStatus >= 400
        ? mapHttpError(error.originalStatus, error.data)
        : mapTransportError(new Error(error.error));
    case 'CUSTOM_ERROR':
      return mapTransportError(new Error(error.error));
  }
}

/**
 * The base query of the one RTK Query api: absolute URL under the API base, bearer token,
 * 30 s time-out, one retry of a 401 (docs/product.md#calling-conventions), errors as `ApiError` (docs/product.md#http-errors).
 *
 * The 401 retry happens only when a token was sent: the retry re-reads the token, which another
 * tab may have renewed; re-sending a token-less call (a wrong-password login) would only count a
 * second failed attempt towards the lockout.
 */
export const innerviewBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  InnerviewExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const request = withAbsoluteUrl(args);
  const sentToken = extraOptions?.auth !== false && readToken() !== null;
  let result = await rawBaseQuery(request, api, extraOptions ?? {});
  if (result.error?.status === 401 && sentToken && !api.signal.aborted) {
    result = await rawBaseQuery(request, api, extraOptions ?? {});
    if (result.error?.status === 401) notifyUnauthorized();
  }
  if (result.error) {
    const error = mapFetchBaseQueryError(result.error, api.signal.aborted);
    return result.meta ? { error, meta: result.meta } : { error };
  }
  return result.meta ? { data: result.data, meta: result.meta } : { data: result.data };
};

export type ApiFetchInit = RequestInit &
  InnerviewExtraOptions & {
    /** Sent as a JSON body with its content type. */
    json?: unknown;
    /** Defaults to `API_TIMEOUT_MS`; it covers the wait for the response head, not a streamed body. */
    timeoutMs?: number;
  };

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isResendable(body: BodyInit | null | undefined): boolean {
  return !(typeof ReadableStream !== 'undefined' && body instanceof ReadableStream);
}

async function fetchOnce(path: string, init: ApiFetchInit, useToken: boolean): Promise<Response> {
  const { auth: _auth, json, timeoutMs = API_TIMEOUT_MS, signal: callerSignal, ...rest } = init;
  const headers = new Headers(rest.headers);
  const token = useToken ? readToken() : null;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    body = JSON.stringify(json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(TIMEOUT_ERROR_MESSAGE, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetch(apiUrl(path), { ...rest, body, headers, signal: controller.signal });
    if (!response.ok) throw new ApiRequestError(mapHttpError(response.status, await readErrorBody(response)));
    return response;
  } catch (err) {
    if (err instanceof ApiRequestError) throw err;
    if (timedOut) throw new ApiRequestError({ code: 'TIMEOUT_ERROR', message: TIMEOUT_ERROR_MESSAGE });
    if (callerSignal?.aborted) throw new ApiRequestError({ code: 'ABORTED', message: ABORTED_MESSAGE });
    throw new ApiRequestError(mapTransportError(err));
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * `fetch` for calls outside RTK Query (the SSE chat stream, the form-encoded login, uploads), with
 * the same API base, token, time-out, 401 retry and error mapping. Resolves with the `Response`
 * when it is 2xx; otherwise rejects with an `ApiRequestError` (an `Error` that is an `ApiError`).
 */
export async function apiFetch(path: string, init: ApiFetchInit = {}): Promise<Response> {
  const useToken = init.auth !== false;
  const sentToken = useToken && readToken() !== null;
  try {
    return await fetchOnce(path, init, useToken);
  } catch (err) {
    const retry =
      err instanceof ApiRequestError && err.status === 401 && sentToken && isResendable(init.body);
    if (!retry || init.signal?.aborted) throw err;
  }
  try {
    return await fetchOnce(path, init, useToken);
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) notifyUnauthorized();
    throw err;
  }
}

/** `apiFetch` that parses the JSON body (null for an empty one). */
export async function apiFetchJson<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch (err) {
    throw new ApiRequestError(mapTransportError(err));
  }
}
