import { PATHS } from '../../routing/paths.ts';
import type { SUMMARY_STEP } from './questionnaire-rules.ts';

/**
 * Where the onboarding screens lead. The print view is ours (docs/product.md#screens-and-navigation has no path for it): signed
 * in, outside every frame, so it prints clean; onboarding need not be open (the profile uses it).
 */
export const QUESTIONNAIRE_PRINT_PATH = `${PATHS.questionnaire}/print`;

export function questionnaireStepPath(step: number | typeof SUMMARY_STEP): string {
  return `${PATHS.questionnaire}?step=${step}`;
}
