import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_REPORTS_PER_MINUTE } from './actions/trial.ts';
import { type BillingHarness, startBillingHarness } from './testing/harness.ts';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(async () => {
  vi.useRealTimers();
  await h?.stop();
});

const report = (user: string) => h.call('POST', '/api/v1/subscriptions/consume-tokens?tokens_used=1', user);

describe('browser usage reports (POST /subscriptions/consume-tokens)', () => {
  it('takes 30 a minute per person, then answers 429 until the minute is over', async () => {
    const user = await h.register();
    const other = await h.register();
    // The limiter reads Date.now(): the minute is moved, not waited for.
    vi.useFakeTimers({ toFake: ['Date'] });
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_REPORTS_PER_MINUTE; i += 1) statuses.push((await report(user)).status);
    expect(TOKEN_REPORTS_PER_MINUTE).toBe(30);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await report(user);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: 'Too many usage reports. Please slow down.',
      code: 'RATE_LIMITED',
    });
    // Another person is counted apart.
    expect((await report(other)).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await report(user)).status).toBe(200);
  });
});
