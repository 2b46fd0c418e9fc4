import { at } from '@innerview/kit/db-columns';
import { erasedPeopleTable } from '@innerview/kit/erased-people';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One row per user: the state machine's fields (`SubscriptionState`), the provider's ids, the price
 * being charged and the payment method shown. Created on `auth.user.registered` with no status.
 * The mail facts (address, first name, language) are kept for the billing mails and for the
 * provider's customer record; they are cleared by the 90-day erasure, which also re-keys the row
 * (and the person's history and payments) to a random pseudonym (ADR 17).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id').primaryKey(),
    email: text('email'),
    firstName: text('first_name'),
    language: text('language').notNull().default('en'),
    status: text('status'),
    plan: text('plan'),
    trialUsed: boolean('trial_used').notNull().default(false),
    trialStartedAt: at('trial_started_at'),
    trialEndsAt: at('trial_ends_at'),
    trialTokensRemaining: integer('trial_tokens_remaining').notNull(),
    trialReminderSentAt: at('trial_reminder_sent_at'),
    billingAnchor: at('billing_anchor'),
    currentPeriodStart: at('current_period_start'),
    currentPeriodEnd: at('current_period_end'),
    scheduledPlan: text('scheduled_plan'),
    cancelRequestedAt: at('cancel_requested_at'),
    cancellationReason: text('cancellation_reason'),
    endedAt: at('ended_at'),
    reactivateUntil: at('reactivate_until'),
    pastDueSince: at('past_due_since'),
    accessUntil: at('access_until'),
    expiredReason: text('expired_reason'),
    provider: text('provider'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    currency: text('currency'),
    amountMinor: integer('amount_minor'),
    scheduledAmountMinor: integer('scheduled_amount_minor'),
    paymentMethodType: text('payment_method_type'),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: text('payment_method_last4'),
    accountDeletedAt: at('account_deleted_at'),
    /**
     * Set by the 90-day erasure: the row is then an accounting record under a random pseudonymous
     * id (not the person's), with no mail facts or card digits, and publishes no more events.
     */
    erasedAt: at('erased_at'),
    /** Bumped on every change: part of the idempotency keys of provider writes. */
    version: integer('version').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId),
    index('subscriptions_provider_customer_idx').on(t.providerCustomerId),
    index('subscriptions_status_trial_idx').on(t.status, t.trialEndsAt),
    index('subscriptions_status_period_idx').on(t.status, t.currentPeriodEnd),
  ],
);

/**
 * A payment started with `POST /subscriptions/checkout/{plan}` (or a payment-method update). The id
 * is random (v4) because the local checkout page is reached by it without a token.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: ['subscribe', 'payment_method'] }).notNull(),
    plan: text('plan').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    provider: text('provider').notNull(),
    providerCheckoutId: text('provider_checkout_id'),
    /**
     * Local checkout page: the anti-forgery token its form must send back. Not a secret beyond the
     * checkout id itself (which is in the page's URL); it binds a POST to a page billing rendered.
     */
    formToken: text('form_token'),
    status: text('status', { enum: ['open', 'completed', 'expired'] }).notNull(),
    declines: integer('declines').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [index('checkouts_user_idx').on(t.userId, t.status)],
);

/** Provider events applied, stored in the same transaction as their effect: each is applied once. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Payments the provider reported (one per invoice), for the payment-succeeded mail and history. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    plan: text('plan').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId, t.status),
    index('payments_user_idx').on(t.userId),
  ],
);

/**
 * Every named transition of a user's subscription, written in the same transaction as the change
 * (`commitChange`): the subscription history of the person's data export. No personal facts, only
 * the user id, the time, the transition and the statuses and plan; it is part of the accounting
 * record that outlives the 90-day erasure (ADR 17).
 */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    at: at('at').notNull(),
    transition: text('transition').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    plan: text('plan'),
  },
  (t) => [index('subscription_history_user_idx').on(t.userId, t.at)],
);

/**
 * The local payment provider's own records (embedded mode): what Stripe would hold. Billing reads
 * them only through the provider port, exactly as it reads Stripe.
 */
export const localProviderSubscriptions = pgTable(
  'local_provider_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: uuid('user_id').notNull(),
    plan: text('plan').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    billingAnchor: at('billing_anchor').notNull(),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelRequestedAt: at('cancel_requested_at'),
    scheduledPlan: text('scheduled_plan'),
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** Test cards: `succeed`, or `decline_renewals` (4000 0000 0000 0341: first payment ok, renewals fail). */
    cardBehaviour: text('card_behaviour').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('local_provider_subscriptions_period_idx').on(t.status, t.currentPeriodEnd)],
);

/** The local provider's outgoing events ("webhooks"), redelivered until the handler took them. */
export const localProviderEvents = pgTable(
  'local_provider_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [index('local_provider_events_pending_idx').on(t.deliveredAt, t.createdAt)],
);

/** Idempotency keys the local provider has seen, with the answer it gave (as Stripe keeps them). */
export const localProviderIdempotency = pgTable('local_provider_idempotency', {
  key: text('key').primaryKey(),
  response: jsonb('response').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * The people erased (ADR 17), so that an event about one of them arriving late (another topic, a
 * retry, a replay from the dead letters) makes no row naming them again. Holds a hash of the user
 * id (`erasedMark`), not the id, and no date (a date would match the pseudonymous record's
 * `erased_at`): nothing of the person, only "this id is gone".
 */
export const erasedPeople = erasedPeopleTable();
