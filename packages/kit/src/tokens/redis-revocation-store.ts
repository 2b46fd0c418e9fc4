import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import { epochSeconds, type RevocationStore, RevocationsIncompleteError } from './revocation-store.ts';

export interface RedisRevocationStoreOptions {
  /** `redis://…`; or pass a connected `client` the caller owns. */
  url?: string;
  client?: Redis;
  /** Key prefix; tests use their own to stay apart. Default `innerview:revoked:`. */
  prefix?: string;
  clock?: Clock;
}

/**
 * Redis adapter: one key per revoked session, expiring with the session, so every gateway and
 * service replica sees a logout on its very next request.
 */
export class RedisRevocationStore implements RevocationStore {
  private readonly redis: Redis;
  private readonly owned: boolean;
  private readonly prefix: string;
  private readonly clock: Clock;

  constructor(options: RedisRevocationStoreOptions) {
    if (!options.client && !options.url) throw new Error('RedisRevocationStore needs a url or a client');
    this.redis =
      options.client ??
      new Redis(options.url!, {
        // Fail a check fast instead of queueing it behind a reconnect: the verifier refuses then.
        maxRetriesPerRequest: 1,
        // A Redis that stopped answering (black-holed) fails the check within a second too.
        commandTimeout: 1000,
        enableOfflineQueue: true,
      });
    this.owned = !options.client;
    // Connection faults surface as rejected checks (the verifier answers "unavailable") and in
    // readiness; without a listener ioredis would print each reconnect failure.
    if (this.owned) this.redis.on('error', () => {});
    this.prefix = options.prefix ?? 'innerview:revoked:';
    this.clock = options.clock ?? systemClock;
  }

  async revokeSession(sessionId: string, untilEpochSeconds: number): Promise<void> {
    const ttl = untilEpochSeconds - epochSeconds(this.clock.now());
    if (ttl <= 0) return;
    const key = this.key(sessionId);
    // A session revoked twice keeps the later bound: NX creates, EXPIRE GT only ever extends.
    await this.redis.multi().set(key, '1', 'EX', ttl, 'NX').expire(key, ttl, 'GT').exec();
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    // One round trip: the session's key and the marker that says the cache is whole.
    const reply = await this.redis.multi().exists(this.key(sessionId)).exists(this.completeKey).exec();
    if (!reply) throw new Error('revocation check aborted');
    for (const [error] of reply) if (error) throw error;
    if (reply[0]![1] === 1) return true;
    // Not listed, and the cache was emptied since auth last filled it: "not revoked" cannot be told.
    if (reply[1]![1] !== 1) throw new RevocationsIncompleteError();
    return false;
  }

  async isComplete(): Promise<boolean> {
    return (await this.redis.exists(this.completeKey)) === 1;
  }

  async markComplete(): Promise<void> {
    await this.redis.set(this.completeKey, new Date().toISOString());
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.owned) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Set by auth once the cache holds every revocation; gone with everything else when Redis is emptied. */
  private get completeKey(): string {
    // `~` never appears in a session id (uuid), so the marker cannot collide with one.
    return `${this.prefix}~complete`;
  }

  private key(sessionId: string): string {
    return `${this.prefix}${sessionId}`;
  }
}
