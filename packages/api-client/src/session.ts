import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from './api.ts';
import { apiFetch, onUnauthorized } from './base-query.ts';
import type { ApiError } from './errors.ts';
import { forgetOfflineData } from './offline-conversation.ts';
import {
  broadcastLogoutSignal,
  clearToken,
  onTokenChangeInOtherTab,
  readToken,
  type SaveTokenOptions,
  saveToken,
} from './token-storage.ts';
import type { SessionUser } from './types.ts';

/**
 * `unknown`: nothing checked yet (start-up); `checking`: a stored token is being verified;
 * `authenticated` / `anonymous`: the outcome.
 */
export type SessionStatus = 'unknown' | 'checking' | 'authenticated' | 'anonymous';
export type SessionState = { status: SessionStatus; user: SessionUser | null };

const initialState: SessionState = { status: 'unknown', user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionCheckStarted(state) {
      state.status = 'checking';
    },
    sessionChecked(_state, action: PayloadAction<{ user: SessionUser | null }>) {
      const { user } = action.payload;
      return { status: user ? 'authenticated' : 'anonymous', user };
    },
    loggedIn(state, action: PayloadAction<{ user?: SessionUser | null } | undefined>) {
      state.status = 'authenticated';
      state.user = action.payload?.user ?? state.user;
    },
    loggedOut() {
      return { status: 'anonymous' as const, user: null };
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectSessionStatus: (state) => state.status,
    selectSessionUser: (state) => state.user,
  },
});

export const { sessionCheckStarted, sessionChecked, loggedIn, loggedOut } = sessionSlice.actions;
export const { selectSession, selectSessionStatus, selectSessionUser } = sessionSlice.selectors;
export const sessionReducer = sessionSlice.reducer;

type SessionThunk<R> = ThunkAction<R, { session: SessionState }, unknown, UnknownAction>;

export type SessionCheckResult = { ok: true; user: SessionUser } | { ok: false; error: ApiError | null };

// One check at a time per store: a second caller (cross-tab event, a 401 elsewhere) shares it.
const checksInFlight = new WeakMap<object, Promise<SessionCheckResult>>();
// A check that got no answer is made again later, per store: the pending timer and how many tries.
const rechecks = new WeakMap<object, { timer: ReturnType<typeof setTimeout> | undefined; tries: number }>();

/** Waits before the next check after one that got no answer: 2 s, 4 s, 8 s … up to a minute. */
export const RECHECK_FIRST_DELAY_MS = 2_000;
export const RECHECK_MAX_DELAY_MS = 60_000;

/** Only the server saying no (401) ends a session; every other failure left the token unjudged. */
function refusedByServer(error: ApiError | null): boolean {
  return error?.status === 401;
}

function cancelRecheck(key: object): void {
  const pending = rechecks.get(key);
  if (pending?.timer) clearTimeout(pending.timer);
  rechecks.delete(key);
}

/**
 * The session check (docs/product.md#session-lifetime-and-sign-out): verifies the stored token with
 * POST /login/test-token. No token → anonymous. A token the server refuses (401) is cleared with
 * the user. A check that got no answer — offline, a network error, a time-out, a 5xx such as 503 —
 * keeps the token and the person as they were and is made again with backoff (and at once when
 * the browser comes back online): a loaded machine or a restarting service must not sign anyone
 * out. An aborted check changes nothing (it was superseded, e.g. by a logout).
 */
export const checkSession =
  (): SessionThunk<Promise<SessionCheckResult>> =>
  (dispatch, getState): Promise<SessionCheckResult> => {
    const running = checksInFlight.get(dispatch);
    if (running) return running;
    const check = (async (): Promise<SessionCheckResult> => {
      const token = readToken();
      if (!token) {
        cancelRecheck(dispatch);
        dispatch(sessionChecked({ user: null }));
        return { ok: false, error: null };
      }
      if (getState().session.status !== 'authenticated') dispatch(sessionCheckStarted());
      const result = await dispatch(
        api.endpoints.testToken.initiate(undefined, { forceRefetch: true, subscribe: false }),
      );
      // The token changed while we waited (logout or another login): that change decides.
      if (readToken() !== token) return { ok: false, error: null };
      if (result.data) {
        cancelRecheck(dispatch);
        dispatch(sessionChecked({ user: result.data }));
        return { ok: true, user: result.data };
      }
      const error = (result.error as ApiError | undefined) ?? null;
      if (error?.code === 'ABORTED') return { ok: false, error };
      if (!refusedByServer(error)) {
        scheduleRecheck(dispatch);
        return { ok: false, error };
      }
      cancelRecheck(dispatch);
      clearToken();
      void forgetOfflineData();
      dispatch(api.util.resetApiState());
      dispatch(sessionChecked({ user: null }));
      return { ok: false, error };
    })().finally(() => checksInFlight.delete(dispatch));
    checksInFlight.set(dispatch, check);
    return check;
  };

function scheduleRecheck(dispatch: (action: SessionThunk<Promise<SessionCheckResult>>) => unknown): void {
  const state = rechecks.get(dispatch) ?? { timer: undefined, tries: 0 };
  if (state.timer) return;
  const delay = Math.min(RECHECK_FIRST_DELAY_MS * 2 ** state.tries, RECHECK_MAX_DELAY_MS);
  state.tries += 1;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    void dispatch(checkSession());
  }, delay);
  rechecks.set(dispatch, state);
}

/**
 * After a successful login: stores the token (docs/product.md#session-lifetime-and-sign-out storage rules), drops any cached data of a
 * previous user and verifies the token, which loads the user. Resolves like `checkSession`.
 */
export const startSession =
  (token: string, options: SaveTokenOptions): SessionThunk<Promise<SessionCheckResult>> =>
  async (dispatch) => {
    saveToken(token, options);
    dispatch(api.util.resetApiState());
    const result = await dispatch(checkSession());
    if (result.ok) dispatch(loggedIn({ user: result.user }));
    return result;
  };

/** Clears the token in this tab and tells the other tabs (docs/product.md#session-lifetime-and-sign-out). */
export function broadcastLogout(): void {
  // Removing the shared token already fires the storage event; signal explicitly only if there was none.
  if (!clearToken()) broadcastLogoutSignal();
}

export type LogoutResult = { closedChatSessions: boolean };

/**
 * Logout (docs/product.md#session-lifetime-and-sign-out): first closes all chat sessions, then clears the token and local state, and
 * broadcasts to the other tabs. If closing fails it still logs out; `closedChatSessions: false`
 * tells the screen to show the warning.
 */
/**
 * Ends the server session of a token that this browser no longer holds: the gateway refuses the
 * token from the next request on (POST /login/logout, services/auth/README.md). Best effort: a
 * token that could not be revoked still expires with its session. Called right after `logOut`.
 */
export async function revokeServerSession(token: string): Promise<boolean> {
  try {
    await apiFetch('/login/logout', {
      method: 'POST',
      // The token is passed by hand: it has just been cleared from storage, and a 401 must not
      // be retried or trigger a session check.
      auth: false,
      headers: { authorization: `Bearer ${token}` },
    });
    return true;
  } catch {
    return false;
  }
}

export const logOut = (): SessionThunk<Promise<LogoutResult>> => async (dispatch) => {
  cancelRecheck(dispatch);
  let closedChatSessions = true;
  if (readToken()) {
    const closing = await dispatch(api.endpoints.closeAllChatSessions.initiate());
    closedChatSessions = !('error' in closing && closing.error);
  }
  broadcastLogout();
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
  await forgetOfflineData();
  return { closedChatSessions };
};

/**
 * Keeps this tab's session in step with the others and with the server: a logout in another tab
 * logs this one out, a login in another tab (new token) is re-checked, and a token the server
 * stopped accepting (401 after the retry) triggers a session check. Returns unsubscribe.
 */
export function startSessionSync(
  dispatch: (action: SessionThunk<Promise<SessionCheckResult>> | UnknownAction) => unknown,
): () => void {
  const stopTabs = onTokenChangeInOtherTab((token) => {
    dispatch(api.util.resetApiState());
    if (token === null) {
      clearToken();
      void forgetOfflineData();
      dispatch(loggedOut());
    }
    void dispatch(checkSession());
  });
  const stopUnauthorized = onUnauthorized(() => void dispatch(checkSession()));
  // A check that could not reach the server while offline is made again once it can.
  const recheck = () => void dispatch(checkSession());
  globalThis.addEventListener?.('online', recheck);
  return () => {
    stopTabs();
    stopUnauthorized();
    globalThis.removeEventListener?.('online', recheck);
  };
}
