import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType } from '@innerview/contracts';
import { writeEvents } from '@innerview/kit';
import { everyEventDelivered } from '@innerview/kit/testing/delivered';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactivateAccount } from './actions/deletion.ts';
import { ERASURE_JOB } from './jobs/index.ts';
import { type AuthHarness, startAuthHarness } from './testing/auth-harness.ts';

// Account deletion, reactivation and the scheduled erasure on the embedded adapters (PGlite,
// in-process bus and jobs), with a moved clock. The same path on PostgreSQL and Redis, with the
// other services erasing too: account-data.integration.test.ts.
let h: AuthHarness;
const seen: EventEnvelope[] = [];
const DAY = 24 * 60 * 60 * 1000;
const deletionEvents: EventType[] = [
  'auth.user.deleted',
  'auth.user.reactivated',
  'auth.user.erasure-confirmation',
  'auth.user.erased',
];

beforeAll(async () => {
  h = await startAuthHarness();
  await h.bus.subscribe({
    group: `deletion-test-${randomUUID()}`,
    types: deletionEvents,
    handler: async (event) => {
      seen.push(event);
    },
  });
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

async function eventually<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventOf = (type: string, userId: string) =>
  eventually(() => seen.find((e) => e.type === type && e.subject === userId));

/** Runs the erasure job as its hourly schedule would, and waits for what it should have emitted. */
async function runErasure(): Promise<void> {
  await h.service.ctx.jobs.add(ERASURE_JOB, {}, { jobId: `erasure-${randomUUID()}` });
}

/** The erasure jobs added so far have run, and every event they wrote reached `seen`. */
async function erasureDone(): Promise<void> {
  await h.allJobsFinished();
  await everyEventDelivered(h.service.ctx.db, () => seen, deletionEvents);
}

const reactivate = (email: string) =>
  reactivateAccount(
    (work) => h.service.ctx.database.db.transaction((tx) => work(tx, (...events) => writeEvents(tx, events))),
    email,
    h.clock.now(),
  );

describe('DELETE /users/me', () => {
  it('ends every session at once, refuses login and tells billing, in one step', async () => {
    const me = await h.signedIn();
    const second = ((await (await h.login(me.email, me.password)).json()) as { access_token: string })
      .access_token;

    // Re-authentication: the token alone deletes nothing.
    const refused = await json(
      await h.call('DELETE', '/api/v1/users/me', { current_password: 'Not-mine-42' }, me.headers),
    );
    expect(refused).toEqual({
      status: 422,
      body: {
        code: 'VALIDATION_ERROR',
        detail: [
          {
            loc: ['body', 'current_password'],
            msg: 'Your current password is incorrect',
            type: 'currentPasswordWrong',
          },
        ],
      },
    });
    expect(await h.asGateway(me.token)).not.toBeNull();

    const deleted = await json(
      await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers),
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.erase_after).toBe(new Date(h.clock.now().getTime() + 90 * DAY).toISOString());

    // Both devices are signed out: the gateway refuses their tokens from the next request on.
    expect(await h.asGateway(me.token)).toBeNull();
    expect(await h.asGateway(second)).toBeNull();
    expect((await h.post('/api/v1/login/test-token', undefined, me.headers)).status).toBe(401);

    // The owner, with the right password, learns why; anyone else gets the unknown-address answer.
    const owner = await json(await h.login(me.email, me.password));
    expect(owner).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DELETED' } });
    expect(owner.body.detail).toContain('Login is no longer possible');
    const stranger = await json(await h.login(me.email, 'Wrong-password1'));
    const unknown = await json(await h.login(`nobody-${randomUUID()}@example.com`, 'Wrong-password1'));
    expect(stranger.status).toBe(401);
    expect(Object.keys(stranger.body).sort()).toEqual(Object.keys(unknown.body).sort());

    const event = await eventOf('auth.user.deleted', me.userId);
    expect(event.data).toEqual({ userId: me.userId, eraseAfter: deleted.body.erase_after });
  });

  it('keeps the address for the 90 days: a new sign-up with it creates nothing', async () => {
    const me = await h.signedIn();
    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);
    expect((await h.post('/api/v1/users/signup', h.signupBody({ email: me.email }))).status).toBe(201);
    expect((await h.login(me.email, 'Analytical1')).status).toBe(403);
  });
});

describe('reactivation by support', () => {
  it('brings the account back within 90 days, with the same password', async () => {
    const me = await h.signedIn();
    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);
    h.clock.advance(89 * DAY);
    expect(await reactivate(me.email)).toEqual({ outcome: 'reactivated', userId: me.userId });
    expect((await h.login(me.email, me.password)).status).toBe(200);
    expect((await eventOf('auth.user.reactivated', me.userId)).data).toEqual({ userId: me.userId });
    expect(await reactivate(me.email)).toEqual({ outcome: 'not_deleted' });
  });

  it('refuses once the 90 days are over', async () => {
    const me = await h.signedIn();
    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);
    h.clock.advance(90 * DAY);
    expect(await reactivate(me.email)).toEqual({ outcome: 'retention_over', userId: me.userId });
    expect((await h.login(me.email, me.password)).status).toBe(403);
  });
});

describe('the scheduled erasure', () => {
  it('mails the confirmation after 90 days, then erases a day later, once', async () => {
    const me = await h.signedIn({ first_name: 'Grace', language: 'de' });
    await h.call('DELETE', '/api/v1/users/me', { current_password: me.password }, me.headers);
    const deletedAt = h.clock.now().toISOString();

    h.clock.advance(90 * DAY - 60_000);
    await runErasure();
    await erasureDone();
    expect(seen.filter((e) => e.subject === me.userId).map((e) => e.type)).toEqual(['auth.user.deleted']);

    h.clock.advance(60_000);
    await runErasure();
    const notice = await eventOf('auth.user.erasure-confirmation', me.userId);
    expect(notice.data).toEqual({
      userId: me.userId,
      email: me.email,
      firstName: 'Grace',
      language: 'de',
      deletedAt,
    });
    // The address is still there during the grace day: the account is not erased yet.
    await runErasure();
    await erasureDone();
    expect(seen.some((e) => e.type === 'auth.user.erased' && e.subject === me.userId)).toBe(false);
    expect((await h.login(me.email, me.password)).status).toBe(403);

    h.clock.advance(DAY);
    await runErasure();
    await eventOf('auth.user.erased', me.userId);
    // Nothing of the account is left: the address is unknown now, and free for a new sign-up.
    expect((await h.login(me.email, me.password)).status).toBe(401);
    await runErasure();
    await erasureDone();
    const mine = seen.filter((e) => e.subject === me.userId).map((e) => e.type);
    expect(mine).toEqual(['auth.user.deleted', 'auth.user.erasure-confirmation', 'auth.user.erased']);
  });
});
