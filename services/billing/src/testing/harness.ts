import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventType } from '@innerview/contracts';
import { createEvent, type EventBus, type ManualClock, type RunningService } from '@innerview/kit';
import { everyEventDelivered } from '@innerview/kit/testing/delivered';
import { eventually } from '@innerview/kit/testing/eventually';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { startTestService } from '@innerview/kit/testing/test-service';
import { hookFor } from '@innerview/kit/testing/use-started';
import { runSweeps } from '../actions/sweeps.ts';
import { createBillingService } from '../app.ts';
import type { BillingContext, BillingWiring } from '../billing-context.ts';
import type { BillingConfig } from '../config.ts';
import { findSubscription } from '../db/subscriptions.ts';

export const APP_URL = 'http://app.innerview.test';

const billingEventTypes: EventType[] = [
  'billing.subscription.changed',
  'billing.chat-access.changed',
  'billing.trial.ending',
  'billing.trial.expired',
  'billing.payment.failed',
  'billing.payment.succeeded',
  'billing.plan.changed',
  'billing.subscription.cancelled',
  'billing.subscription.reactivated',
];

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field.
  body: any;
  headers: Headers;
}

/** A running billing service for tests: its clock, bus, published events, context and helpers. */
/** How long a billing test waits for something (`eventually`): sweeps and Stripe's webhooks take longer than a call. */
export const BILLING_WAIT_MS = 15_000;

export interface BillingHarness {
  url: string;
  clock: ManualClock;
  bus: EventBus;
  service: RunningService<BillingConfig>;
  wiring: BillingWiring;
  billing: BillingContext;
  events: EventEnvelope[];
  stop(): Promise<void>;
  /** Publishes `auth.user.registered` and waits for the row; returns the user id. */
  register(overrides?: { language?: 'en' | 'fr' | 'de' | 'it' | 'es'; email?: string }): Promise<string>;
  call(
    method: string,
    path: string,
    userId?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<CallResult>;
  /** The local checkout flow a browser goes through: page, form token, POST with the card. */
  payLocally(url: string, card?: { number?: string; expiry?: string; cvc?: string }): Promise<Response>;
  sweep(): ReturnType<typeof runSweeps>;
  publish(event: EventEnvelope): Promise<void>;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  eventsOf<T extends EventType>(type: T, userId?: string): EventEnvelope<T>[];
  /**
   * Waits until every event billing has written so far is published and collected: after it,
   * `eventsOf` is the whole story, and a test that counts events (each effect once) needs no pause.
   */
  allDelivered(): Promise<void>;
}

export async function startBillingHarness(
  options: { env?: Record<string, string>; clock?: ManualClock; bus?: EventBus } = {},
): Promise<BillingHarness> {
  const definition = createBillingService();
  const test = await startTestService(definition, {
    ...options,
    startAt: '2026-01-31T09:00:00.000Z',
    env: { APP_URL, BILLING_SWEEP_EVERY_MS: '86400000', ...options.env },
    collect: billingEventTypes,
  });
  const { service } = test;
  const wiring = service.context;

  const call: BillingHarness['call'] = (method, path, userId, body, headers = {}) =>
    test.call(method, path, { userId, body, headers, redirect: 'manual' });

  const waitForEvent: BillingHarness['waitForEvent'] = (type, match, timeoutMs = BILLING_WAIT_MS) =>
    test.waitForEvent(type, match, timeoutMs);

  const publish = (event: EventEnvelope) => test.publish(event);

  const allDelivered: BillingHarness['allDelivered'] = () =>
    everyEventDelivered(service.ctx.db, () => test.events, billingEventTypes);

  const register: BillingHarness['register'] = async (overrides = {}) => {
    const userId = randomUUID();
    await publish(
      createEvent('auth.user.registered', userId, {
        userId,
        email: overrides.email ?? `user.${userId.slice(0, 8)}@example.com`,
        firstName: 'Ada',
        language: overrides.language ?? 'en',
      }),
    );
    await eventually(async () => !!(await findSubscription(service.ctx.db, userId)), BILLING_WAIT_MS);
    return userId;
  };

  const payLocally: BillingHarness['payLocally'] = async (url, card = {}) => {
    const path = new URL(url).pathname;
    const page = await signedFetch(service, `${service.url}${path}`);
    const html = await page.text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    return signedFetch(service, `${service.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        form_token: token,
        card_number: card.number ?? '4242 4242 4242 4242',
        expiry: card.expiry ?? '12/34',
        cvc: card.cvc ?? '123',
      }),
    });
  };

  return {
    url: test.url,
    clock: test.clock,
    bus: test.bus,
    service: service as never,
    wiring,
    billing: wiring.billing,
    events: test.events,
    call,
    register,
    payLocally,
    sweep: () => runSweeps(wiring.billing),
    publish,
    waitForEvent,
    eventsOf: test.eventsOf,
    allDelivered,
    stop: test.stop,
  };
}

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useBillingHarness = hookFor(startBillingHarness);
