import { type BaseConfig, baseConfigSchema } from '@innerview/kit/config';
import { z } from 'zod';
import { DEFAULT_PAST_DUE_GRACE_DAYS, DEFAULT_TRIAL_TOKEN_QUOTA } from './domain/plans.ts';
import { defaultPriceList, type PriceList, priceListSchema, resolvePriceList } from './domain/prices.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const priceList = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): PriceList => {
      if (value === undefined) return resolvePriceList(defaultPriceList);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"CHF":{"monthly":1900}}' });
        return z.NEVER;
      }
      const result = priceListSchema.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: `invalid price list: ${result.error.issues[0]?.message}` });
        return z.NEVER;
      }
      return resolvePriceList(result.data);
    }),
);

/**
 * The billing service's settings. Embedded default: the local payment provider and the built-in
 * price list (CHF, EUR, USD). `PAYMENT_PROVIDER=stripe` needs the secret key and webhook secret.
 */
export const billingConfigSchema = baseConfigSchema
  .extend({
    PAYMENT_PROVIDER: z.preprocess(blankToUndefined, z.enum(['local', 'stripe']).default('local')),
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .trim()
        .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key'),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z
        .string()
        .trim()
        .regex(/^whsec_[A-Za-z0-9_]+$/, 'must start with whsec_'),
    ),
    /** Another Stripe API base (a local test double); the real API when unset. */
    STRIPE_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /** `{"CHF":{"monthly":1900,"yearly":19000},…}`: minor units, VAT included; yearly defaults to 10 × monthly. */
    BILLING_PRICES: priceList,
    TRIAL_TOKEN_QUOTA: z.coerce.number().int().min(1).max(1_000_000_000).default(DEFAULT_TRIAL_TOKEN_QUOTA),
    PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(DEFAULT_PAST_DUE_GRACE_DAYS),
    /** The shell's public origin: where payments return to (`/subscription/success`). */
    APP_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).default('http://localhost:8080')),
    /** Where browsers reach `/api/v1` (the gateway); defaults to APP_URL (same origin in every mode). */
    PUBLIC_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /** How often the sweeps (trial reminders and expiry, period ends, windows) run. */
    BILLING_SWEEP_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  })
  .superRefine((config, ctx) => {
    // The local provider's test card buys any plan: a development convenience, never production.
    if (config.PAYMENT_PROVIDER === 'local' && config.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the local provider is for development (its test card buys any plan); set stripe in production',
      });
    if (config.PAYMENT_PROVIDER !== 'stripe') return;
    if (!config.STRIPE_SECRET_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'required when PAYMENT_PROVIDER=stripe',
      });
    if (!config.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'required when PAYMENT_PROVIDER=stripe',
      });
  });

export type BillingConfig = z.infer<typeof billingConfigSchema> & BaseConfig;

/** Where the browser reaches the API: `PUBLIC_API_URL`, else `APP_URL`, without a trailing slash. */
export function publicApiUrl(config: BillingConfig): string {
  return (config.PUBLIC_API_URL ?? config.APP_URL).replace(/\/+$/, '');
}

/** A link into the shell (keeps a path prefix of APP_URL). */
export function appLink(config: BillingConfig, path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${config.APP_URL.replace(/\/+$/, '')}${path}${search}`;
}
