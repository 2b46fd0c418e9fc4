import { createECDH } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@innerview/kit';
import webpush from 'web-push';
import type { NotificationsConfig } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The embedded contact: push services may write to it about this sender. */
const EMBEDDED_SUBJECT = 'mailto:support@innerview.ch';

/** The public half of a private key, so a pair that does not belong together stops the service. */
function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The VAPID pair from the configuration (required with PostgreSQL, checked by the schema), or, in
 * an embedded run, the pair kept in `<DATA_DIR>/notifications/vapid.json` (made on first start,
 * 0600: browsers' subscriptions are bound to the public key, so it must outlive a restart).
 * `memory://` (tests) makes a throw-away pair unless given.
 */
export function loadOrCreateVapidKeys(config: NotificationsConfig): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? EMBEDDED_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    let derived: string | undefined;
    try {
      derived = publicKeyOf(config.VAPID_PRIVATE_KEY);
    } catch {
      // reported below
    }
    if (derived !== config.VAPID_PUBLIC_KEY)
      throw new ConfigError(
        'Invalid configuration: VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
      );
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.DATABASE_URL === 'memory://') return { ...webpush.generateVAPIDKeys(), subject };
  const file = path.join(config.DATA_DIR, 'notifications', 'vapid.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (publicKeyOf(kept.privateKey) === kept.publicKey) return { ...kept, subject };
  } catch {
    // none yet (or unreadable): make one
  }
  const pair = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...pair, subject };
}
