import { z } from 'zod';
import { type PaidPlan, YEARLY_PRICE_IN_MONTHS } from './plans.ts';

/** ISO 4217 codes the price list may carry; CHF, EUR and USD at least (docs/product.md#billing-terms). */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CHF');

/**
 * The price list as configured (`BILLING_PRICES`, JSON): per currency the monthly price in minor
 * units, VAT included; yearly defaults to 10 × monthly (2 months free).
 */
export const priceListSchema = z
  .record(
    currencyCode,
    z.object({
      monthly: z.number().int().positive().max(100_000_000),
      yearly: z.number().int().positive().max(1_000_000_000).optional(),
    }),
  )
  .refine((list) => Object.keys(list).length > 0, 'needs at least one currency');
export type PriceListInput = z.input<typeof priceListSchema>;

/** CHF 19.00, EUR 19.00, USD 21.00 a month; VAT included. */
export const defaultPriceList: PriceListInput = {
  CHF: { monthly: 1900 },
  EUR: { monthly: 1900 },
  USD: { monthly: 2100 },
};

export interface PlanPrice {
  plan: 'freemium' | PaidPlan;
  currency: string;
  /** Minor units (cents, Rappen), VAT included. */
  amountMinor: number;
  interval: 'month' | 'year' | null;
  /** Freemium: the trial length. */
  trialDays: number | null;
}

export type PriceList = Record<string, Record<PaidPlan, number>>;

/** The list with every plan priced: yearly filled in as 10 × monthly where not set. */
export function resolvePriceList(input: PriceListInput): PriceList {
  const list = priceListSchema.parse(input);
  const resolved: PriceList = {};
  for (const [currency, price] of Object.entries(list)) {
    resolved[currency] = {
      monthly: price.monthly,
      yearly: price.yearly ?? price.monthly * YEARLY_PRICE_IN_MONTHS,
    };
  }
  return resolved;
}

export const DEFAULT_CURRENCY = 'CHF';

/** Euro area countries (and those using the euro) for the country fallback. */
const euroCountries = new Set(
  'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK'.split(' '),
);
const countryCurrency: Record<string, string> = { CH: 'CHF', LI: 'CHF', US: 'USD' };

/** The currency of a country (ISO 3166 alpha-2), if the price list has it. */
export function currencyForCountry(country: string, list: PriceList): string | undefined {
  const code = country.toUpperCase();
  const currency = countryCurrency[code] ?? (euroCountries.has(code) ? 'EUR' : undefined);
  return currency && list[currency] ? currency : undefined;
}

/**
 * The currency to show: an explicit `currency` the list has, else the country (query or the
 * region of the first Accept-Language tag that has one), else CHF (the company's own).
 */
export function chooseCurrency(
  list: PriceList,
  hints: { currency?: string | undefined; country?: string | undefined; acceptLanguage?: string | undefined },
): string {
  const asked = hints.currency?.trim().toUpperCase();
  if (asked && list[asked]) return asked;
  if (hints.country) {
    const fromCountry = currencyForCountry(hints.country, list);
    if (fromCountry) return fromCountry;
  }
  for (const tag of (hints.acceptLanguage ?? '').split(',').slice(0, 10)) {
    const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(tag.trim())?.[1];
    if (!region) continue;
    const fromRegion = currencyForCountry(region, list);
    if (fromRegion) return fromRegion;
  }
  return list[DEFAULT_CURRENCY] ? DEFAULT_CURRENCY : Object.keys(list).sort()[0]!;
}

/** The three plans in one currency, as the pricing cards show them. */
export function pricesIn(list: PriceList, currency: string, trialDays: number): PlanPrice[] {
  const prices = list[currency];
  if (!prices) return [];
  return [
    { plan: 'freemium', currency, amountMinor: 0, interval: null, trialDays },
    { plan: 'monthly', currency, amountMinor: prices.monthly, interval: 'month', trialDays: null },
    { plan: 'yearly', currency, amountMinor: prices.yearly, interval: 'year', trialDays: null },
  ];
}

/** "CHF 19.00": amount plus currency, as docs/product.md#billing-terms wants them shown (the glossary, ADR 60). */
export { formatMoney } from '@innerview/contracts/glossary';
