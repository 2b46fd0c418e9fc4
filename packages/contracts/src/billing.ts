import { z } from 'zod';
import {
  CHAT_DENIAL_REASONS,
  PAID_PLANS,
  PAYMENT_PROVIDERS,
  PLANS,
  SUBSCRIPTION_STATUSES,
} from './subscription-status.ts';

/**
 * The bodies billing's subscription routes answer with (services/billing/README.md). Billing's
 * route definitions declare them (and its OpenAPI is generated from them); the api-client's types
 * are `z.infer` of the same schemas, so the two cannot drift apart.
 */
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
const status = SubscriptionStatusSchema.nullable();
const plan = z.enum(PLANS);
const paidPlan = z.enum(PAID_PLANS);
const provider = z.enum(PAYMENT_PROVIDERS);
const date = z.string().nullable().describe('YYYY-MM-DD (UTC)');

export const SubscriptionStatusResponse = z
  .object({
    subscription_status: status.describe('Null until the person starts the trial or a plan'),
    plan_type: plan.nullable(),
    payment_provider: provider,
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
    payment_provider: provider,
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
    reason: z.enum(CHAT_DENIAL_REASONS).describe('What to tell the person'),
    subscription_status: status,
    redirect_to: z.string().describe('/pricing, /trial-expired or /auth/subscription-expired'),
    access_until: date,
  })
  .meta({ id: 'ChatAccessDenied' });

export type SubscriptionDetails = z.infer<typeof SubscriptionStatusResponse>;
export type FreemiumStatus = z.infer<typeof FreemiumStatusResponse>;
export type PlanPrices = z.infer<typeof PricesResponse>;
export type PlanPrice = PlanPrices['prices'][number];
export type CheckoutSession = z.infer<typeof CheckoutResponse>;
export type RedirectUrl = z.infer<typeof UrlResponse>;
export type Reactivation = z.infer<typeof ReactivateResponse>;
export type SwitchOptions = z.infer<typeof SwitchOptionsResponse>;
export type SwitchOption = SwitchOptions['options'][number];
export type SwitchAction = SwitchOption['action'];
export type ExpiredReason = NonNullable<SubscriptionDetails['expired_reason']>;
export type ChatAccessAllowed = z.infer<typeof ChatAccessResponse>;
export type ChatAccessRefused = z.infer<typeof ChatAccessDenied>;
