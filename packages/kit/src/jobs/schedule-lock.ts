import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Redis lock that keeps a repeating job from overlapping with itself across replicas. BullMQ adds
 * a schedule's next run as soon as the current one starts, so a slow run, a worker concurrency above
 * one or a second replica could otherwise run the same sweep twice at once.
 *
 * The lock expires after `ttlMs` unless renewed, so a crashed holder blocks the schedule for at most
 * that long; while the run lasts it is renewed every third of the ttl.
 */
const ttlMs = 30_000;

// Renew or release only while the lock still holds our token: never touch another holder's lock.
const renewScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const releaseScript = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Runs `fn` if no other run holds `key`; returns false (without running it) when one does. */
export async function runExclusive(redis: Redis, key: string, fn: () => Promise<void>): Promise<boolean> {
  const token = randomUUID();
  const taken = await redis.set(key, token, 'PX', ttlMs, 'NX');
  if (taken !== 'OK') return false;
  const renew = setInterval(() => {
    redis.eval(renewScript, 1, key, token, ttlMs).catch(() => {
      // A failed renewal is retried at the next interval; expiry is the worst case.
    });
  }, ttlMs / 3);
  try {
    await fn();
    return true;
  } finally {
    clearInterval(renew);
    await redis.eval(releaseScript, 1, key, token).catch(() => {
      // Unreleased, the lock expires by itself after ttlMs.
    });
  }
}
