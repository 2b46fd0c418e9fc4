import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  createTokenVerifier,
  MemoryRevocationStore,
} from '@innerview/kit/tokens/index';
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { jwksOf, loadSigningKey, signAccessToken } from './signing-keys.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'auth-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const claims = () => {
  const issuedAt = new Date();
  return { userId: 'u-1', sessionId: 's-1', issuedAt, expiresAt: new Date(issuedAt.getTime() + 60_000) };
};

describe('signing keys', () => {
  it('generates an Ed25519 key on first start, keeps it private (0600), and reuses it', async () => {
    const keysDir = path.join(dir, 'auth', 'keys');
    const first = await loadSigningKey({ keysDir });
    const file = path.join(keysDir, 'signing-key.jwk.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      d: expect.any(String),
    });
    const again = await loadSigningKey({ keysDir });
    expect(again.kid).toBe(first.kid);
    expect(again.publicJwk).toEqual(first.publicJwk);
  });

  it('publishes only the public half', async () => {
    const key = await loadSigningKey({});
    const [published] = jwksOf(key).keys;
    expect(published).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: key.kid,
      alg: 'EdDSA',
      use: 'sig',
    });
  });

  it('signs tokens the kit verifier accepts, with a configured P-256 key too', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(pair.privateKey);
    for (const key of [await loadSigningKey({}), await loadSigningKey({ privateJwk })]) {
      const verifier = createTokenVerifier({
        jwks: async () => jwksOf(key),
        revocations: new MemoryRevocationStore(),
      });
      expect(await verifier.verify(await signAccessToken(key, claims()))).toEqual({
        userId: 'u-1',
        sessionId: 's-1',
      });
    }
  });

  it('writes the header and claims a JWT verifier expects (checked with jose)', async () => {
    const key = await loadSigningKey({});
    const token = await signAccessToken(key, claims());
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, 'EdDSA'), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: 'u-1', sid: 's-1' });
    expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
    // A changed payload no longer verifies.
    const [header, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: 'u-2' })).toString('base64url');
    expect(body).not.toBe(forged);
    await expect(
      jwtVerify(`${header}.${forged}.${signature}`, await importJWK(key.publicJwk, 'EdDSA')),
    ).rejects.toThrow();
  });

  it('refuses a configured key that is public only or of another kind, with a clear message', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    await expect(loadSigningKey({ privateJwk: await exportJWK(pair.publicKey) })).rejects.toThrow(
      'AUTH_PRIVATE_JWK: must be a private key',
    );
    await expect(loadSigningKey({ privateJwk: { kty: 'oct', k: 'c2VjcmV0' } })).rejects.toThrow(
      'AUTH_PRIVATE_JWK: must be an Ed25519 (OKP) or P-256 (EC) key',
    );
  });
});
