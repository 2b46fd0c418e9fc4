// What NODE_ENV=production refuses in every service's configuration: a missing secret (a service
// would otherwise generate one per replica, or turn a feature off in silence) and a secret whose
// value is one of the development values published in this repository (docker-compose.yml, the
// k8s dev overlay): anyone can read those, so data sealed with them is sealed for no one.
import { createHash } from 'node:crypto';

/**
 * Secrets every service that declares them needs in production. A service opts in by having the
 * setting in its schema; the gateway's signing key (`INTERNAL_SIGNING_KEY`) is checked the same way.
 */
export const productionSecrets = [
  'MASTER_KEY',
  'EVENT_PAYLOAD_KEY',
  'INTERNAL_SIGNING_KEY',
  'AUTH_PRIVATE_JWK',
  'VAPID_PRIVATE_KEY',
] as const;

/**
 * SHA-256 of the published development values (for a JWK: of its private member `d`). Kept as
 * fingerprints so no one mistakes this list for defaults; infra/production-config.test.ts proves
 * that every secret value published in docker-compose.yml and the dev overlay is listed here.
 */
export const publishedDevelopmentSecrets = new Set([
  '1f54a2f2c89cf8563431e73f7d910ad028e70dc85f5d14bcd40f7b1cdbe0b279', // MASTER_KEY (compose, dev overlay)
  '2efc4b0c219709fff64a62c1989496ed92a2497e7086b33fa3769b2c06dc2951', // EVENT_PAYLOAD_KEY
  'c279a3c611d23ff8b3d29ae9fe07846c61657b1d7bb4b34a924784f602361a87', // INTERNAL_SIGNING_KEY
  'f143d917a1919b164e35baade596a02a16aa971b40cf7aeb5d9eb547903a9be4', // AUTH_PRIVATE_JWK (d)
  '559406d158b8ac6954e9813e992b0f77114cbb1c2cb7f3a36d4996008e33de70', // VAPID_PRIVATE_KEY
]);

/** The fingerprint a secret's value is compared by: a JWK's private member, else the value. */
export function secretFingerprint(value: unknown): string {
  const text =
    value && typeof value === 'object' && 'd' in value ? String((value as { d: unknown }).d) : String(value);
  return createHash('sha256').update(text.trim()).digest('hex');
}

/**
 * The first production rule `config` breaks, as the one line the service stops with, or undefined.
 * `declared` are the settings the service's schema has (only those are required of it).
 */
export function productionProblem(
  config: Record<string, unknown>,
  declared: readonly string[],
): string | undefined {
  if (config.NODE_ENV !== 'production') return undefined;
  for (const name of productionSecrets) {
    if (!declared.includes(name)) continue;
    const value = config[name];
    if (value === undefined || value === '')
      return `Invalid configuration: ${name}: required in production (NODE_ENV=production)`;
  }
  for (const name of declared) {
    const value = config[name];
    if (value !== undefined && value !== '' && publishedDevelopmentSecrets.has(secretFingerprint(value)))
      return `Invalid configuration: ${name}: this is a published development value; production needs its own (see docs/operations.md)`;
  }
  return undefined;
}
