import { randomBytes, randomUUID } from 'node:crypto';
import { createEvent, USER_ID_HEADER } from '@innerview/kit';
import { INTERNAL_EXPORT_PATH } from '@innerview/kit/internal';
import { eventually } from '@innerview/kit/testing/eventually';
import { createTestDatabase } from '@innerview/kit/testing/postgres';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscription } from './db/subscriptions.ts';
import { BILLING_WAIT_MS, type BillingHarness, startBillingHarness } from './testing/harness.ts';

// Billing's part of the account area on the real PostgreSQL (ADRs 15 and 17): the data export
// only to a call another service signed (ADR 43), account deletion (no further charge) and support's reactivation, and
// what the 90-day erasure leaves.
const DAY = 86_400_000;
let h: BillingHarness;
let database: { url: string; drop(): Promise<void> };
let sql: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('iv_billing');
  h = await startBillingHarness({
    env: { DATABASE_URL: database.url, JOBS: 'memory' },
  });
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await h?.stop();
  await database?.drop();
});

/** As the auth service asks: signed by auth with `key`, or unsigned (`null`). */
async function exportOf(userId: string, key: string | null = testSigningKey) {
  const url = `${h.url}${INTERNAL_EXPORT_PATH}`;
  const headers = { [USER_ID_HEADER]: userId };
  const response = key
    ? await signedFetch({ current: key }, url, { headers, caller: 'auth' })
    : await fetch(url, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the export is read field by field.
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const paymentsOf = async (userId: string) =>
  Number((await sql.query('select count(*) as n from payments where user_id = $1', [userId])).rows[0].n);

describe('GET /internal/export', () => {
  it("gives the person's subscription, history, payments and card type + last four, and nobody else's", async () => {
    h.clock.set('2026-03-10T09:00:00.000Z');
    const me = await h.register();
    const other = await h.register();
    await h.call('POST', '/api/v1/subscriptions/freemium/activate', me);
    h.clock.advance(5 * DAY);
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/monthly', me)).body.url);
    await eventually(async () => (await paymentsOf(me)) === 1, BILLING_WAIT_MS);
    await h.call('POST', '/api/v1/subscriptions/cancel?reason=too_expensive', me);
    // Another person pays the yearly price with another card.
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/yearly', other)).body.url);
    await eventually(async () => (await paymentsOf(other)) === 1, BILLING_WAIT_MS);

    const answer = await exportOf(me);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = answer.body;
    expect(data.subscription).toMatchObject({
      status: 'cancelling_at_period_end',
      plan: 'monthly',
      period_end: '2026-04-15T09:00:00.000Z',
      access_until: '2026-04-15',
      cancel_at_period_end: true,
      cancellation_reason: 'too_expensive',
      trial_started_at: '2026-03-10T09:00:00.000Z',
      amount_minor: 1900,
      currency: 'CHF',
    });
    expect(data.payment_method).toEqual({ type: 'card', brand: 'visa', last4: '4242' });
    expect(data.history.map((e: { transition: string }) => e.transition)).toEqual([
      'activateTrial',
      'startPaidPlan',
      'requestCancellation',
    ]);
    expect(data.history[1]).toEqual({
      at: '2026-03-15T09:00:00.000Z',
      transition: 'startPaidPlan',
      from_status: 'freemium',
      to_status: 'monthly',
      plan: 'monthly',
    });
    expect(data.payments).toEqual([
      {
        at: '2026-03-15T09:00:00.000Z',
        status: 'succeeded',
        plan: 'monthly',
        amount_minor: 1900,
        currency: 'CHF',
      },
    ]);
    // No provider ids, no mail facts, nothing of the other person.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/cus_|sub_|local_|@example\.com|yearly|19000/);
    expect(text).not.toContain(other);
  });

  it('answers empty lists for a person billing does not know', async () => {
    const answer = await exportOf(randomUUID());
    expect(answer).toMatchObject({
      status: 200,
      body: { subscription: null, payment_method: null, history: [], payments: [] },
    });
  });

  it('is refused unsigned, signed with a wrong key, and for an id that is not one', async () => {
    const me = await h.register();
    expect((await exportOf(me, null)).status).toBe(401);
    expect((await exportOf(me, randomBytes(32).toString('base64url'))).status).toBe(401);
    expect((await exportOf('not-a-uuid')).status).toBe(422);
    // The gateway's path is not an alias of it.
    expect(
      (
        await signedFetch(h.service, `${h.url}/api/v1${INTERNAL_EXPORT_PATH}`, {
          headers: { [USER_ID_HEADER]: me },
          caller: 'auth',
        })
      ).status,
    ).toBe(404);
  });
});

describe('account deletion and reactivation (ADR 15)', () => {
  it('cancels a paid plan at its period end and charges nothing more, also after the period', async () => {
    h.clock.set('2026-05-20T10:00:00.000Z');
    const me = await h.register();
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/yearly', me)).body.url);
    await eventually(async () => (await paymentsOf(me)) === 1, BILLING_WAIT_MS);
    await h.publish(
      createEvent('auth.user.deleted', me, { userId: me, eraseAfter: '2026-08-18T10:00:00.000Z' }),
    );
    await eventually(
      async () => !!(await findSubscription(h.service.ctx.db, me))?.accountDeletedAt,
      BILLING_WAIT_MS,
    );
    expect((await h.call('GET', '/api/v1/subscriptions/status', me)).body).toMatchObject({
      subscription_status: 'cancelling_at_period_end',
      access_until: '2027-05-20',
    });

    // The renewal day comes and goes: the provider ends the subscription instead of charging.
    h.clock.set('2027-05-20T10:00:01.000Z');
    await h.sweep();
    h.clock.advance(2 * DAY);
    await h.sweep();
    expect((await h.call('GET', '/api/v1/subscriptions/status', me)).body.subscription_status).toBe(
      'cancelled',
    );
    await h.allDelivered();
    expect(await paymentsOf(me)).toBe(1);
    expect(h.eventsOf('billing.payment.succeeded', me)).toHaveLength(1);
    // Deleted accounts get no billing mail: no cancellation mail event either.
    expect(h.eventsOf('billing.subscription.cancelled', me)).toHaveLength(0);
  });

  it('mails again after support reactivates the account; the plan stays cancelling until the person reactivates it', async () => {
    h.clock.set('2026-07-01T10:00:00.000Z');
    const me = await h.register();
    await h.payLocally((await h.call('POST', '/api/v1/subscriptions/checkout/monthly', me)).body.url);
    await eventually(async () => (await paymentsOf(me)) === 1, BILLING_WAIT_MS);
    await h.publish(
      createEvent('auth.user.deleted', me, { userId: me, eraseAfter: '2026-09-29T10:00:00.000Z' }),
    );
    await eventually(
      async () => !!(await findSubscription(h.service.ctx.db, me))?.accountDeletedAt,
      BILLING_WAIT_MS,
    );

    h.clock.advance(3 * DAY);
    await h.publish(createEvent('auth.user.reactivated', me, { userId: me }));
    await eventually(
      async () => (await findSubscription(h.service.ctx.db, me))?.accountDeletedAt === null,
      BILLING_WAIT_MS,
    );
    expect((await h.call('GET', '/api/v1/subscriptions/status', me)).body).toMatchObject({
      subscription_status: 'cancelling_at_period_end',
      can_reactivate: true,
    });

    const reactivated = await h.call('POST', '/api/v1/subscriptions/reactivate', me);
    expect(reactivated.body.subscription.subscription_status).toBe('monthly');
    // The reactivation mail goes to the person again (deleted accounts get none).
    const mail = await h.waitForEvent('billing.subscription.reactivated', (e) => e.subject === me);
    expect(mail.data).toMatchObject({ plan: 'monthly', email: expect.stringContaining('@example.com') });
  });
});

describe('the 90-day erasure', () => {
  it('keeps the accounting record under a random pseudonym: no row names the person afterwards', async () => {
    h.clock.set('2026-02-01T10:00:00.000Z');
    const email = `erase.${randomUUID().slice(0, 8)}@example.com`;
    const me = await h.register({ email });
    const checkout = await h.call('POST', '/api/v1/subscriptions/checkout/monthly', me);
    await h.payLocally(checkout.body.url);
    await eventually(async () => (await paymentsOf(me)) === 1, BILLING_WAIT_MS);
    const paid = (
      await sql.query('select amount_minor, currency, plan from payments where user_id = $1', [me])
    ).rows[0];
    await h.publish(
      createEvent('auth.user.deleted', me, { userId: me, eraseAfter: '2026-05-02T10:00:00.000Z' }),
    );
    await eventually(
      async () => !!(await findSubscription(h.service.ctx.db, me))?.accountDeletedAt,
      BILLING_WAIT_MS,
    );
    h.clock.set('2026-05-03T10:00:00.000Z');
    await h.sweep();
    await h.publish(createEvent('auth.user.erased', me, { userId: me }));
    await eventually(
      async () => (await findSubscription(h.service.ctx.db, me)) === undefined,
      BILLING_WAIT_MS,
    );

    // The id also appears without its dashes (the local provider's customer ids are made of it).
    const compact = me.replace(/-/g, '');
    const tables = await sql.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    for (const { table_name } of tables.rows) {
      const rows = await sql.query(`select row_to_json(t)::text as row from "${table_name}" t`);
      for (const { row } of rows.rows as Array<{ row: string }>) {
        expect(row, table_name).not.toContain(email);
        expect(row, table_name).not.toContain(checkout.body.checkout_id);
        expect(row, table_name).not.toContain(me);
        expect(row, table_name).not.toContain(compact);
      }
    }

    // Kept by law (Swiss bookkeeping, ADR 17): amounts, dates and plans, under one random pseudonym
    // that ties the subscription to its history and payments, and to nothing of the person.
    const erased = await sql.query(
      'select user_id, email, first_name, payment_method_last4, erased_at from subscriptions where erased_at is not null',
    );
    expect(erased.rows).toEqual([
      {
        user_id: expect.any(String),
        email: null,
        first_name: null,
        payment_method_last4: null,
        erased_at: expect.any(Date),
      },
    ]);
    const pseudonym = erased.rows[0].user_id as string;
    expect(pseudonym).not.toBe(me);
    expect(
      (await sql.query('select amount_minor, currency, plan from payments where user_id = $1', [pseudonym]))
        .rows,
    ).toEqual([paid]);
    expect(
      Number(
        (await sql.query('select count(*) as n from subscription_history where user_id = $1', [pseudonym]))
          .rows[0].n,
      ),
    ).toBeGreaterThan(0);
    const provider = await sql.query(
      'select customer_id, card_last4 from local_provider_subscriptions where user_id = $1',
      [pseudonym],
    );
    expect(provider.rows).toEqual([{ customer_id: `lcus_${pseudonym.replace(/-/g, '')}`, card_last4: '' }]);
    // The person's export is empty now: billing no longer knows them.
    const after = await exportOf(me);
    expect(after.body.payments).toEqual([]);
    expect(after.body.history).toEqual([]);
  });
});
