import { randomInt } from 'node:crypto';
import type { AuthContext } from '../auth-context.ts';
import { requestPasswordReset } from './passwords.ts';
import { resendVerification } from './verification.ts';

export const MAIL_REQUEST_JOB = 'auth.mail-request';
/** The look-up runs up to this long after the answer, at a random moment (see queueMailRequest). */
export const MAIL_REQUEST_SPREAD_MS = 2_000;

export interface MailRequestJob {
  kind: 'password-recovery' | 'verification-resend';
  email: string;
}

/**
 * Recovery and resend answer before anyone looks the address up, and what the request itself does
 * is the same for every address: it queues one job. The job (which finds the account, or nothing)
 * runs at a random moment within a couple of seconds, so neither this answer's time nor the next
 * request's tells whether the address has an account (issue 18, point 2).
 */
export async function queueMailRequest(auth: AuthContext, job: MailRequestJob): Promise<void> {
  await auth.service.jobs.add(MAIL_REQUEST_JOB, job, {
    delayMs: randomInt(0, MAIL_REQUEST_SPREAD_MS),
    attempts: 3,
  });
}

/** The job: a reset token and its mail for a live account, a new verification mail for a pending one. */
export async function runMailRequest(auth: AuthContext, job: MailRequestJob): Promise<void> {
  if (job.kind === 'password-recovery') await requestPasswordReset(auth, job.email);
  else await resendVerification(auth, job.email);
}
