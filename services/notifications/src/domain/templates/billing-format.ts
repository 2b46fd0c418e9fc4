import { formatMoney } from '@innerview/contracts/glossary';
import { swissLocales } from '../format.ts';
import type { LanguageCode } from './types.ts';

/**
 * A calendar day for the billing mails ("2 March 2026", "2. März 2026"). Accepts `YYYY-MM-DD`
 * (billing dates, kept in UTC) or an ISO instant (shown in Swiss time); null when unreadable.
 */
export function formatDay(language: LanguageCode, value: string): string | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(dateOnly ? `${value}T12:00:00Z` : value);
  if (!Number.isFinite(time)) return null;
  return new Intl.DateTimeFormat(swissLocales[language], {
    dateStyle: 'long',
    timeZone: dateOnly ? 'UTC' : 'Europe/Zurich',
  }).format(time);
}

/** Amount plus currency (docs/product.md#numbers-and-limits): "CHF 19.00", with the language's own separators. */
export function formatAmount(_language: LanguageCode, amountMinor: number, currency: string): string {
  // The same in every language, as the app and the checkout page write it (the glossary, ADR 60).
  return formatMoney(amountMinor, currency);
}

/** Token counts with the language's grouping ("200 000", "200’000"). */
export function formatCount(language: LanguageCode, value: number): string {
  return new Intl.NumberFormat(swissLocales[language]).format(value);
}

export type PaidPlanName = 'monthly' | 'yearly';

/** The plan's name as it reads inside a sentence. */
export const planNames: Record<LanguageCode, Record<PaidPlanName, string>> = {
  en: { monthly: 'monthly plan', yearly: 'yearly plan' },
  fr: { monthly: 'abonnement mensuel', yearly: 'abonnement annuel' },
  de: { monthly: 'Monatsabo', yearly: 'Jahresabo' },
  it: { monthly: 'piano mensile', yearly: 'piano annuale' },
  es: { monthly: 'plan mensual', yearly: 'plan anual' },
};
