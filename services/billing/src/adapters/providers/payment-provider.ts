import type { Queryable } from '@innerview/kit';
import type { PaidPlan } from '../../domain/plans.ts';
import type { ProviderSnapshot } from '../../domain/provider-sync.ts';

export type ProviderKind = 'local' | 'stripe';

/**
 * A provider event, reduced to what the handler needs: which subscription or customer to re-read,
 * and the facts only the event carries (which checkout completed, which invoice was paid or failed).
 * Stripe webhooks and the local provider's events both become this, and take one handling path.
 */
export interface ProviderEvent {
  provider: ProviderKind;
  /** The provider's event id: stored with the effect, so each event is applied once. */
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** A completed checkout: our checkout id and user (from the session's metadata). */
  checkout: { checkoutId: string | null; userId: string | null } | null;
  invoice: {
    id: string;
    outcome: 'paid' | 'failed';
    amountMinor: number;
    currency: string;
    plan: PaidPlan | null;
  } | null;
}

export interface ProviderPrice {
  plan: PaidPlan;
  currency: string;
  amountMinor: number;
}

export interface CheckoutRequest {
  checkoutId: string;
  userId: string;
  email: string | null;
  plan: PaidPlan;
  currency: string;
  customerId: string | null;
  /** Where the provider sends the person after paying, and when they give up. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface PaymentMethodUpdateRequest {
  checkoutId: string;
  userId: string;
  customerId: string;
  subscriptionId: string;
  returnUrl: string;
  idempotencyKey: string;
}

/**
 * Where a call runs. Inside one of billing's transactions, pass it as `tx`: the local provider keeps
 * its records in billing's database and must use the open transaction (PGlite has one connection,
 * and its writes then commit or roll back with billing's own). Stripe ignores it.
 */
export interface ProviderCallContext {
  tx?: Queryable;
}

/**
 * The payment-provider port. Every write carries an idempotency key, so a retried request (or a
 * retried action after a crash) changes nothing twice at the provider.
 */
export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** The prices the provider charges, in one currency. */
  listPrices(currency: string): Promise<ProviderPrice[]>;
  /** Starts a payment for a subscription; the person pays at `url`. */
  createCheckout(
    request: CheckoutRequest,
  ): Promise<{ url: string; providerCheckoutId: string; customerId?: string }>;
  /** The subscription as it is now (re-read on every event); null when the provider has none by that id. */
  retrieveSubscription(
    subscriptionId: string,
    context?: ProviderCallContext,
  ): Promise<ProviderSnapshot | null>;
  /** The new plan starts at the end of the current period; nothing is charged until then. */
  schedulePlanChange(
    subscriptionId: string,
    plan: PaidPlan,
    idempotencyKey: string,
    context?: ProviderCallContext,
  ): Promise<void>;
  dropPlanChange(
    subscriptionId: string,
    idempotencyKey: string,
    context?: ProviderCallContext,
  ): Promise<void>;
  cancelAtPeriodEnd(
    subscriptionId: string,
    reason: string | null,
    idempotencyKey: string,
    context?: ProviderCallContext,
  ): Promise<void>;
  resume(subscriptionId: string, idempotencyKey: string, context?: ProviderCallContext): Promise<void>;
  /** Ends it at once (a duplicate subscription, or the end of a past-due grace period). */
  cancelNow(subscriptionId: string, idempotencyKey: string, context?: ProviderCallContext): Promise<void>;
  /** Where the person enters a new payment method (Stripe: the customer portal). */
  paymentMethodUpdateUrl(request: PaymentMethodUpdateRequest): Promise<string>;
  /**
   * Our clock says the period ended. The local provider renews (charges), cancels or switches plan
   * here; Stripe does all that itself, so its adapter does nothing (the sweep re-reads instead).
   * Called outside any transaction.
   */
  settlePeriodEnd(subscriptionId: string, now: Date): Promise<void>;
  /**
   * Hands the provider's pending events to the handler (the local provider's "webhooks"); called
   * after a transaction that wrote through the provider has committed. Stripe: nothing to do.
   */
  flush(): Promise<void>;
  /**
   * The 90-day erasure: the provider forgets what it holds of the person beyond its accounting
   * record and moves that record to `pseudonym`, billing's random stand-in for the user id (the
   * local provider: its delivered events and the card's last four digits go, its subscription is
   * re-keyed). Answers the customer id the pseudonymous record keeps, or null to keep the current
   * one. Stripe: the customer (`customerId`, billing's record of it) loses the address, name and
   * `metadata.userId`, and each of its subscriptions its `metadata.userId`; the ids stay (random,
   * not the person's), and the Stripe account's own retention applies to its invoices.
   */
  forgetPerson(
    userId: string,
    pseudonym: string,
    context: ProviderCallContext,
    record: { customerId: string | null },
  ): Promise<string | null>;
}
