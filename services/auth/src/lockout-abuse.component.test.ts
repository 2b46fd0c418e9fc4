import { moveDateWith } from '@innerview/kit/testing/moved-date';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { describe, expect, it } from 'vitest';
import { type AuthHarness, useAuthHarness } from './testing/auth-harness.ts';

// Real limits (the other files raise them a hundredfold): the attack is about the limits themselves.
let h: AuthHarness;
useAuthHarness(
  (harness) => {
    h = harness;
  },
  { env: { AUTH_RATE_LIMIT_MULTIPLIER: '1' } },
  120_000,
);
// The rate limiter reads Date.now(): `advance` moves it together with the service's clock.
const advance = moveDateWith(() => h.clock);

const MIN = 60_000;
const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.4';

async function loginFrom(address: string, email: string, password: string) {
  const response = await signedFetch(h.service, `${h.url}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'x-innerview-client-ip': address },
    body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '' }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** 22 wrong passwords, spread so the attacker's per-IP limit (30 a minute) is not what answers. */
async function attack(email: string, from = ATTACKER) {
  const statuses: number[] = [];
  for (let i = 0; i < 22; i += 1) {
    statuses.push((await loginFrom(from, email, 'Wrong-password1')).status);
    advance(2_000);
  }
  return statuses;
}

describe('lockout abuse: a stranger cannot keep the owner out', () => {
  it("locks the attacker's address, lets the owner in from elsewhere at once and from there after the lock", async () => {
    const victim = await h.verifiedUser();
    const statuses = await attack(victim.email);
    // The spec's rule holds for the attacking client: warnings, then the lock at the fifth.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((s) => s === 403)).toBe(true);
    const attacker = await loginFrom(ATTACKER, victim.email, 'Wrong-password1');
    expect(attacker.body).toMatchObject({ code: 'ACCOUNT_LOCKED', title: 'Account Temporarily Locked' });

    // The owner, from their own address, is not locked and not throttled.
    expect((await loginFrom(VICTIM, victim.email, victim.password)).status).toBe(200);
    // From the attacker's address (a shared network) the lock applies until it has passed…
    expect((await loginFrom(ATTACKER, victim.email, victim.password)).status).toBe(403);
    advance(15 * MIN);
    // …then the right password works.
    expect((await loginFrom(ATTACKER, victim.email, victim.password)).status).toBe(200);
  });

  it('a reset by mail ends every lock of the address at once', async () => {
    advance(15 * MIN);
    const victim = await h.verifiedUser();
    await attack(victim.email, VICTIM);
    expect((await loginFrom(VICTIM, victim.email, victim.password)).status).toBe(403);
    const recovery = await signedFetch(
      h.service,
      `${h.url}/api/v1/password-recovery/${encodeURIComponent(victim.email)}`,
      {
        method: 'POST',
        headers: { 'x-innerview-client-ip': '192.0.2.50' },
      },
    );
    expect(recovery.status).toBe(200);
    const requested = await h.waitForEvent(
      'auth.password-reset.requested',
      (e) => e.data.email === victim.email,
    );
    const token = h.tokenOf(requested);
    const reset = await h.post('/api/v1/reset-password/', {
      token,
      new_password: 'Fresh-start-9',
      confirm_new_password: 'Fresh-start-9',
    });
    expect(reset.status).toBe(200);
    expect((await loginFrom(VICTIM, victim.email, 'Fresh-start-9')).status).toBe(200);
  });

  it('many addresses together are throttled on wrong passwords, never on the right one', async () => {
    advance(15 * MIN);
    const victim = await h.verifiedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await loginFrom(`203.0.113.${100 + i}`, victim.email, 'Wrong-password1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    const throttled = await loginFrom('203.0.113.200', victim.email, 'Wrong-password1');
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ detail: 'Rate limit exceeded' });
    expect((await loginFrom('192.0.2.77', victim.email, victim.password)).status).toBe(200);
  });
});
