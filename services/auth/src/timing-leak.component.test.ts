import { createMemoryJobQueue, type JobQueue } from '@innerview/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REQUEST_JOB } from './actions/mail-requests.ts';
import { type AuthHarness, startAuthHarness } from './testing/auth-harness.ts';

// Recovery and resend must not tell, by their timing or the next request's, whether an address has
// an account. The deterministic half: the request does the same thing for every address (it queues
// the look-up). The statistical half: medians of interleaved samples, with a tolerance wide enough
// for a loaded two-core machine, since the leak this guards against was 5 ms of 9.
let h: AuthHarness;
let jobs: JobQueue;
const queued: Array<{ name: string; data: unknown }> = [];
let known: string;
let pending: string;

beforeAll(async () => {
  const inner = createMemoryJobQueue();
  jobs = Object.assign(Object.create(inner) as JobQueue, {
    add: (name: string, data: unknown, options?: never) => {
      queued.push({ name, data });
      return inner.add(name, data, options);
    },
  });
  h = await startAuthHarness({ jobs, env: { AUTH_RATE_LIMIT_MULTIPLIER: '1000' } });
  known = (await h.verifiedUser()).email;
  const body = h.signupBody();
  await h.post('/api/v1/users/signup', body);
  pending = body.email;
}, 300_000);
afterAll(async () => {
  await h?.stop();
  await jobs?.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(call: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const recover = (email: string) => () => h.post(`/api/v1/password-recovery/${encodeURIComponent(email)}`);
const resend = (email: string) => () => h.post('/api/v1/users/verify/resend', { email });
const probe = () => fetch(`${h.url}/livez`);

describe('recovery and resend: no timing difference between known and unknown addresses', () => {
  it('queues the look-up for every address, known or not', async () => {
    const before = queued.length;
    for (const call of [
      recover(known),
      recover('nobody@example.com'),
      resend(pending),
      resend('no@example.com'),
    ])
      expect((await call()).status).toBe(200);
    expect(queued.slice(before).map((j) => [j.name, (j.data as { kind: string }).kind])).toEqual([
      [MAIL_REQUEST_JOB, 'password-recovery'],
      [MAIL_REQUEST_JOB, 'password-recovery'],
      [MAIL_REQUEST_JOB, 'verification-resend'],
      [MAIL_REQUEST_JOB, 'verification-resend'],
    ]);
    // The mail still goes where there is an account.
    await h.waitForEvent('auth.password-reset.requested', (e) => e.data.email === known, 10_000);
  });

  it.each([
    ['recovery', recover, () => known],
    ['resend', resend, () => pending],
  ] as const)(
    '%s: the answer and the next request take as long for both (medians)',
    async (_name, call, address) => {
      const samples = { known: [] as number[], unknown: [] as number[] };
      const next = { known: [] as number[], unknown: [] as number[] };
      for (let round = 0; round < 30; round += 1) {
        // Interleaved, in an order that alternates, so load drifts hit both sides alike.
        const order = round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const side of order) {
          const email = side === 'known' ? address() : `nobody.${round}@example.com`;
          const answer = await timed(call(email));
          expect(answer.status).toBe(200);
          samples[side].push(answer.ms);
          next[side].push((await timed(probe)).ms);
        }
      }
      const tolerance = (a: number, b: number) => 3 + 0.5 * Math.max(a, b);
      const [ka, ua] = [median(samples.known), median(samples.unknown)];
      const [kn, un] = [median(next.known), median(next.unknown)];
      expect(Math.abs(ka - ua)).toBeLessThanOrEqual(tolerance(ka, ua));
      expect(Math.abs(kn - un)).toBeLessThanOrEqual(tolerance(kn, un));
    },
  );
});
