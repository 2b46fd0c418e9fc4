import { aadOf, fromBase64url, open, seal, toBase64url } from './aes-gcm.ts';
import { DecryptionError } from './errors.ts';
import { type KeyRing, keyOfVersion } from './key-ring.ts';

/** `s1.<key version>.<iv>.<ciphertext+tag>`: the key version travels with the payload. */
const PREFIX = 's1';

function payloadAad(version: number, aad: string): string {
  return aadOf('innerview.sealed.v1', version, aad);
}

/**
 * Encrypts a payload under a shared key ring (e.g. the event-payload key that a producer and its
 * consumers share), for data that travels between services or rests outside its owner's database
 * (outbox rows, bus streams). `aad` binds it to its context: event type and user.
 */
export function sealPayload(ring: KeyRing, plaintext: string, aad: string): string {
  const { version, key } = ring.current;
  const sealed = seal(key, Buffer.from(plaintext, 'utf8'), payloadAad(version, aad));
  return `${PREFIX}.${version}.${toBase64url(sealed.iv)}.${toBase64url(sealed.body)}`;
}

/** Opens a `sealPayload` result with whichever ring version sealed it; DecryptionError otherwise. */
export function openPayload(ring: KeyRing, sealed: string, aad: string): string {
  const [prefix, versionText, iv, body, extra] = sealed.split('.');
  if (
    prefix !== PREFIX ||
    !versionText ||
    !/^\d+$/.test(versionText) ||
    !iv ||
    body === undefined ||
    extra !== undefined
  )
    throw new DecryptionError('sealed payload is malformed or of an unknown version');
  const version = Number(versionText);
  return open(
    keyOfVersion(ring, version),
    fromBase64url(iv),
    fromBase64url(body),
    payloadAad(version, aad),
  ).toString('utf8');
}
