import { runErasureSweep } from '../actions/deletion.ts';
import { MAIL_REQUEST_JOB, type MailRequestJob, runMailRequest } from '../actions/mail-requests.ts';
import { keepRevocationsComplete, restoreRevocations } from '../actions/sessions.ts';
import { prepareStandInHash } from '../adapters/security/passwords.ts';
import type { AuthContext } from '../auth-context.ts';
import { sweepExpired } from '../db/sweep.ts';
import { DAY_MS, HOUR_MS } from '../domain/lifetimes.ts';

const SWEEP = 'auth.sweep';
/** The scheduled erasure of accounts deleted 90 days ago (ADR 17). */
export const ERASURE_JOB = 'auth.erasure';

/**
 * Start-up work that must finish before the service takes requests (the kit awaits this hook):
 * the signing key is loaded or generated, the stand-in password hash computed, and revoked sessions are put back into the revocation
 * store. Then the hourly sweep of expired rows.
 */
export async function registerJobs(auth: AuthContext): Promise<void> {
  const { service } = auth;
  await auth.signingKey();
  await prepareStandInHash();
  try {
    const restored = await restoreRevocations(auth);
    if (restored > 0) service.log.info({ restored }, 'revoked sessions restored');
  } catch (error) {
    // Redis is away: auth starts anyway; verifiers refuse (503) until the watcher has refilled it.
    service.log.warn({ reason: (error as Error).message }, 'revocation cache not restored yet');
  }
  service.onStop(keepRevocationsComplete(auth));
  service.jobs.process(SWEEP, async () => {
    const removed = await sweepExpired(service.db, service.clock.now(), {
      loginAttemptsAfterMs: DAY_MS,
      tokensAfterMs: 7 * DAY_MS,
      sessionsAfterMs: 30 * DAY_MS,
    });
    service.log.info(removed, 'auth sweep done');
  });
  await service.jobs.repeat(SWEEP, { everyMs: HOUR_MS });
  service.jobs.process(ERASURE_JOB, async () => {
    const done = await runErasureSweep(auth);
    if (done.noticed > 0 || done.erased > 0) service.log.info(done, 'account erasure sweep done');
  });
  await service.jobs.repeat(ERASURE_JOB, { everyMs: HOUR_MS });
  service.jobs.process<MailRequestJob>(MAIL_REQUEST_JOB, ({ data }) => runMailRequest(auth, data));
}
