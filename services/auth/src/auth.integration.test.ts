import { randomUUID } from 'node:crypto';
import { ManualClock } from '@innerview/kit/clock';
import { redisUrl } from '@innerview/kit/testing/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthHarness } from './testing/auth-harness.ts';
import { type IntegrationAuth, startIntegrationAuth } from './testing/integration-setup.ts';

// The auth service on the real PostgreSQL, with revocations and rate limits in the real Redis, and a
// separate Redis handle for the "gateway" verifier, as in a distributed deployment.
let auth: IntegrationAuth;
let h: AuthHarness;
const prefix = `test:${randomUUID()}:`;

beforeAll(async () => {
  auth = await startIntegrationAuth({
    databaseName: 'iv_auth',
    redisUrl: redisUrl(),
    revocationPrefix: `${prefix}revoked:`,
    rateLimitPrefix: `${prefix}rate`,
    clock: new ManualClock('2026-05-01T10:00:00.000Z'),
  });
  h = auth.harness;
});

afterAll(async () => {
  await auth?.stop();
});

const MIN = 60_000;
const json = async (response: Response) => ({ status: response.status, body: await response.json() });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const response = await run();
  const body = await response.json();
  return { ms: performance.now() - started, status: response.status, body };
}

describe('auth on PostgreSQL and Redis', () => {
  it('signs up, refuses login until verified, verifies once, then signs in', async () => {
    const body = h.signupBody();
    expect((await h.post('/api/v1/users/signup', body)).status).toBe(201);
    const token = h.tokenOf(
      await h.waitForEvent('auth.verification.requested', (e) => e.data.email === body.email),
    );
    expect((await json(await h.login(body.email, body.password))).body.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await h.post('/api/v1/users/verify', { token })).status).toBe(200);
    expect((await json(await h.post('/api/v1/users/verify', { token }))).body.already_verified).toBe(true);
    const signedIn = await json(await h.login(body.email, body.password));
    expect(signedIn.status).toBe(200);
    expect(await h.asGateway(signedIn.body.access_token)).not.toBeNull();
    // A second sign-up with the address answers the same and changes nothing.
    const again = await h.post('/api/v1/users/signup', h.signupBody({ email: body.email }));
    expect(again.status).toBe(201);
    expect((await h.login(body.email, body.password)).status).toBe(200);
  });

  it('expires a verification token after 24 hours', async () => {
    const body = h.signupBody();
    await h.post('/api/v1/users/signup', body);
    const token = h.tokenOf(
      await h.waitForEvent('auth.verification.requested', (e) => e.data.email === body.email),
    );
    h.clock.advance(24 * 60 * MIN);
    expect((await json(await h.post('/api/v1/users/verify', { token }))).body.code).toBe('TOKEN_EXPIRED');
  });

  it('follows the lockout timeline: counts, warning from 3, lock at 5 for 15 minutes, then a fresh start', async () => {
    const user = await h.verifiedUser();
    const bodies = [];
    for (let i = 0; i < 5; i += 1)
      bodies.push((await json(await h.login(user.email, 'Wrong-password1'))).body);
    expect(
      bodies.map((b) => [b.failed_login_attempts, b.remaining_attempts, b.warning?.title ?? null]),
    ).toEqual([
      [1, 4, null],
      [2, 3, null],
      [3, 2, 'Login Failed - Warning'],
      [4, 1, 'Login Failed - Warning'],
      [5, 0, null],
    ]);
    expect(bodies[4]).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      lock_minutes: 15,
      locked_until: new Date(h.clock.now().getTime() + 15 * MIN).toISOString(),
    });
    h.clock.advance(15 * MIN - 1000);
    expect((await h.login(user.email, user.password)).status).toBe(403);
    h.clock.advance(1000);
    expect((await h.login(user.email, user.password)).status).toBe(200);
  });

  it('counts concurrent failed attempts one by one', async () => {
    const user = await h.verifiedUser();
    await Promise.all(Array.from({ length: 4 }, () => h.login(user.email, 'Wrong-password1')));
    expect((await json(await h.login(user.email, 'Wrong-password1'))).body.code).toBe('ACCOUNT_LOCKED');
  });

  it('refuses a token on the very next request after logout, and every token after a password change', async () => {
    const me = await h.signedIn();
    expect((await h.post('/api/v1/login/logout', undefined, me.headers)).status).toBe(200);
    expect(await h.asGateway(me.token)).toBeNull();

    const second = await h.signedIn();
    const other = ((await (await h.login(second.email, second.password)).json()) as { access_token: string })
      .access_token;
    const changed = await h.call(
      'PATCH',
      '/api/v1/users/me/password',
      {
        current_password: second.password,
        new_password: 'Changed-pass1',
        confirm_new_password: 'Changed-pass1',
      },
      second.headers,
    );
    expect(changed.status).toBe(200);
    expect(await h.asGateway(second.token)).toBeNull();
    expect(await h.asGateway(other)).toBeNull();
    expect((await h.login(second.email, 'Changed-pass1')).status).toBe(200);
  });

  it('uses a reset token once, even when two requests race, and refuses it after an hour', async () => {
    const user = await h.verifiedUser();
    const request = async () => {
      const before = h.events.length;
      await h.post(`/api/v1/password-recovery/${encodeURIComponent(user.email)}`);
      return h.tokenOf(
        await h.waitForEvent(
          'auth.password-reset.requested',
          (e) => e.data.userId === user.userId && h.events.indexOf(e as never) >= before,
        ),
      );
    };
    const reset = (token: string) =>
      h.post('/api/v1/reset-password/', {
        token,
        new_password: 'Reset-pass1',
        confirm_new_password: 'Reset-pass1',
      });

    const token = await request();
    const raced = await Promise.all([reset(token), reset(token)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await json(await reset(token))).body).toEqual({
      detail: 'This reset link is invalid or has been used. Please request a new one.',
      code: 'TOKEN_INVALID',
    });

    const late = await request();
    h.clock.advance(60 * MIN);
    expect((await json(await reset(late))).body).toEqual({
      detail: 'This reset link has expired. Please request a new one.',
      code: 'TOKEN_EXPIRED',
    });
  });

  it('answers recovery the same, in similar time, whether or not the address has an account', async () => {
    const user = await h.verifiedUser();
    const known: Array<Awaited<ReturnType<typeof timed>>> = [];
    const unknown: Array<Awaited<ReturnType<typeof timed>>> = [];
    // Three each stays inside the per-account limit.
    for (let i = 0; i < 3; i += 1) {
      known.push(await timed(() => h.post(`/api/v1/password-recovery/${encodeURIComponent(user.email)}`)));
      unknown.push(await timed(() => h.post(`/api/v1/password-recovery/ghost-${i}%40example.com`)));
    }
    for (const answer of [...known, ...unknown]) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: {
          message: 'If an account exists for this address, a link to reset the password is on its way.',
        },
      });
    }
    expect(Math.abs(median(known.map((a) => a.ms)) - median(unknown.map((a) => a.ms)))).toBeLessThan(50);
    await h.waitForEvent('auth.password-reset.requested', (e) => e.data.userId === user.userId);
    await h.allJobsFinished();
    await h.allDelivered();
    const mailed = h.events
      .filter((e) => e.type === 'auth.password-reset.requested')
      .map((e) => (e.data as { email: string }).email);
    expect(mailed.some((email) => email.startsWith('ghost-'))).toBe(false);
  });

  it('takes about as long to refuse an unknown address as a wrong password', async () => {
    const user = await h.verifiedUser();
    const real: number[] = [];
    const ghost: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      real.push((await timed(() => h.login(user.email, 'Wrong-password1'))).ms);
      ghost.push((await timed(() => h.login(`ghost-login-${i}@example.com`, 'Wrong-password1'))).ms);
    }
    // Both pay for one argon2id check; a path that skipped it would answer about ten times faster.
    // The bound is loose because the machine is shared.
    const [a, b] = [median(real), median(ghost)];
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(3);
  });

  it('keeps revoked sessions refused after auth restarts with a fresh store', async () => {
    const me = await h.signedIn();
    await h.post('/api/v1/login/logout', undefined, me.headers);
    // The revocation is in the database: a service started on it refills any store it is given.
    const { MemoryRevocationStore } = await import('@innerview/kit/tokens/index');
    const { restoreRevocations } = await import('./actions/sessions.ts');
    const fresh = new MemoryRevocationStore({ clock: h.clock });
    const restored = await restoreRevocations({
      service: h.service.ctx as never,
      revocations: fresh,
      limiter: auth.rateLimiter,
      eventPayloadKeys: undefined as never,
      signingKey: () => Promise.reject(new Error('unused')),
    });
    expect(restored).toBeGreaterThan(0);
    expect(await fresh.isRevoked(me.headers['x-innerview-session-id']!)).toBe(true);
  });
});
