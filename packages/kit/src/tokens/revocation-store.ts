/**
 * Which sessions were ended before their tokens expire (logout, password change or reset, account
 * deletion). Auth writes; the gateway (and any service that verifies tokens) reads on every request.
 * An entry only needs to live until the session's last token expires, so adapters drop it then.
 * Adapters: memory (embedded: one instance shared by auth and gateway in the process) and Redis.
 */
export interface RevocationStore {
  /** Marks `sessionId` revoked until `untilEpochSeconds` (the session's expiry). Idempotent. */
  revokeSession(sessionId: string, untilEpochSeconds: number): Promise<void>;
  /** True while `sessionId` is revoked. */
  isRevoked(sessionId: string): Promise<boolean>;
  /** Throws when the store cannot answer (readiness). */
  ping(): Promise<void>;
  /**
   * Whether the store holds every revocation of the durable source (auth's `sessions` table). A
   * cache that lost its contents (a Redis that came back empty) is incomplete until auth has
   * written them back and called `markComplete`; until then `isRevoked` rejects with
   * `RevocationsIncompleteError`, so a revoked token is refused (503), never accepted (ADR 38).
   */
  isComplete(): Promise<boolean>;
  /** Auth, after writing every revoked, unexpired session from its database into the store. */
  markComplete(): Promise<void>;
  close(): Promise<void>;
}

/** Seconds since the epoch, the unit of JWT `exp`. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** `isRevoked` on a cache that lost its contents and has not been refilled from the database yet. */
export class RevocationsIncompleteError extends Error {
  override name = 'RevocationsIncompleteError';
  constructor() {
    super('the revocation cache lost its contents and is being restored from the database');
  }
}
