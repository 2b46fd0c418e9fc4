import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from './claims.ts';
import { MemoryRevocationStore } from './memory-revocation-store.ts';
import type { RevocationStore } from './revocation-store.ts';
import { bearerToken, createTokenVerifier, TokenCheckUnavailableError } from './token-verifier.ts';

type Keys = { privateKey: CryptoKey; publicJwk: JWK };

async function makeKeys(kid: string, alg: 'EdDSA' | 'ES256' = 'EdDSA'): Promise<Keys> {
  const pair = await generateKeyPair(alg, alg === 'EdDSA' ? { crv: 'Ed25519' } : {});
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
  return { privateKey: pair.privateKey, publicJwk };
}

const clock = new ManualClock('2026-05-01T12:00:00Z');
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

async function sign(
  keys: Keys,
  claims: Record<string, unknown> = {},
  options: { alg?: string; exp?: number; issuer?: string; audience?: string; omitSid?: boolean } = {},
): Promise<string> {
  const payload = options.omitSid ? { ...claims } : { sid: randomUUID(), ...claims };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? (keys.publicJwk.alg as string), kid: keys.publicJwk.kid })
    .setSubject('0197a6c2-1111-7000-8000-000000000001')
    .setIssuer(options.issuer ?? ACCESS_TOKEN_ISSUER)
    .setAudience(options.audience ?? ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(nowSeconds())
    .setExpirationTime(options.exp ?? nowSeconds() + 3600)
    .sign(keys.privateKey);
}

describe('token verifier', () => {
  let keys: Keys;
  let set: JSONWebKeySet;
  const revocations = new MemoryRevocationStore({ clock });
  const verifier = () => createTokenVerifier({ jwks: async () => set, revocations, clock });

  beforeAll(async () => {
    keys = await makeKeys('k1');
    set = { keys: [keys.publicJwk] };
  });

  it('accepts a good token given as an Authorization header or bare, and says who and which session', async () => {
    const sid = randomUUID();
    const token = await sign(keys, { sid });
    const expected = { userId: '0197a6c2-1111-7000-8000-000000000001', sessionId: sid };
    expect(await verifier().verify(`Bearer ${token}`)).toEqual(expected);
    expect(await verifier().verify(`bearer   ${token}`)).toEqual(expected);
    expect(await verifier().verify(token)).toEqual(expected);
  });

  it('accepts ES256 keys too', async () => {
    const ec = await makeKeys('ec1', 'ES256');
    const v = createTokenVerifier({ jwks: async () => ({ keys: [ec.publicJwk] }), revocations, clock });
    expect(await v.verify(await sign(ec))).not.toBeNull();
  });

  it('refuses nothing, blanks and garbage', async () => {
    const v = verifier();
    for (const bad of [
      undefined,
      null,
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'a.b',
      'x'.repeat(5000),
    ]) {
      expect(await v.verify(bad)).toBeNull();
    }
    expect(await v.verify('Bearer eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln')).toBeNull();
  });

  it('refuses an expired token, by the injected clock', async () => {
    const token = await sign(keys, {}, { exp: nowSeconds() + 60 });
    const v = verifier();
    expect(await v.verify(token)).not.toBeNull();
    clock.advance(61_000);
    expect(await v.verify(token)).toBeNull();
  });

  it('refuses a token signed by another key, even one claiming a known key id', async () => {
    const forger = await makeKeys('k1');
    expect(await verifier().verify(await sign(forger))).toBeNull();
    const stranger = await makeKeys('unknown');
    expect(await verifier().verify(await sign(stranger))).toBeNull();
  });

  it('refuses another issuer or audience, and a token without a session id', async () => {
    expect(await verifier().verify(await sign(keys, {}, { issuer: 'someone-else' }))).toBeNull();
    expect(await verifier().verify(await sign(keys, {}, { audience: 'another-app' }))).toBeNull();
    expect(await verifier().verify(await sign(keys, {}, { omitSid: true }))).toBeNull();
  });

  it('refuses a symmetric (HS256) token even when its secret is the public key', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(keys.publicJwk));
    const token = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setSubject('u')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 60)
      .sign(secret);
    expect(await verifier().verify(token)).toBeNull();
  });

  it('refuses a revoked session on the very next check', async () => {
    const sid = randomUUID();
    const token = await sign(keys, { sid });
    const v = verifier();
    expect(await v.verify(token)).not.toBeNull();
    await revocations.revokeSession(sid, nowSeconds() + 3600);
    expect(await v.verify(token)).toBeNull();
  });

  it('fetches the key set once and reuses it', async () => {
    let loads = 0;
    const v = createTokenVerifier({
      jwks: async () => {
        loads += 1;
        return set;
      },
      revocations,
      clock,
    });
    const token = await sign(keys);
    await Promise.all([v.verify(token), v.verify(token), v.verify(token)]);
    await v.verify(token);
    expect(loads).toBe(1);
  });

  it('picks up a rotated key by fetching again on an unknown key id', async () => {
    const next = await makeKeys('k2');
    let current: JSONWebKeySet = set;
    const v = createTokenVerifier({ jwks: async () => current, revocations, clock, cooldownMs: 0 });
    expect(await v.verify(await sign(keys))).not.toBeNull();
    current = { keys: [keys.publicJwk, next.publicJwk] };
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await v.verify(await sign(next))).not.toBeNull();
  });

  it('reads the key set from a URL', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(set));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const v = createTokenVerifier({
        jwks: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        revocations,
        clock,
      });
      expect(await v.verify(await sign(keys))).not.toBeNull();
    } finally {
      server.close();
    }
  });

  it('says "unavailable" (not "invalid") when no keys can be had or revocations cannot be read', async () => {
    const token = await sign(keys);
    const noKeys = createTokenVerifier({
      jwks: async () => {
        throw new Error('connection refused');
      },
      revocations,
      clock,
    });
    await expect(noKeys.verify(token)).rejects.toBeInstanceOf(TokenCheckUnavailableError);
    const broken: RevocationStore = {
      revokeSession: async () => {},
      isRevoked: async () => {
        throw new Error('redis down');
      },
      ping: async () => {},
      isComplete: async () => true,
      markComplete: async () => {},
      close: async () => {},
    };
    const noStore = createTokenVerifier({ jwks: async () => set, revocations: broken, clock });
    await expect(noStore.verify(token)).rejects.toBeInstanceOf(TokenCheckUnavailableError);
    // A garbage token is refused before either is asked.
    expect(await noStore.verify('nonsense')).toBeNull();
  });

  it('keeps the keys it has when a later fetch fails', async () => {
    let fail = false;
    const v = createTokenVerifier({
      jwks: async () => {
        if (fail) throw new Error('auth restarting');
        return set;
      },
      revocations,
      clock,
      cacheMaxAgeMs: 0,
    });
    const token = await sign(keys);
    expect(await v.verify(token)).not.toBeNull();
    fail = true;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await v.verify(token)).not.toBeNull();
  });
});

describe('bearerToken', () => {
  it('takes the JWT out of an Authorization header', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('a.b.c')).toBe('a.b.c');
    expect(bearerToken('Bearer a.b')).toBeNull();
    expect(bearerToken('Bearer a.b.c d')).toBeNull();
  });
});
