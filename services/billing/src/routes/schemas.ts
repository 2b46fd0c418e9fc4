import { PAID_PLANS } from '@innerview/contracts/subscription-status';
import { z } from 'zod';

// The response bodies are in @innerview/contracts/billing (the api-client's types come from them).
const paidPlan = z.enum(PAID_PLANS);

export const PaidPlanParams = z.object({ plan: paidPlan });

export const CurrencyQuery = z.object({
  currency: z.string().trim().max(3).optional().describe('ISO 4217 code, e.g. CHF; unknown codes fall back'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .optional()
    .describe('ISO 3166 country code, used when no currency is given (then Accept-Language, then CHF)'),
});

export const CancelQuery = z.object({
  reason: z.string().trim().max(500).optional().describe('Why the person cancels (optional, free text)'),
});

export const ConsumeTokensQuery = z.object({
  tokens_used: z.coerce.number().int().min(0).max(1_000_000_000),
});

export const LocalCheckoutForm = z.object({
  form_token: z.string().max(128).default(''),
  card_number: z.string().max(64).default(''),
  expiry: z.string().max(16).default(''),
  cvc: z.string().max(8).default(''),
});

export const CheckoutIdParams = z.object({ checkoutId: z.string().uuid() });
export const LangQuery = z.object({ lang: z.string().max(20).optional() });
