import { createECDH } from 'node:crypto';

/** A VAPID pair as `web-push generate-vapid-keys` makes it: P-256, base64url, a 32-byte private key. */
export function vapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
  };
}
