import type { Queryable } from '@innerview/kit';
import { epochSeconds } from '@innerview/kit/tokens/index';
import { v7 as uuidv7 } from 'uuid';
import { signAccessToken } from '../adapters/security/signing-keys.ts';
import type { AuthContext } from '../auth-context.ts';
import {
  findSession,
  insertSession,
  liveSessions,
  markRevoked,
  revokedUnexpiredSessions,
} from '../db/sessions.ts';
import { sessionExpiry } from '../domain/lifetimes.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** A new session and its access token (claims sub, sid, iat, exp, iss, aud). */
export async function startSession(
  auth: AuthContext,
  userId: string,
  rememberMe: boolean,
): Promise<TokenResponse> {
  const now = auth.service.clock.now();
  const id = uuidv7();
  const expiresAt = sessionExpiry(now, rememberMe);
  await insertSession(auth.service.db, { id, userId, rememberMe, createdAt: now, expiresAt });
  const token = await signAccessToken(await auth.signingKey(), {
    userId,
    sessionId: id,
    issuedAt: now,
    expiresAt,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: epochSeconds(expiresAt) - epochSeconds(now),
  };
}

/**
 * Revokes the user's live sessions (all, or the one `onlySessionId`). The revocation store is
 * written BEFORE the database commits: if the commit fails, the worst case is a user signed out
 * once too often, never a revoked token that the gateway still accepts.
 */
async function revoke(
  auth: AuthContext,
  q: Queryable,
  userId: string,
  onlySessionId?: string,
): Promise<number> {
  const now = auth.service.clock.now();
  const live = await liveSessions(q, userId, now, onlySessionId);
  await Promise.all(live.map((s) => auth.revocations.revokeSession(s.id, epochSeconds(s.expiresAt))));
  await markRevoked(
    q,
    live.map((s) => s.id),
    now,
  );
  return live.length;
}

/** Logout: ends one session of its own user (someone else's session id does nothing). */
export function revokeSession(
  auth: AuthContext,
  userId: string,
  sessionId: string,
  q?: Queryable,
): Promise<number> {
  return revoke(auth, q ?? auth.service.db, userId, sessionId);
}

/**
 * Ends every session of a user at once: password change, password reset, account deletion.
 * Pass the open transaction as `q` to tie the revocation to the change that causes it.
 */
export function revokeAllSessions(auth: AuthContext, userId: string, q?: Queryable): Promise<number> {
  return revoke(auth, q ?? auth.service.db, userId);
}

/** A session check of the database itself (test-token): known, the user's, not revoked, not expired. */
export async function isSessionActive(
  auth: AuthContext,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const session = await findSession(auth.service.db, sessionId);
  return (
    session !== undefined &&
    session.userId === userId &&
    session.revokedAt === null &&
    session.expiresAt.getTime() > auth.service.clock.now().getTime()
  );
}

/**
 * Refills the revocation store from the database and marks it complete. A memory store (embedded)
 * starts empty after a restart, a Redis one may come back empty, and revoked tokens must stay
 * refused until they expire. The second pass picks up a logout that wrote the store before it was
 * emptied but committed after the first read (ADR 38).
 */
export async function restoreRevocations(auth: AuthContext): Promise<number> {
  const restored = await writeRevokedSessions(auth);
  await auth.revocations.markComplete();
  await writeRevokedSessions(auth);
  return restored;
}

async function writeRevokedSessions(auth: AuthContext): Promise<number> {
  const rows = await revokedUnexpiredSessions(auth.service.db, auth.service.clock.now());
  for (let i = 0; i < rows.length; i += 100) {
    await Promise.all(
      rows.slice(i, i + 100).map((s) => auth.revocations.revokeSession(s.id, epochSeconds(s.expiresAt))),
    );
  }
  return rows.length;
}

/**
 * Watches the revocation store and refills it from the database whenever it reports itself
 * incomplete (a Redis restarted without persistence, or failed over to a replica that had not
 * caught up). Verifiers refuse tokens with 503 until then, so this runs often. Returns the stop.
 */
export function keepRevocationsComplete(auth: AuthContext, everyMs = 1000): () => Promise<void> {
  const { log } = auth.service;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const check = async () => {
    try {
      if (await auth.revocations.isComplete()) return;
      const restored = await restoreRevocations(auth);
      log.warn({ restored }, 'revocation cache was emptied; restored from the database');
    } catch {
      // Redis or the database is away: the next round tries again; verifiers refuse meanwhile.
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check().finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
