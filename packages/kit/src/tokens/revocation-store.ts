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
  close(): Promise<void>;
}

/** Seconds since the epoch, the unit of JWT `exp`. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
