import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGoal, testSubscription } from './bodies.ts';
import { fakeApi } from './fake-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fakeApi', () => {
  it('refuses a successful answer the service would never send, naming the route and the fields', () => {
    expect(() =>
      fakeApi([{ method: 'GET', path: '/subscriptions/status', body: { subscription_status: 'monthly' } }]),
    ).toThrow(/GET \/subscriptions\/status is not what the service sends:\n {2}plan_type: /);
    expect(() =>
      fakeApi([{ method: 'PATCH', path: '/goals/g-1', body: { ...testGoal(), status: 'paused' } }]),
    ).toThrow(/PATCH \/goals\/g-1 .*\n {2}status: /);
  });

  it('answers with whole bodies, and leaves errors and calls without a contract schema as given', async () => {
    const api = fakeApi([
      {
        method: 'GET',
        path: '/subscriptions/status',
        body: testSubscription({ subscription_status: 'freemium' }),
      },
      {
        method: 'POST',
        path: '/goals/',
        status: 409,
        body: { detail: 'Too many goals', code: 'GOAL_LIMIT' },
      },
      { method: 'GET', path: '/chat-sessions', body: { sessions: [] } },
    ]);
    const status = await (await fetch('http://localhost/api/v1/subscriptions/status')).json();
    expect(status).toMatchObject({
      subscription_status: 'freemium',
      plan_type: 'freemium',
      has_access: true,
    });
    expect((await fetch('http://localhost/api/v1/goals/', { method: 'POST' })).status).toBe(409);
    expect(await (await fetch('http://localhost/api/v1/chat-sessions')).json()).toEqual({ sessions: [] });
    expect(api.calls('GET', '/chat-sessions')).toHaveLength(1);
  });
});
