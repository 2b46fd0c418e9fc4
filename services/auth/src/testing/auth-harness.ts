import { randomUUID } from 'node:crypto';
import { type EventEnvelope, type EventType, oneTimeTokenAad } from '@innerview/contracts';
import { generateKeyText, loadOrCreateEventPayloadKeys, openPayload } from '@innerview/crypto';
import {
  type EventBus,
  type JobQueue,
  type Logger,
  ManualClock,
  type RunningService,
  SESSION_ID_HEADER,
  USER_ID_HEADER,
} from '@innerview/kit';
import type { RateLimiter } from '@innerview/kit/rate-limiter';
import { countedJobQueue } from '@innerview/kit/testing/counted-jobs';
import { everyEventDelivered } from '@innerview/kit/testing/delivered';
import { signedFetch } from '@innerview/kit/testing/signed-calls';
import { startTestService } from '@innerview/kit/testing/test-service';
import { hookFor } from '@innerview/kit/testing/use-started';
import {
  createTokenVerifier,
  MemoryRevocationStore,
  type RevocationStore,
  type TokenVerifier,
} from '@innerview/kit/tokens/index';
import { createAuthService } from '../app.ts';

/**
 * A running auth service for tests, seen the way the gateway sees it: `asGateway(token)` verifies
 * a token with the kit's verifier (JWKS from the service, the shared revocation store) and returns
 * the identity headers the gateway would forward, or null when the gateway would refuse it.
 */
export interface AuthHarness {
  url: string;
  clock: ManualClock;
  bus: EventBus;
  service: RunningService;
  revocations: RevocationStore;
  verifier: TokenVerifier;
  events: EventEnvelope[];
  /** Waits until every job added so far has finished (the in-process queue the harness made). */
  allJobsFinished(): Promise<void>;
  /** Waits until every event auth has written so far is in `events` (after the jobs that write them). */
  allDelivered(): Promise<void>;
  stop(): Promise<void>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  login(email: string, password: string, extra?: Record<string, string>): Promise<Response>;
  asGateway(token: string): Promise<Record<string, string> | null>;
  /** The one-time token a reset or verification mail carries (what the notifications service reads). */
  tokenOf(event: EventEnvelope<'auth.password-reset.requested' | 'auth.verification.requested'>): string;
  waitForEvent<T extends EventType>(
    type: T,
    match?: (event: EventEnvelope<T>) => boolean,
    timeoutMs?: number,
  ): Promise<EventEnvelope<T>>;
  signupBody(
    overrides?: Record<string, unknown>,
  ): Record<string, unknown> & { email: string; password: string };
  /** A signed-up, verified account. */
  verifiedUser(
    overrides?: Record<string, unknown>,
  ): Promise<{ email: string; password: string; userId: string }>;
  /** A verified account signed in: its token and the headers the gateway would forward. */
  signedIn(overrides?: Record<string, unknown>): Promise<{
    email: string;
    password: string;
    userId: string;
    token: string;
    headers: Record<string, string>;
  }>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  revocations?: RevocationStore;
  rateLimiter?: RateLimiter;
  /** The gateway's own handle on the revocation store (distributed mode); defaults to `revocations`. */
  gatewayRevocations?: RevocationStore;
  clock?: ManualClock;
  /** A bus the caller owns (e.g. Redis, shared with other services); by default a private in-process one. */
  bus?: EventBus;
  /** The job queue (an in-process one by default). */
  jobs?: JobQueue;
  /** The service's logger (silent by default); a test that checks what is logged passes its own. */
  logger?: Logger;
}

const authEventTypes: EventType[] = [
  'auth.user.registered',
  'auth.verification.requested',
  'auth.user.verified',
  'auth.password-reset.requested',
  'auth.password.changed',
  'auth.settings.changed',
  'auth.signup.existing-account',
  'auth.user.deleted',
  'auth.user.reactivated',
  'auth.user.erasure-confirmation',
  'auth.user.erased',
];

export async function startAuthHarness(options: HarnessOptions = {}): Promise<AuthHarness> {
  const clock = options.clock ?? new ManualClock('2026-05-01T10:00:00.000Z');
  const revocations = options.revocations ?? new MemoryRevocationStore({ clock });
  // The key notifications would share to open the tokens in the mails' events.
  const eventPayloadKey = options.env?.EVENT_PAYLOAD_KEY ?? generateKeyText(1);
  const eventPayloadKeys = loadOrCreateEventPayloadKeys({ value: eventPayloadKey });
  const definition = createAuthService({ revocations, rateLimiter: options.rateLimiter });
  // The in-process queue, counted, so a test can wait for a mail job instead of pausing.
  const inProcess = (options.env?.JOBS ?? (options.env?.REDIS_URL ? 'bullmq' : 'memory')) === 'memory';
  const counted = !options.jobs && inProcess ? countedJobQueue() : undefined;
  const jobs = options.jobs ?? counted;
  const test = await startTestService(definition, {
    ...options,
    ...(jobs ? { jobs } : {}),
    clock,
    env: {
      HOST: '127.0.0.1',
      AUTH_RATE_LIMIT_MULTIPLIER: '100',
      EVENT_PAYLOAD_KEY: eventPayloadKey,
      ...options.env,
    },
    collect: authEventTypes,
  });
  const { service, waitForEvent } = test;
  const verifier = createTokenVerifier({
    jwks: `${service.url}/.well-known/jwks.json`,
    revocations: options.gatewayRevocations ?? revocations,
    clock,
  });
  const url = service.url;

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    test.request(method, path, { body, headers });
  const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    call('POST', path, body, headers);

  const signupBody: AuthHarness['signupBody'] = (overrides = {}) =>
    ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada.${randomUUID().slice(0, 8)}@example.com`,
      date_of_birth: '1990-12-10',
      password: 'Analytical1',
      confirm_password: 'Analytical1',
      terms_accepted: true,
      privacy_accepted: true,
      language: 'en',
      ...overrides,
    }) as never;

  const login = (email: string, password: string, extra: Record<string, string> = {}) =>
    signedFetch(service, `${url}/api/v1/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: email, password, grant_type: 'password', scope: '', ...extra }),
    });

  const asGateway = async (token: string) => {
    const who = await verifier.verify(`Bearer ${token}`);
    return who ? { [USER_ID_HEADER]: who.userId, [SESSION_ID_HEADER]: who.sessionId } : null;
  };

  const tokenOf: AuthHarness['tokenOf'] = (event) =>
    openPayload(eventPayloadKeys, event.data.sealedToken, oneTimeTokenAad(event.type, event.data.userId));

  const verifiedUser: AuthHarness['verifiedUser'] = async (overrides = {}) => {
    const body = signupBody(overrides);
    const response = await post('/api/v1/users/signup', body);
    if (response.status !== 201)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const requested = await waitForEvent('auth.verification.requested', (e) => e.data.email === body.email);
    const verified = await post('/api/v1/users/verify', { token: tokenOf(requested) });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
    return { email: body.email, password: body.password, userId: requested.data.userId };
  };

  const signedIn: AuthHarness['signedIn'] = async (overrides = {}) => {
    const user = await verifiedUser(overrides);
    const response = await login(user.email, user.password);
    if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const headers = await asGateway(token);
    if (!headers) throw new Error('fresh token refused');
    return { ...user, token, headers };
  };

  return {
    url,
    clock,
    bus: test.bus,
    service,
    revocations,
    verifier,
    events: test.events,
    post,
    call,
    login,
    asGateway,
    tokenOf,
    waitForEvent,
    signupBody,
    verifiedUser,
    signedIn,
    allJobsFinished: async () => {
      if (!counted) throw new Error('allJobsFinished needs the in-process queue the harness makes');
      await counted.allFinished();
    },
    allDelivered: () => everyEventDelivered(service.ctx.db, () => test.events, authEventTypes),
    stop: async () => {
      await test.stop();
      await counted?.close();
    },
  };
}

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useAuthHarness = hookFor(startAuthHarness);
