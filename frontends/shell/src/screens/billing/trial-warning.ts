import { type SubscriptionDetails, trialAllowancePercent } from '@innerview/api-client';

/** docs/product.md#trial-plans-and-retention: the upgrade warning shows within the last 7 days of the trial. */
export const TRIAL_WARNING_DAYS = 7;

export type TrialWarning = {
  /** YYYY-MM-DD */
  endDate: string;
  daysRemaining: number;
  /** Share of the trial allowance left, 0–100 (its unit, model tokens, is not shown: ADR 22). */
  allowancePercent: number | null;
};

/**
 * The trial-expiring warning (docs/product.md#when-the-trial-ends): a running trial in its last 7 days, with its end date and
 * what is left. Billing's `show_trial_warning` decides; the day count is checked too so a stale
 * flag never warns 20 days early.
 */
export function trialWarning(details: SubscriptionDetails | undefined): TrialWarning | null {
  if (details?.subscription_status !== 'freemium' || !details.show_trial_warning) return null;
  const days = details.days_remaining;
  const endDate = details.trial_end_date ?? details.end_date;
  if (days === null || days < 0 || days > TRIAL_WARNING_DAYS || !endDate) return null;
  return { endDate, daysRemaining: days, allowancePercent: trialAllowancePercent(details) };
}

/** Where the day the 'Trial almost up' dialog was last shown is kept (once a day at most). */
export const TRIAL_DIALOG_STORAGE_KEY = 'innerview.trialAlmostUpShownOn';

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Opens the 'Trial almost up' dialog when the warning applies and it was not shown today yet. */
export function shouldOpenTrialDialog(
  warningShown: boolean,
  lastShownOn: string | null,
  today: string,
): boolean {
  return warningShown && lastShownOn !== today;
}

export function readLastShown(): string | null {
  try {
    return localStorage.getItem(TRIAL_DIALOG_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberShown(today: string): void {
  try {
    localStorage.setItem(TRIAL_DIALOG_STORAGE_KEY, today);
  } catch {
    // Storage disabled: the dialog may show again on the next page load, nothing worse.
  }
}
