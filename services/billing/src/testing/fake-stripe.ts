import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '@innerview/kit';
import Stripe from 'stripe';
import { addMonthsAnchored, monthsSinceAnchor } from '../domain/dates.ts';

/**
 * A local HTTP server speaking the subset of the Stripe API the adapter calls (prices by lookup key,
 * customers, checkout sessions, subscriptions, subscription schedules, the billing portal), with
 * Stripe's idempotency-key replay. Tests drive time at "Stripe" with `completeCheckout`, `renew`
 * and `endPeriod`, and get webhook payloads signed with `generateTestHeaderString`.
 */
// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are plain JSON here.
type Json = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Json;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  schedules: Map<string, Json>;
  sessions: Map<string, Json>;
  /** The person pays at Stripe Checkout: the subscription starts now. */
  completeCheckout(
    sessionId: string,
    options?: { last4?: string },
  ): { session: Json; subscription: Json; invoice: Json };
  /** Stripe's renewal at the period end: switches to a scheduled phase, charges (or fails). */
  renew(subscriptionId: string, options?: { fail?: boolean }): { subscription: Json; invoice: Json };
  /** The period of a subscription cancelled at period end is over. */
  endPeriod(subscriptionId: string): Json;
  /** A signed webhook delivery of `object` as event `type`. */
  event(type: string, object: Json): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const clone = <T>(value: T): T => structuredClone(value);

/** `a[b][0][c]=v` form and query encoding (as stripe-node sends it) into nested objects. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  return root;
}
const list = (value: unknown): Json[] =>
  value && typeof value === 'object' ? Object.values(value as Json) : [];

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(options: {
  clock: Clock;
  /** Prices by lookup key, e.g. `{ innerview_monthly_chf: 1900 }`. */
  prices?: Record<string, number>;
}): Promise<FakeStripe> {
  const { clock } = options;
  const secretKey = 'sk_test_fake';
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const priceList = options.prices ?? {
    innerview_monthly_chf: 1900,
    innerview_yearly_chf: 19000,
    innerview_monthly_eur: 1900,
    innerview_yearly_eur: 19000,
  };
  for (const [lookupKey, amount] of Object.entries(priceList)) {
    const [, plan, currency] = lookupKey.split('_');
    const price = {
      id: id('price'),
      object: 'price',
      lookup_key: lookupKey,
      active: true,
      currency,
      unit_amount: amount,
      recurring: { interval: plan === 'yearly' ? 'year' : 'month', interval_count: 1 },
    };
    prices.set(price.id, price);
  }

  const priceById = (priceId: string) => {
    const price = prices.get(priceId);
    if (!price) throw new Error(`no such price ${priceId}`);
    return price;
  };
  const interval = (price: Json) => (price.recurring.interval === 'year' ? 12 : 1);

  const view = (sub: Json, expand: string[]): Json => {
    const out = clone(sub);
    if (expand.includes('default_payment_method') && out.default_payment_method)
      out.default_payment_method = clone(methods.get(out.default_payment_method));
    if (expand.includes('schedule') && out.schedule) out.schedule = clone(schedules.get(out.schedule));
    return out;
  };

  const invoiceFor = (sub: Json, paid: boolean): Json => {
    const item = sub.items.data[0];
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      currency: sub.currency,
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      status: paid ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
  };

  const updateMetadata = (object: Json, changes: Json) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') delete object.metadata[key];
      else object.metadata[key] = value;
    }
  };

  type Handler = (body: Json, params: string[], query: Json) => { status?: number; body: Json };
  const routes: Array<[string, RegExp, Handler]> = [
    [
      'GET',
      /^\/v1\/prices$/,
      (_b, _p, query) => {
        const keys = list(query.lookup_keys);
        const data = [...prices.values()].filter((p) => keys.includes(p.lookup_key));
        return { body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (body) => {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: body.email ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return { body: customer };
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (body, [customerId]) => {
        const customer = customers.get(customerId!);
        if (!customer)
          return {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such customer' } },
          };
        // As Stripe does: '' removes a field or a metadata key.
        for (const field of ['email', 'name'])
          if (field in body) customer[field] = body[field] === '' ? null : body[field];
        if (body.metadata) updateMetadata(customer, body.metadata);
        return { body: clone(customer) };
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (body) => {
        const sessionId = id('cs_test');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          customer: body.customer,
          client_reference_id: body.client_reference_id,
          metadata: body.metadata ?? {},
          subscription_data: body.subscription_data ?? {},
          subscription: null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          line_items: list(body.line_items),
        };
        sessions.set(sessionId, session);
        return { body: session };
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_b, _p, query) => {
        const data = [...subscriptions.values()]
          .filter((sub) => !query.customer || sub.customer === query.customer)
          .filter((sub) => query.status === 'all' || sub.status !== 'canceled')
          .map(clone);
        return { body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
      },
    ],
    [
      'GET',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_b, [subId], query) => {
        const sub = subscriptions.get(subId!);
        if (!sub)
          return {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such subscription' } },
          };
        return { body: view(sub, list(query.expand) as unknown as string[]) };
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (body, [subId]) => {
        const sub = subscriptions.get(subId!)!;
        if ('cancel_at_period_end' in body) {
          if (sub.schedule && body.cancel_at_period_end === 'true')
            return {
              status: 400,
              body: { error: { type: 'invalid_request_error', message: 'managed by a schedule' } },
            };
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          sub.canceled_at = sub.cancel_at_period_end ? seconds(clock.now()) : null;
        }
        if (body.metadata) updateMetadata(sub, body.metadata);
        return { body: clone(sub) };
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (_b, [subId]) => {
        const sub = subscriptions.get(subId!)!;
        sub.status = 'canceled';
        sub.ended_at = seconds(clock.now());
        sub.canceled_at = sub.ended_at;
        sub.cancellation_details = { reason: 'cancellation_requested' };
        return { body: clone(sub) };
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules$/,
      (body) => {
        const sub = subscriptions.get(body.from_subscription)!;
        const item = sub.items.data[0];
        const schedule = {
          id: id('sub_sched'),
          object: 'subscription_schedule',
          subscription: sub.id,
          customer: sub.customer,
          status: 'active',
          end_behavior: 'release',
          phases: [
            {
              start_date: item.current_period_start,
              end_date: item.current_period_end,
              items: [{ price: item.price.id, quantity: 1 }],
            },
          ],
        };
        schedules.set(schedule.id, schedule);
        sub.schedule = schedule.id;
        return { body: schedule };
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      (body, [scheduleId]) => {
        const schedule = schedules.get(scheduleId!)!;
        let start = 0;
        schedule.phases = list(body.phases).map((phase) => {
          const startDate = phase.start_date ? Number(phase.start_date) : start;
          const item = list(phase.items)[0]!;
          const months = phase.duration ? (phase.duration.interval === 'year' ? 12 : 1) : 0;
          const endDate = phase.end_date
            ? Number(phase.end_date)
            : seconds(addMonthsAnchored(new Date(startDate * 1000), months));
          start = endDate;
          return { start_date: startDate, end_date: endDate, items: [{ price: item.price, quantity: 1 }] };
        });
        schedule.end_behavior = body.end_behavior ?? schedule.end_behavior;
        return { body: schedule };
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      (_b, [scheduleId]) => {
        const schedule = schedules.get(scheduleId!)!;
        schedule.status = 'released';
        schedule.released_subscription = schedule.subscription;
        const sub = subscriptions.get(schedule.subscription);
        if (sub) sub.schedule = null;
        schedule.subscription = null;
        return { body: schedule };
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (body) => ({
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          url: `https://billing.stripe.test/p/${id('session')}`,
        },
      }),
    ],
  ];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const text = await bodyOf(req);
    const body = parseForm(text);
    const query = parseForm(url.search.slice(1));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, idempotencyKey, body });
    const send = (status: number, payload: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { error: { type: 'invalid_request_error' } });
    const replayKey = idempotencyKey ? `${method} ${idempotencyKey}` : undefined;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    for (const [verb, pattern, handle] of routes) {
      const match = verb === method ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      try {
        const answer = handle(body, match.slice(1), query);
        const status = answer.status ?? 200;
        if (replayKey && method !== 'GET') replies.set(replayKey, { status, body: answer.body });
        return send(status, answer.body);
      } catch (error) {
        return send(400, { error: { type: 'invalid_request_error', message: String(error) } });
      }
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `unknown route ${method} ${url.pathname}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    customers,
    subscriptions,
    schedules,
    sessions,

    completeCheckout(sessionId, opts = {}) {
      const session = sessions.get(sessionId)!;
      const now = clock.now();
      const price = priceById(session.line_items[0].price);
      const method = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: opts.last4 ?? '4242' },
      };
      methods.set(method.id, method);
      const sub = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        currency: price.currency,
        billing_cycle_anchor: seconds(now),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        cancellation_details: null,
        default_payment_method: method.id,
        schedule: null,
        metadata: { ...(session.subscription_data.metadata ?? {}) },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              current_period_start: seconds(now),
              current_period_end: seconds(addMonthsAnchored(now, interval(price))),
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      session.status = 'complete';
      session.subscription = sub.id;
      return { session: clone(session), subscription: clone(sub), invoice: invoiceFor(sub, true) };
    },

    renew(subscriptionId, opts = {}) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0];
      const schedule = sub.schedule ? schedules.get(sub.schedule) : undefined;
      const next = schedule?.phases.find((p: Json) => p.start_date >= item.current_period_end);
      if (next) {
        item.price = priceById(next.items[0].price);
        // The last phase has started: a releasing schedule lets go of the subscription.
        schedule!.status = 'released';
        sub.schedule = null;
      }
      const anchor = new Date(sub.billing_cycle_anchor * 1000);
      const start = new Date(item.current_period_end * 1000);
      item.current_period_start = item.current_period_end;
      item.current_period_end = seconds(
        addMonthsAnchored(anchor, monthsSinceAnchor(anchor, start) + interval(item.price)),
      );
      sub.status = opts.fail ? 'past_due' : 'active';
      return { subscription: clone(sub), invoice: invoiceFor(sub, !opts.fail) };
    },

    endPeriod(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'canceled';
      sub.ended_at = sub.items.data[0].current_period_end;
      sub.cancellation_details = { reason: 'cancellation_requested' };
      return clone(sub);
    },

    event(type, object) {
      const eventId = id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: seconds(clock.now()),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      return {
        payload,
        id: eventId,
        signature: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
