import { runSweeps } from '../actions/sweeps.ts';
import type { BillingContext } from '../billing-context.ts';

export const SWEEP_JOB = 'billing.sweep';

/**
 * The billing sweeps on the jobs port: trial reminders and expiry, period ends, past-due grace and
 * the 90-day reactivation window; also redelivers the local provider's pending events. Each run is
 * idempotent and reads the time from the service clock.
 */
export async function registerJobs(billing: BillingContext): Promise<void> {
  const { service } = billing;
  service.jobs.process(SWEEP_JOB, async () => {
    const report = await runSweeps(billing);
    const total = Object.values(report).reduce((a, b) => a + b, 0);
    if (total > 0) service.log.info(report, 'billing sweep done');
  });
  await service.jobs.repeat(SWEEP_JOB, { everyMs: billing.config.BILLING_SWEEP_EVERY_MS });
}
