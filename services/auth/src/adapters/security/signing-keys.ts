import { KeyObject, sign } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@innerview/kit/config';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, epochSeconds } from '@innerview/kit/tokens/index';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';

/** The key auth signs access tokens with, and the public half it publishes in the JWKS. */
export interface SigningKey {
  kid: string;
  alg: 'EdDSA' | 'ES256';
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface SigningKeySource {
  /** `AUTH_PRIVATE_JWK`: a private JWK as JSON (distributed mode). */
  privateJwk?: JWK;
  /** Where an embedded run keeps its generated key; undefined keeps it in memory only (tests). */
  keysDir?: string;
}

const PUBLIC_MEMBERS: Record<string, string[]> = { OKP: ['kty', 'crv', 'x'], EC: ['kty', 'crv', 'x', 'y'] };

function algorithmOf(jwk: JWK): 'EdDSA' | 'ES256' {
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  throw new ConfigError(
    'Invalid configuration: AUTH_PRIVATE_JWK: must be an Ed25519 (OKP) or P-256 (EC) key',
  );
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const alg = algorithmOf(jwk);
  if (typeof jwk.d !== 'string')
    throw new ConfigError('Invalid configuration: AUTH_PRIVATE_JWK: must be a private key (with "d")');
  const members = PUBLIC_MEMBERS[jwk.kty!]!;
  const bare = Object.fromEntries(members.map((m) => [m, jwk[m as keyof JWK]])) as JWK;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(bare));
  const privateKey = (await importJWK({ ...jwk, alg }, alg)) as CryptoKey;
  return { kid, alg, privateKey, publicJwk: { ...bare, kid, alg, use: 'sig' } };
}

async function generatePrivateJwk(): Promise<JWK> {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(pair.privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! }) };
}

/**
 * The configured key; or, in an embedded run, the one generated on first start and kept in
 * `<keysDir>/signing-key.jwk.json` (0600), so tokens survive a restart.
 */
export async function loadSigningKey(source: SigningKeySource): Promise<SigningKey> {
  if (source.privateJwk) return fromPrivateJwk(source.privateJwk);
  if (!source.keysDir) return fromPrivateJwk(await generatePrivateJwk());
  const file = path.join(source.keysDir, 'signing-key.jwk.json');
  mkdirSync(source.keysDir, { recursive: true, mode: 0o700 });
  try {
    return await fromPrivateJwk(JSON.parse(readFileSync(file, 'utf8')) as JWK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const jwk = await generatePrivateJwk();
  try {
    // `wx`: if two processes race on first start, one writes and the other reads the winner's key.
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fromPrivateJwk(JSON.parse(readFileSync(file, 'utf8')) as JWK);
  }
  return fromPrivateJwk(jwk);
}

export function jwksOf(key: SigningKey): JSONWebKeySet {
  return { keys: [key.publicJwk] };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const signers = new WeakMap<CryptoKey, { key: KeyObject; header: string }>();

function signerOf(key: SigningKey): { key: KeyObject; header: string } {
  let signer = signers.get(key.privateKey);
  if (!signer) {
    signer = {
      key: KeyObject.from(key.privateKey),
      header: base64url(JSON.stringify({ alg: key.alg, kid: key.kid, typ: 'JWT' })),
    };
    signers.set(key.privateKey, signer);
  }
  return signer;
}

/**
 * An access token for one session (claims: sub, sid, iat, exp, iss, aud): a compact JWS (RFC 7515)
 * signed with node:crypto on the calling thread. WebCrypto (jose's `SignJWT`) would queue the
 * signature on the libuv thread pool, behind the password hashes a login is waiting for.
 */
export function signAccessToken(
  key: SigningKey,
  claims: { userId: string; sessionId: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  const signer = signerOf(key);
  const payload = base64url(
    JSON.stringify({
      sid: claims.sessionId,
      sub: claims.userId,
      iss: ACCESS_TOKEN_ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat: epochSeconds(claims.issuedAt),
      exp: epochSeconds(claims.expiresAt),
    }),
  );
  const input = `${signer.header}.${payload}`;
  const signature =
    key.alg === 'EdDSA'
      ? sign(null, Buffer.from(input), signer.key)
      : sign('sha256', Buffer.from(input), { key: signer.key, dsaEncoding: 'ieee-p1363' });
  return Promise.resolve(`${input}.${base64url(signature)}`);
}
