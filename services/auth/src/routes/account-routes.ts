import { AccountDeletedResponse } from '@innerview/contracts/auth';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { deleteAccount } from '../actions/deletion.ts';
import { exportData } from '../actions/export.ts';
import { requireCurrentPassword } from '../actions/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { exportFileName } from '../domain/deletion.ts';
import { rateLimits, scaledLimit } from '../domain/rate-limits.ts';
import { DeleteAccountRequest } from './schemas.ts';

/** A few exports an hour per person: each one decrypts and gathers everything from every service. */
async function limitExports(auth: AuthContext, userId: string): Promise<void> {
  const limit = scaledLimit(rateLimits.exportPerAccount, auth.service.config.AUTH_RATE_LIMIT_MULTIPLIER);
  if (!limit) return;
  const result = await auth.limiter.hit(`exportPerAccount:${userId}`, limit.limit, limit.windowMs);
  if (!result.allowed) {
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    throw new HttpError(429, undefined, undefined, { retry_after_seconds: seconds });
  }
}

/** Leaving and taking one's data along: account deletion and the data export. */
export function accountRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'delete',
      path: '/api/v1/users/me',
      summary:
        'Delete the account: login ends at once, every session is revoked, a paid plan is cancelled at its period end (no further charge); data is kept 90 days, then erased (ADR 15)',
      body: DeleteAccountRequest,
      responses: {
        200: { description: 'Deleted', schema: AccountDeletedResponse },
        422: { description: 'current_password missing or wrong' },
      },
      handler: async ({ userId, body }) => {
        await requireCurrentPassword(auth, userId, body.current_password);
        return deleteAccount(auth, userId);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/users/me/export',
      summary:
        'Download all of your data as one JSON file (innerview-export-<date>.json), gathered from every service; a service that cannot answer is marked "unavailable"',
      responses: {
        200: { description: 'The export, as an attachment', contentType: 'application/json' },
        429: { description: 'Too many exports; retry_after_seconds' },
      },
      handler: async ({ userId, res }) => {
        await limitExports(auth, userId);
        const data = await exportData(auth, userId);
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader(
          'Content-Disposition',
          `attachment; filename="${exportFileName(auth.service.clock.now())}"`,
        );
        res.type('application/json').send(`${JSON.stringify(data, null, 2)}\n`);
        return undefined;
      },
    }),
  ];
}
