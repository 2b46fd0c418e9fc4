import { describe, expect, it } from 'vitest';
import { routeOwners, type ServiceName, serviceForPath, serviceNames } from './route-table.ts';

// Every call of docs/product.md#http-api (plus the notifications and webhook prefixes) and the service that owns it.
const specCalls: Array<[string, ServiceName]> = [
  ['/api/v1/login/access-token', 'auth'],
  ['/api/v1/login/test-token', 'auth'],
  ['/api/v1/users/signup', 'auth'],
  ['/api/v1/users/me', 'auth'],
  ['/api/v1/users/me/password', 'auth'],
  ['/api/v1/users/me/onboarding-status', 'auth'],
  ['/api/v1/password-recovery/someone%40example.com', 'auth'],
  ['/api/v1/reset-password/', 'auth'],
  ['/api/v1/users/verify', 'auth'],
  ['/api/v1/users/verify/resend', 'auth'],
  ['/api/v1/settings/options', 'auth'],
  ['/api/v1/settings/me', 'auth'],
  ['/api/v1/subscriptions/stripe-prices', 'billing'],
  ['/api/v1/subscriptions/status', 'billing'],
  ['/api/v1/subscriptions/checkout/monthly', 'billing'],
  ['/api/v1/subscriptions/cancel', 'billing'],
  ['/api/v1/subscriptions/freemium/activate', 'billing'],
  ['/api/v1/subscriptions/freemium/status', 'billing'],
  ['/api/v1/subscriptions/chat-access', 'billing'],
  ['/api/v1/subscriptions/switch-options', 'billing'],
  ['/api/v1/subscriptions/consume-tokens', 'billing'],
  ['/api/v1/webhooks/stripe', 'billing'],
  ['/api/v1/questionnaire/me', 'questionnaire'],
  ['/api/v1/questionnaire/submit', 'questionnaire'],
  ['/api/v1/questionnaire/status', 'questionnaire'],
  ['/api/v1/questionnaire/intro-content', 'questionnaire'],
  ['/api/v1/answers/', 'questionnaire'],
  ['/api/v1/chat/stream', 'chat'],
  ['/api/v1/chat/', 'chat'],
  ['/api/v1/chat/close-session', 'chat'],
  ['/api/v1/chat/close-all-sessions', 'chat'],
  ['/api/v1/chat/active-sessions', 'chat'],
  ['/api/v1/chat-sessions/', 'chat'],
  ['/api/v1/chat-sessions/0190a1b2-0000-7000-8000-000000000000', 'chat'],
  ['/api/v1/chat-sessions/0190a1b2-0000-7000-8000-000000000000/transcript', 'chat'],
  ['/api/v1/goals/', 'chat'],
  ['/api/v1/goals/0190a1b2-0000-7000-8000-000000000000', 'chat'],
  ['/api/v1/memory/', 'chat'],
  ['/api/v1/memory/settings', 'chat'],
  ['/api/v1/memory/0190a1b2-0000-7000-8000-000000000000', 'chat'],
  ['/api/v1/files/upload', 'files'],
  ['/api/v1/files/upload-multiple-to-session', 'files'],
  ['/api/v1/notifications/preferences', 'notifications'],
];

describe('serviceForPath', () => {
  it.each(specCalls)('routes %s to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it('routes a bare prefix without a trailing slash', () => {
    for (const [segment, service] of Object.entries(routeOwners)) {
      expect(serviceForPath(`/api/v1/${segment}`)).toBe(service);
    }
  });

  it('gives every service at least one prefix and no prefix to an unknown service', () => {
    expect(new Set(Object.values(routeOwners))).toEqual(new Set(serviceNames));
  });

  it.each([
    '/api/v1/health',
    '/api/v1/openapi.json',
    '/api/v1/',
    '/api/v1',
    '/api/v2/users/me',
    '/api/users/me',
    '/users/me',
    '/',
    '/api/v1/chatty',
    '/api/v1/user',
    '/api/v1/Users/me',
    '/api/v1/constructor',
    '/api/v1/__proto__',
    '/api/v1/livez',
  ])('leaves %s to the gateway', (path) => {
    expect(serviceForPath(path)).toBeNull();
  });

  it.each([
    '/api/v1/users/../subscriptions/status',
    '/api/v1/users/%2e%2e/subscriptions/status',
    '/api/v1/users/%2E%2E',
    '/api/v1/users/./me',
    '/api/v1/../admin',
  ])('refuses the dot-segment path %s', (path) => {
    expect(serviceForPath(path)).toBeNull();
  });

  it('keeps ordinary dots inside a segment', () => {
    expect(serviceForPath('/api/v1/files/report.v2.pdf')).toBe('files');
    expect(serviceForPath('/api/v1/password-recovery/first.last@example.com')).toBe('auth');
  });
});
