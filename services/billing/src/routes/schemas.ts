import { z } from 'zod';
import { subscriptionStatuses } from '../domain/plans.ts';

const status = z.enum(subscriptionStatuses).nullable();
const plan = z.enum(['freemium', 'monthly', 'yearly']);
const paidPlan = z.enum(['monthly', 'yearly']);
const date = z.string().nullable().describe('YYYY-MM-DD (UTC)');

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

export const SubscriptionStatusResponse = z
  .object({
    subscription_status: status.describe('Null until the person starts the trial or a plan'),
    plan_type: plan.nullable(),
    payment_provider: z.enum(['local', 'stripe']),
    has_access: z
      .boolean()
      .describe('May use the product now (trial running, paid, or cancelling before the end)'),
    end_date: date.describe('Trial end, period end, or the date access ended'),
    renewal_date: date.describe('When a renewing plan renews'),
    next_billing_date: date,
    current_period_end: z.string().nullable().describe('ISO-8601 UTC'),
    payment_method: z
      .object({ type: z.string(), brand: z.string().nullable(), last4: z.string().nullable() })
      .nullable(),
    amount_minor: z
      .number()
      .int()
      .nullable()
      .describe('What the plan costs per period, minor units, VAT included'),
    currency: z.string().nullable(),
    scheduled_plan: paidPlan.nullable().describe('A plan change that starts at the next billing cycle'),
    scheduled_plan_amount_minor: z.number().int().nullable(),
    scheduled_change_date: date,
    cancellation_date: date.describe('When the person cancelled'),
    access_until: date.describe(
      'Access lasts until then (trial end, cancelled period end, past-due grace end)',
    ),
    days_remaining: z.number().int().nullable(),
    remaining_trial_tokens: z
      .number()
      .int()
      .nullable()
      .describe('Trial quota left, in model tokens (chat service)'),
    trial_token_quota: z.number().int(),
    trial_end_date: date,
    trial_available: z.boolean(),
    show_trial_warning: z.boolean().describe('Within the last 7 days of the trial'),
    reactivate_until: date.describe('A cancelled subscription can be reactivated until then (90 days)'),
    expired_reason: z
      .enum(['trial_ended', 'payment_failed', 'reactivation_window_closed', 'account_closed'])
      .nullable(),
    can_cancel: z.boolean(),
    can_reactivate: z.boolean(),
    can_change_plan: z.boolean(),
    can_update_payment_method: z.boolean(),
  })
  .meta({ id: 'SubscriptionStatus' });

export const FreemiumStatusResponse = z
  .object({
    is_active: z.boolean(),
    trial_available: z.boolean(),
    trial_days: z.number().int(),
    trial_start_date: date,
    trial_end_date: date,
    days_remaining: z.number().int().nullable(),
    remaining_trial_tokens: z.number().int().nullable(),
    trial_token_quota: z.number().int(),
    tokens_exhausted: z.boolean(),
    show_trial_warning: z.boolean(),
    reminder_sent: z.boolean(),
  })
  .meta({ id: 'FreemiumStatus' });

export const PricesResponse = z
  .object({
    payment_provider: z.enum(['local', 'stripe']),
    currency: z.string(),
    currencies: z.array(z.string()),
    vat_included: z.literal(true),
    prices: z.array(
      z.object({
        plan,
        currency: z.string(),
        amount_minor: z.number().int(),
        interval: z.enum(['month', 'year']).nullable(),
        trial_days: z.number().int().nullable(),
        monthly_equivalent_minor: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PlanPrices' });

export const CheckoutResponse = z
  .object({
    url: z
      .string()
      .describe('Where to pay; afterwards the provider returns to <APP_URL>/subscription/success?plan=…'),
    checkout_id: z.string(),
    plan: paidPlan,
    currency: z.string(),
    amount_minor: z.number().int(),
  })
  .meta({ id: 'Checkout' });

export const UrlResponse = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });

export const ReactivateResponse = z
  .object({
    subscription: SubscriptionStatusResponse,
    checkout: CheckoutResponse.nullable().describe(
      'Set when the subscription had ended: pay here to reactivate',
    ),
  })
  .meta({ id: 'Reactivation' });

export const SwitchOptionsResponse = z
  .object({
    subscription_status: status,
    current_plan: plan.nullable(),
    scheduled_plan: paidPlan.nullable(),
    currency: z.string(),
    options: z.array(
      z.object({
        plan,
        action: z.enum([
          'activate_trial',
          'checkout',
          'schedule',
          'keep',
          'reactivate',
          'current',
          'unavailable',
        ]),
        reason: z.string().nullable(),
        charge_now_minor: z.number().int(),
        amount_minor: z.number().int(),
        currency: z.string(),
        first_charge_date: date,
        effective_date: date,
        trial_days_lost: z.number().int(),
        trial_tokens_lost: z.number().int(),
        message: z
          .string()
          .describe('Key of the confirmation text, e.g. trial_to_monthly, yearly_to_monthly'),
      }),
    ),
  })
  .meta({ id: 'SwitchOptions' });

export const ChatAccessResponse = z
  .object({
    allowed: z.literal(true),
    reason: z.null(),
    subscription_status: status,
    access: z.enum(['trial', 'full', 'limited']).describe('limited: past due, until access_until'),
    remaining_trial_tokens: z.number().int().nullable(),
    access_until: date,
  })
  .meta({ id: 'ChatAccess' });

export const ChatAccessDenied = z
  .object({
    detail: z.string(),
    code: z.enum(['SUBSCRIPTION_REQUIRED', 'SUBSCRIPTION_EXPIRED', 'SUBSCRIPTION_LIMIT_REACHED']),
    allowed: z.literal(false),
    reason: z
      .enum([
        'no_subscription',
        'trial_expired',
        'trial_tokens_exhausted',
        'payment_past_due',
        'subscription_cancelled',
        'subscription_expired',
      ])
      .describe('What to tell the person'),
    subscription_status: status,
    redirect_to: z.string().describe('/pricing, /trial-expired or /auth/subscription-expired'),
    access_until: date,
  })
  .meta({ id: 'ChatAccessDenied' });

export const LocalCheckoutForm = z.object({
  form_token: z.string().max(128).default(''),
  card_number: z.string().max(64).default(''),
  expiry: z.string().max(16).default(''),
  cvc: z.string().max(8).default(''),
});

export const CheckoutIdParams = z.object({ checkoutId: z.string().uuid() });
export const LangQuery = z.object({ lang: z.string().max(20).optional() });
