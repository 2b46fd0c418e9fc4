import { type QuestionnaireStatusResponse, readToken } from '@innerview/api-client';

const STEPS = 8;

/**
 * docs/product.md#questionnaire-progress: the reminder banner shows until the questionnaire is finished, i.e. submitted or with
 * all 8 steps answered. While the status is unknown (loading, failed) nothing shows.
 */
export function reminderStep(progress: QuestionnaireStatusResponse | undefined): number | null {
  if (!progress) return null;
  const finished =
    progress.status === 'submitted' ||
    Boolean(progress.submitted_at) ||
    progress.is_complete ||
    progress.complete;
  if (finished) return null;
  const step = progress.next_step;
  // The step goes into a URL: only a whole step of the questionnaire (1 to 8).
  return Number.isInteger(step) && step >= 1 && step <= STEPS ? step : 1;
}

const DISMISSED_KEY = 'innerview.questionnaireReminderDismissed';

/**
 * Dismissal lasts for this login only (sessionStorage, tied to the current token): a new login
 * has a new token, so the banner is back. A short hash is stored, never the token itself.
 */
function loginMark(): string {
  const token = readToken() ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function isReminderDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === loginMark();
  } catch {
    return false;
  }
}

export function dismissReminder(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, loginMark());
  } catch {
    // Storage disabled: the banner is hidden until the page reloads.
  }
}
