import path from 'node:path';
import { defineService } from '@innerview/kit';
import { createRateLimiter, failOpenReporter } from '@innerview/kit/rate-limiter';
import { handleProviderEvent } from './actions/provider-events.ts';
import { createLocalProvider } from './adapters/providers/local/local-provider.ts';
import { createStripeProvider } from './adapters/providers/stripe/stripe-provider.ts';
import type { BillingServiceContext, BillingWiring } from './billing-context.ts';
import { billingConfigSchema } from './config.ts';
import { subscriptions } from './events/subscriptions.ts';
import { registerJobs } from './jobs/index.ts';
import { routes } from './routes/index.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

function wire(service: BillingServiceContext): BillingWiring {
  const { config, clock, log, db } = service;
  // Shared by the replicas through Redis when there is one; reports only lower the trial quota, so
  // while Redis is away they pass (counted and logged) rather than fail.
  const tokenReports = createRateLimiter({
    prefix: 'innerview:billing:token-reports',
    redisUrl: config.REDIS_URL,
    onUnavailable: failOpenReporter({
      service: 'billing',
      log,
      message: 'redis unavailable: usage reports are not rate-limited',
    }),
  });
  service.onStop(() => tokenReports.close());
  if (config.PAYMENT_PROVIDER === 'stripe') {
    const stripe = createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
      clock,
      log,
    });
    return {
      billing: { service, config, provider: stripe, tokenReports },
      local: undefined,
      verifyStripeWebhook: stripe.verifyWebhook,
    };
  }
  const local = createLocalProvider({ db, clock, config, log });
  const billing = { service, config, provider: local, tokenReports };
  local.attach((event) => handleProviderEvent(billing, event));
  return { billing, local, verifyStripeWebhook: undefined };
}

/**
 * The billing service: plans, prices, trial, subscriptions and their state machine, payment
 * providers (Stripe, or the local one of the embedded mode), webhooks, chat access and trial quota.
 */
export function createBillingService() {
  return defineService({
    name: 'billing',
    defaultPort: 8102,
    configSchema: billingConfigSchema,
    migrationsFolder,
    // Tests reach the running service's wiring (`running.context`) to call the sweeps and the provider.
    context: wire,
    routes,
    subscriptions: (wiring) => subscriptions(wiring.billing),
    jobs: (wiring) => registerJobs(wiring.billing),
  });
}

export const billingService = createBillingService();
