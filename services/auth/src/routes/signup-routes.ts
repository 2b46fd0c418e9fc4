import { type AuthMessageKey, emailProblem } from '@innerview/contracts';
import { MessageResponse, VerifyResponse } from '@innerview/contracts/auth';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import type { Request, Response } from 'express';
import { type MailRequestJob, queueMailRequest } from '../actions/mail-requests.ts';
import { signUp } from '../actions/signup.ts';
import { verifyEmail } from '../actions/verification.ts';
import type { AuthContext } from '../auth-context.ts';
import { neutralMessages } from '../domain/messages.ts';
import type { RateLimitName } from '../domain/rate-limits.ts';
import { fieldError, normaliseEmail } from '../domain/validation.ts';
import { enforceRateLimits } from './rate-limit.ts';
import { ResendRequest, SignupRequest, VerifyRequest } from './schemas.ts';

/**
 * A mail request about an address (recovery, resend): counted against its per-IP and per-account
 * limits, then queued; the caller answers alike for every address (see queueMailRequest).
 */
export async function queueLimitedMailRequest(
  auth: AuthContext,
  req: Request,
  res: Response,
  request: MailRequestJob & { limits: [perIp: RateLimitName, perAccount: RateLimitName] },
): Promise<void> {
  const [perIp, perAccount] = request.limits;
  await enforceRateLimits(auth, req, res, { perIp, perAccount, email: request.email });
  await queueMailRequest(auth, { kind: request.kind, email: request.email });
}

/** 422 with the spec's e-mail message when the address is missing or malformed. */
export function requireEmail(value: string, loc: 'body' | 'path', field: string): string {
  const problem: AuthMessageKey | null = emailProblem(value);
  if (problem) {
    const error = fieldError(field, problem);
    throw new HttpError(422, [{ ...error, loc: [loc, field] }]);
  }
  return normaliseEmail(value);
}

export function signupRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/users/signup',
      summary:
        'Create an account (docs/product.md#sign-up-form rules, 422 lists every broken field). Answers the same for a known address.',
      auth: 'none',
      body: SignupRequest,
      status: 201,
      responses: { 201: { description: 'Accepted; a verification mail follows', schema: MessageResponse } },
      handler: async ({ body, req, res }) => {
        if (body.email) {
          await enforceRateLimits(auth, req, res, {
            perIp: 'signupPerIp',
            perAccount: 'signupPerAccount',
            email: normaliseEmail(body.email),
          });
        }
        await signUp(auth, body);
        return { message: neutralMessages.signupAccepted };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/users/verify',
      summary: 'Verify the e-mail address with the token from the mail (single use, 24 h)',
      auth: 'none',
      body: VerifyRequest,
      responses: {
        200: { description: 'Verified (or verified already: `already_verified`)', schema: VerifyResponse },
        400: { description: 'TOKEN_EXPIRED or TOKEN_INVALID (invalid or already used)' },
      },
      handler: ({ body }) => verifyEmail(auth, body.token),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/users/verify/resend',
      summary:
        'Send a new verification mail; the same answer whether or not the address has a pending account',
      auth: 'none',
      body: ResendRequest,
      responses: {
        200: { description: 'Accepted', schema: MessageResponse },
        429: { description: 'Too many requests' },
      },
      handler: async ({ body, req, res }) => {
        const email = requireEmail(body.email, 'body', 'email');
        await queueLimitedMailRequest(auth, req, res, {
          kind: 'verification-resend',
          email,
          limits: ['resendPerIp', 'resendPerAccount'],
        });
        return { message: neutralMessages.verificationResent };
      },
    }),
  ];
}
