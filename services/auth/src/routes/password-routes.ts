import { MessageResponse } from '@innerview/contracts/auth';
import { defineRoute, type RouteDefinition } from '@innerview/kit';
import { changePassword, resetPassword } from '../actions/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { neutralMessages } from '../domain/messages.ts';
import { RecoveryParams, ResetPasswordRequest, UpdatePasswordRequest } from './schemas.ts';
import { queueLimitedMailRequest, requireEmail } from './signup-routes.ts';

export function passwordRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/password-recovery/:email',
      summary:
        'Send a password-reset link (1 h, single use); the same answer whether or not the address has an account',
      auth: 'none',
      params: RecoveryParams,
      responses: {
        200: { description: 'Accepted', schema: MessageResponse },
        429: { description: 'Too many requests' },
      },
      handler: async ({ params, req, res }) => {
        const email = requireEmail(params.email, 'path', 'email');
        await queueLimitedMailRequest(auth, req, res, {
          kind: 'password-recovery',
          email,
          limits: ['recoveryPerIp', 'recoveryPerAccount'],
        });
        return { message: neutralMessages.recoverySent };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/reset-password/',
      summary: 'Set a new password with a reset token; unlocks the account and ends every session',
      auth: 'none',
      body: ResetPasswordRequest,
      responses: {
        200: { description: 'Password set', schema: MessageResponse },
        400: { description: 'TOKEN_EXPIRED or TOKEN_INVALID (invalid or already used)' },
      },
      handler: ({ body }) => resetPassword(auth, body),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/users/me/password',
      summary: 'Change the password (current, new and confirmation); every session, this one included, ends',
      body: UpdatePasswordRequest,
      responses: { 200: { description: 'Password changed', schema: MessageResponse } },
      handler: ({ body, userId }) => changePassword(auth, userId, body),
    }),
  ];
}
