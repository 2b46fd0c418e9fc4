/** The six services behind the gateway, in the order health and docs list them. */
export const serviceNames = ['auth', 'billing', 'chat', 'questionnaire', 'files', 'notifications'] as const;
export type ServiceName = (typeof serviceNames)[number];

export const API_PREFIX = '/api/v1';

/**
 * Which service owns each first path segment under /api/v1 (docs/architecture.md#route-ownership).
 * Segments match whole, so `/chat-sessions` is never taken for `/chat`.
 */
export const routeOwners: Readonly<Record<string, ServiceName>> = {
  login: 'auth',
  users: 'auth',
  'password-recovery': 'auth',
  'reset-password': 'auth',
  settings: 'auth',
  subscriptions: 'billing',
  webhooks: 'billing',
  chat: 'chat',
  'chat-sessions': 'chat',
  goals: 'chat',
  memory: 'chat',
  questionnaire: 'questionnaire',
  answers: 'questionnaire',
  files: 'files',
  notifications: 'notifications',
  push: 'notifications',
};

// `.`/`..` segments, plain or percent-encoded: a service must never see a path that walks out of its prefix.
const dotSegment = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/**
 * The service that owns a request path (no query string), or null when no service does.
 * `/api/v1/users/me` → 'auth'; `/api/v1/health` → null (the gateway's own).
 */
export function serviceForPath(pathname: string): ServiceName | null {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  const rest = pathname.slice(API_PREFIX.length + 1);
  if (dotSegment.test(rest)) return null;
  const slash = rest.indexOf('/');
  const segment = slash === -1 ? rest : rest.slice(0, slash);
  return Object.hasOwn(routeOwners, segment) ? routeOwners[segment]! : null;
}
