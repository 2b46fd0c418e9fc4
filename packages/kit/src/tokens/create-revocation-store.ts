import type { Clock } from '../clock.ts';
import { MemoryRevocationStore } from './memory-revocation-store.ts';
import { RedisRevocationStore } from './redis-revocation-store.ts';
import type { RevocationStore } from './revocation-store.ts';

/** Redis when `redisUrl` is set (distributed), memory otherwise (embedded, tests). */
export function createRevocationStore(options: { redisUrl?: string; clock?: Clock } = {}): RevocationStore {
  return options.redisUrl
    ? new RedisRevocationStore({ url: options.redisUrl, clock: options.clock })
    : new MemoryRevocationStore({ clock: options.clock });
}
