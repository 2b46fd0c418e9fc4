import { signCall } from '../trust.ts';
import type { RevocationStore } from './revocation-store.ts';

/** What a token verifier reads: whether a session is revoked. */
export type RevocationReader = Pick<RevocationStore, 'isRevoked'>;

export interface RevocationFallbackOptions {
  /** The fast store (Redis), asked first. */
  primary: RevocationReader;
  /** The durable source (auth's database, over a signed call), asked when the store cannot answer. */
  durable: (sessionId: string) => Promise<boolean>;
  /**
   * After the store failed, how long to go to the durable source directly: a Redis that is away
   * answers each command only when its client gives up (1 s), which every request would wait.
   */
  primaryPauseMs?: number;
  now?: () => number;
  onFallback?: (error: unknown) => void;
}

/**
 * Reads revocations from the store and, when it cannot answer (down, or emptied and not yet
 * refilled), from the durable source. A revoked token is never accepted: the durable source holds
 * every revocation, and when neither answers the read fails (the gateway answers 503).
 */
export function withRevocationFallback(options: RevocationFallbackOptions): RevocationReader {
  const pauseMs = options.primaryPauseMs ?? 5_000;
  const now = options.now ?? Date.now;
  let skipPrimaryUntil = 0;
  return {
    async isRevoked(sessionId) {
      if (now() >= skipPrimaryUntil) {
        try {
          return await options.primary.isRevoked(sessionId);
        } catch (error) {
          skipPrimaryUntil = now() + pauseMs;
          options.onFallback?.(error);
        }
      }
      return options.durable(sessionId);
    },
  };
}

/**
 * Auth's durable answer (`GET /internal/sessions/:id/revoked` on the auth service), asked as the
 * gateway with its signing key. Throws when auth cannot answer, so the caller answers 503.
 */
export async function askAuthIfRevoked(
  authUrl: string,
  signingKey: string,
  sessionId: string,
  timeoutMs = 2_000,
): Promise<boolean> {
  const path = `/internal/sessions/${encodeURIComponent(sessionId)}/revoked`;
  const res = await fetch(new URL(path, authUrl), {
    headers: signCall(signingKey, { caller: 'gateway', method: 'GET', path }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status === 422) return true; // not a session id auth could have issued
  if (!res.ok) throw new Error(`auth answered ${res.status} on a revocation`);
  return ((await res.json()) as { revoked: boolean }).revoked === true;
}
