import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The header that carries the shared secret of internal (service-to-service) calls. */
export const INTERNAL_TOKEN_HEADER = 'x-innerview-internal-token';

/**
 * The internal-call secret: `INTERNAL_TOKEN` when set (distributed runs: the same value on files
 * and chat); in an embedded run, where all services share one data directory, generated on first
 * start into `<DATA_DIR>/shared/internal-token` (0600) and read by every service from there;
 * without either, a random one for this process (tests: pass the value to both sides).
 */
export function loadOrCreateInternalToken(options: { value?: string; dataDir?: string }): string {
  if (options.value) return options.value;
  if (!options.dataDir) return randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, 'shared', 'internal-token');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // `wx`: when two services race on first start, one writes and the other reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < 32) throw new Error(`The internal token file ${file} is damaged: delete it and restart`);
  return token;
}

/** Constant-time comparison of a presented token with the expected one. */
export function internalTokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
