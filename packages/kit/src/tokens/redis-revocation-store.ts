import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import { epochSeconds, type RevocationStore } from './revocation-store.ts';

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
    return (await this.redis.exists(this.key(sessionId))) === 1;
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.owned) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(sessionId: string): string {
    return `${this.prefix}${sessionId}`;
  }
}
