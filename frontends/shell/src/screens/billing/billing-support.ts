import {
  formatBillingDate,
  formatMoney,
  isOnboardingCompleted,
  type Plan,
  selectSessionUser,
  useAppSelector,
} from '@innerview/api-client';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../routing/paths.ts';
import type { Formatters } from './plan-choices.ts';

export const SUPPORT_EMAIL = 'support@innerview.ch';

/**
 * Leaving the app for the payment page (checkout, card update). One object so tests can watch it:
 * jsdom cannot navigate.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Money, dates and plan names in the reader's language (docs/product.md#billing-terms: amount plus currency). */
export function useBillingFormat(): Formatters {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return {
    money: (minor, currency) => formatMoney(minor, currency, locale),
    date: (isoDate) => formatBillingDate(isoDate, locale),
    plan: (plan: Plan) => t(`plans.${plan}`),
  };
}

/** After a plan starts: onboarding for someone who has not done it yet, else the chat. */
export function useContinuePath(): string {
  const user = useAppSelector(selectSessionUser);
  return isOnboardingCompleted(user) ? PATHS.chat : PATHS.onboardingIntroduction;
}
