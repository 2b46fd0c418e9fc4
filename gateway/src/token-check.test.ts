import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@innerview/kit/tokens/claims';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deadUrl,
  startFakeUpstream,
  startTestGateway,
  type TestGateway,
} from './test-support/fake-upstreams.ts';
import { createTokenCheck, type TokenCheck } from './token-check.ts';

let gateway: TestGateway | undefined;
let check: TokenCheck | undefined;
let stopAuth: (() => Promise<void>) | undefined;
afterEach(async () => {
  await gateway?.stop();
  await check?.close();
  await stopAuth?.();
  stopAuth = undefined;
  gateway = undefined;
  check = undefined;
});

async function signer() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  const sign = (claims: { sub: string; sid: string }, expiresIn = '15m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { jwks: { keys: [jwk] }, sign };
}

describe('the gateway with token verification from the auth JWKS', () => {
  it('passes the verified user on and nobody for a forged or foreign token', async () => {
    const { jwks, sign } = await signer();
    const other = await signer();
    const auth = await startFakeUpstream('auth');
    stopAuth = auth.close;
    auth.handle = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/.well-known/jwks.json' ? JSON.stringify(jwks) : '{}');
    };
    check = createTokenCheck({ authUrl: auth.url });
    gateway = await startTestGateway({ authenticate: check.authenticate });
    const sid = randomUUID();
    await fetch(`${gateway.url}/api/v1/chat/active-sessions`, {
      headers: {
        authorization: `Bearer ${await sign({ sub: 'user-7', sid })}`,
        'x-innerview-user-id': 'forged',
      },
    });
    expect(gateway.upstreams.chat.seen.at(-1)?.headers['x-innerview-user-id']).toBe('user-7');
    expect(gateway.upstreams.chat.seen.at(-1)?.headers['x-innerview-session-id']).toBe(sid);

    await fetch(`${gateway.url}/api/v1/chat/active-sessions`, {
      headers: { authorization: `Bearer ${await other.sign({ sub: 'user-7', sid })}` },
    });
    expect(gateway.upstreams.chat.seen.at(-1)?.headers['x-innerview-user-id']).toBeUndefined();
  });

  it('answers 503 when a token arrives and the signing keys cannot be fetched', async () => {
    const { sign } = await signer();
    check = createTokenCheck({ authUrl: await deadUrl() });
    gateway = await startTestGateway({ authenticate: check.authenticate });
    const res = await fetch(`${gateway.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${await sign({ sub: 'u', sid: 's' })}` },
    });
    expect(res.status).toBe(503);
    // Without a token nothing needs checking: public calls still work.
    expect((await fetch(`${gateway.url}/api/v1/users/signup`, { method: 'POST' })).status).toBe(200);
  });
});
