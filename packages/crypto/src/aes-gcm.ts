import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptionError } from './errors.ts';

/** AES-256-GCM with a random 96-bit nonce per message and a 128-bit tag (NIST SP 800-38D). */
export const KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export interface Sealed {
  iv: Buffer;
  /** Ciphertext followed by the tag. */
  body: Buffer;
}

export function seal(key: Uint8Array, plaintext: Uint8Array, aad: string): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, body };
}

/** Throws DecryptionError unless the tag matches key, nonce, ciphertext and `aad` together. */
export function open(key: Uint8Array, iv: Uint8Array, body: Uint8Array, aad: string): Buffer {
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new DecryptionError('ciphertext is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError('ciphertext failed authentication (tampered, or wrong user, field or key)');
  }
}

const base64url = /^[A-Za-z0-9_-]*$/;

export function toBase64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** Strict: Node's own decoder silently skips characters outside the alphabet. */
export function fromBase64url(text: string): Buffer {
  if (!base64url.test(text)) throw new DecryptionError('ciphertext is malformed');
  return Buffer.from(text, 'base64url');
}

/**
 * Additional data as an unambiguous string: a JSON array, so `("a:b", "c")` and `("a", "b:c")`
 * never collide the way joined strings would.
 */
export function aadOf(...parts: Array<string | number>): string {
  return JSON.stringify(parts);
}
