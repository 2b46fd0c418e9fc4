import { moveDateWith } from '@innerview/kit/testing/moved-date';
import { describe, expect, it } from 'vitest';
import { type AuthHarness, useAuthHarness } from './testing/auth-harness.ts';

// Real limits here (the other test files raise them a hundredfold).
let h: AuthHarness;
useAuthHarness(
  (harness) => {
    h = harness;
  },
  { env: { AUTH_RATE_LIMIT_MULTIPLIER: '1' } },
);
// The rate limiter reads Date.now(): `advance` moves it together with the service's clock.
const advance = moveDateWith(() => h.clock);

const MIN = 60_000;

describe('rate limits (429 in the error shape, with Retry-After)', () => {
  it('limits password recovery per account: 3 per 15 minutes', async () => {
    const recover = () => h.post('/api/v1/password-recovery/someone%40example.com');
    for (let i = 0; i < 3; i += 1) expect((await recover()).status).toBe(200);
    const limited = await recover();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(15 * 60);
    expect(await limited.json()).toEqual({
      detail: 'Rate limit exceeded',
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      retry_after_seconds: 900,
    });
    advance(15 * MIN);
    expect((await recover()).status).toBe(200);
  });

  it('limits verification resends per account: 3 per 15 minutes', async () => {
    const resend = () => h.post('/api/v1/users/verify/resend', { email: 'pending@example.com' });
    for (let i = 0; i < 3; i += 1) expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
  });

  it('limits recovery per IP across addresses: 10 per 15 minutes', async () => {
    advance(15 * MIN);
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await h.post(`/api/v1/password-recovery/ip${i}%40example.com`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits login per IP: 30 a minute, whatever the addresses', async () => {
    advance(15 * MIN);
    const statuses = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await h.login(`spray${i}@example.com`, 'Wrong-password1')).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    advance(MIN);
    expect((await h.login('spray0@example.com', 'Wrong-password1')).status).toBe(401);
  });

  it('one client is locked by the spec rule before any account-wide limit answers', async () => {
    advance(15 * MIN);
    const statuses = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await h.login('target@example.com', 'Wrong-password1')).status);
      // Spread over minutes so the per-IP limit is not what answers.
      advance(20_000);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    // Locked for this client; the lock answers without counting further failures.
    expect(statuses.slice(4).every((s) => s === 403)).toBe(true);
  });
});
