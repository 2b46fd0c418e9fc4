import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits as base64url: what the mail carries. Only its SHA-256 is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A keyed-free digest of an address for counters about addresses without an account. */
export function emailDigest(normalisedEmail: string): string {
  return createHash('sha256').update(`innerview-login:${normalisedEmail}`, 'utf8').digest('hex');
}

/** A digest of the client's address for the per-(address, client) lockout: no IP is stored. */
export function clientDigest(address: string): string {
  return createHash('sha256').update(`innerview-client:${address}`, 'utf8').digest('hex');
}
