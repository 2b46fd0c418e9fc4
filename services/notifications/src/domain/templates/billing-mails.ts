import { z } from 'zod';
import { formatAmount, formatDay } from './billing-format.ts';
import { renderCancellationConfirmed } from './cancellation-confirmed.ts';
import { renderPaymentFailed } from './payment-failed.ts';
import { renderPaymentSucceeded } from './payment-succeeded.ts';
import { renderPlanChanged } from './plan-changed.ts';
import { renderReactivated } from './reactivated.ts';
import { renderTrialEnded } from './trial-ended.ts';
import { renderTrialEnding } from './trial-ending.ts';
import type { LanguageCode, RenderedMail } from './types.ts';

const firstName = z.string().max(1000);
const day = z.string().max(64);
const plan = z.enum(['monthly', 'yearly']);
const money = {
  amountMinor: z.number().int().min(0).max(1_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
};

/**
 * What each billing mail needs (without the address), as job data: validated again when the job
 * runs. `language` is added by the caller's shared schema.
 */
export const billingMailRequestShapes = {
  'trial-ending': { firstName, trialEnd: day, tokensRemaining: z.number().int() },
  'trial-ended': { firstName, trialEnd: day },
  'payment-succeeded': { firstName, plan, ...money, nextBillingDate: day.nullable() },
  'payment-failed': { firstName, plan, ...money, accessUntil: day.nullable() },
  'plan-changed': { firstName, fromPlan: plan, toPlan: plan, effectiveDate: day, ...money },
  'cancellation-confirmed': { firstName, plan, accessUntil: day, reactivateBy: day },
  reactivated: { firstName, plan, nextBillingDate: day.nullable() },
} as const;

type Shapes = typeof billingMailRequestShapes;
export type BillingMailRequest = {
  [T in keyof Shapes]: { template: T; language: LanguageCode } & z.infer<z.ZodObject<Shapes[T]>>;
}[keyof Shapes];

/**
 * Links: the shell (APP_URL). Renewing or paying goes through /pricing and
 * /auth/subscription-expired (docs/product.md#routes); the rest opens the app.
 */
function link(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}

export function composeBillingMail(request: BillingMailRequest, appUrl: string): RenderedMail {
  const lang = request.language;
  const date = (value: string | null) => (value ? formatDay(lang, value) : null);
  switch (request.template) {
    case 'trial-ending':
      return renderTrialEnding(lang, {
        firstName: request.firstName,
        trialEnd: date(request.trialEnd),
        tokensRemaining: request.tokensRemaining,
        pricingLink: link(appUrl, '/pricing'),
      });
    case 'trial-ended':
      return renderTrialEnded(lang, {
        firstName: request.firstName,
        trialEnd: date(request.trialEnd),
        pricingLink: link(appUrl, '/pricing'),
      });
    case 'payment-succeeded':
      return renderPaymentSucceeded(lang, {
        firstName: request.firstName,
        plan: request.plan,
        amount: formatAmount(lang, request.amountMinor, request.currency),
        nextBillingDate: date(request.nextBillingDate),
        appLink: link(appUrl, '/chat'),
      });
    case 'payment-failed':
      return renderPaymentFailed(lang, {
        firstName: request.firstName,
        plan: request.plan,
        amount: formatAmount(lang, request.amountMinor, request.currency),
        accessUntil: date(request.accessUntil),
        paymentLink: link(appUrl, '/auth/subscription-expired'),
      });
    case 'plan-changed':
      return renderPlanChanged(lang, {
        firstName: request.firstName,
        fromPlan: request.fromPlan,
        toPlan: request.toPlan,
        effectiveDate: date(request.effectiveDate),
        amount: formatAmount(lang, request.amountMinor, request.currency),
        subscriptionLink: link(appUrl, '/pricing'),
      });
    case 'cancellation-confirmed':
      return renderCancellationConfirmed(lang, {
        firstName: request.firstName,
        plan: request.plan,
        accessUntil: date(request.accessUntil),
        reactivateBy: date(request.reactivateBy),
        reactivateLink: link(appUrl, '/pricing'),
      });
    case 'reactivated':
      return renderReactivated(lang, {
        firstName: request.firstName,
        plan: request.plan,
        nextBillingDate: date(request.nextBillingDate),
        appLink: link(appUrl, '/chat'),
      });
  }
}
