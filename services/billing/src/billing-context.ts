import type { BaseConfig, ServiceContext } from '@innerview/kit';
import type { RateLimiter } from '@innerview/kit/rate-limiter';
import type { LocalPaymentProvider } from './adapters/providers/local/local-provider.ts';
import type { PaymentProvider } from './adapters/providers/payment-provider.ts';
import type { BillingConfig } from './config.ts';
import type { WebhookVerifier } from './routes/webhook-routes.ts';

export type BillingServiceContext = ServiceContext<BillingConfig & BaseConfig>;

/** What the billing service's actions share: the kit's context plus the payment provider. */
export interface BillingContext {
  service: BillingServiceContext;
  config: BillingConfig;
  provider: PaymentProvider;
  /** Limits `POST /subscriptions/consume-tokens` per user (`TOKEN_REPORTS_PER_MINUTE`). */
  tokenReports: RateLimiter;
}

/** The context plus the provider-specific pieces the routes mount. */
export interface BillingWiring {
  billing: BillingContext;
  /** Set with the local provider: its checkout page. */
  local: LocalPaymentProvider | undefined;
  /** Set with Stripe: the webhook check. */
  verifyStripeWebhook: WebhookVerifier | undefined;
}
