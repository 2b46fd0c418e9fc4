import { z } from 'zod';
import { CHAT_ACCESS_KINDS } from './chat-access.ts';
import { CHAT_DENIAL_REASONS, PAID_PLANS, PLANS, SUBSCRIPTION_STATUSES } from './subscription-status.ts';

/**
 * Every event type the services exchange, with its payload schema.
 * A topic is named by its type. Add a type here first; producers and consumers import it.
 * Payloads never carry secrets in clear except single-use, short-lived tokens that a mail needs,
 * and never carry chat or questionnaire text in clear: the answers that chat needs for the coach's
 * context travel sealed in `questionnaire.answers.changed` (see there).
 */
const userId = z.string().uuid();
const language = z.enum(['en', 'fr', 'de', 'it', 'es']);
const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
const paidPlan = z.enum(PAID_PLANS);
const billingMailFacts = { email: z.string().email(), firstName: z.string(), language };

export const eventDataSchemas = {
  /** Used by the platform's own smoke checks and tests; carries nothing of a user. */
  'platform.ping': z.object({ note: z.string() }),
  'auth.user.registered': z.object({
    userId,
    email: z.string().email(),
    firstName: z.string(),
    language,
  }),
  'auth.verification.requested': z.object({
    userId,
    email: z.string().email(),
    firstName: z.string(),
    language,
    /** The one-time token sealed under EVENT_PAYLOAD_KEY: open with `openPayload` and `oneTimeTokenAad`. */
    sealedToken: z.string(),
    expiresAt: z.string(),
  }),
  /**
   * Someone signed up with the address of an existing, verified account. The sign-up answer does
   * not tell them (no enumeration); the owner gets a mail saying so, with a sign-in / reset hint.
   */
  'auth.signup.existing-account': z.object({
    userId,
    email: z.string().email(),
    firstName: z.string(),
    language,
  }),
  'auth.user.verified': z.object({ userId }),
  'auth.password-reset.requested': z.object({
    userId,
    email: z.string().email(),
    firstName: z.string(),
    language,
    /** The one-time token sealed under EVENT_PAYLOAD_KEY: open with `openPayload` and `oneTimeTokenAad`. */
    sealedToken: z.string(),
    expiresAt: z.string(),
  }),
  'auth.password.changed': z.object({ userId, email: z.string().email(), firstName: z.string(), language }),
  'auth.settings.changed': z.object({ userId, language, theme: z.enum(['light', 'dark', 'system']) }),
  /** Account deleted (soft): login ends at once; `eraseAfter` is the end of the 90-day retention. */
  'auth.user.deleted': z.object({ userId, eraseAfter: z.string() }),
  /** Support reactivated a deleted account within the 90 days: undo what deletion stopped. */
  'auth.user.reactivated': z.object({ userId }),
  /**
   * The 90 days are over: the erasure confirmation mail, sent while the address still exists. For
   * the notifications service only; `auth.user.erased` follows a day later (ADR 17).
   */
  'auth.user.erasure-confirmation': z.object({
    userId,
    email: z.string().email(),
    firstName: z.string(),
    language,
    deletedAt: z.string(),
  }),
  /** Every service erases the person's rows and files and destroys their data key (ADR 17). */
  'auth.user.erased': z.object({ userId }),
  'billing.subscription.changed': z.object({
    userId,
    status: subscriptionStatus,
    plan: z.enum(PLANS).nullable(),
    periodEnd: z.string().nullable(),
    trialTokensRemaining: z.number().int().nullable(),
    /**
     * past_due: the instant its limited access ends (billing's `access_until`), so that chat's
     * projection and billing's chat-access agree to the second. Absent from older producers.
     */
    accessUntil: z.string().nullable().optional(),
  }),
  /**
   * Billing's verdict on who may chat (ADR 0066), published in the same transaction as every
   * subscription change that changes it (trial start, quota used up, payment, plan change,
   * cancellation, past due, expiry, reactivation, account deletion). Chat stores the newest and
   * decides from it and its clock (`decideChatAccess` in `@innerview/contracts/chat-access`):
   * allowed until `allowedUntil` (ISO-8601, exclusive; null: no end), refused for `reason` from
   * then on, or at once when `allowed` is false. `trial` access is metered against
   * `trialTokensRemaining`.
   */
  'billing.chat-access.changed': z.object({
    userId,
    allowed: z.boolean(),
    allowedUntil: z.string().datetime().nullable(),
    reason: z.enum(CHAT_DENIAL_REASONS),
    access: z.enum(CHAT_ACCESS_KINDS).nullable(),
    trialTokensRemaining: z.number().int().nullable(),
  }),
  /**
   * The billing events that lead to a mail carry the recipient's mail facts (billing keeps them from
   * `auth.user.registered` and `auth.settings.changed`), as the auth mail events do.
   */
  'billing.trial.ending': z.object({
    userId,
    ...billingMailFacts,
    trialEnd: z.string(),
    tokensRemaining: z.number().int(),
  }),
  'billing.trial.expired': z.object({ userId, ...billingMailFacts, trialEnd: z.string() }),
  'billing.payment.failed': z.object({
    userId,
    ...billingMailFacts,
    accessUntil: z.string().nullable(),
    amountMinor: z.number().int(),
    currency: z.string(),
    plan: paidPlan,
  }),
  'billing.payment.succeeded': z.object({
    userId,
    ...billingMailFacts,
    amountMinor: z.number().int(),
    currency: z.string(),
    plan: paidPlan,
    /** The next billing date (YYYY-MM-DD), null when the subscription will not renew. */
    nextBillingDate: z.string().nullable(),
  }),
  /** A plan change was scheduled (or withdrawn): `toPlan` starts on `effectiveDate` (YYYY-MM-DD). */
  'billing.plan.changed': z.object({
    userId,
    ...billingMailFacts,
    fromPlan: paidPlan,
    toPlan: paidPlan,
    effectiveDate: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
  }),
  /** Cancellation requested: access continues until `accessUntil` (YYYY-MM-DD), no refund. */
  'billing.subscription.cancelled': z.object({
    userId,
    ...billingMailFacts,
    plan: paidPlan,
    accessUntil: z.string(),
    reactivateBy: z.string(),
  }),
  /** A cancelled subscription is running again (cancellation withdrawn, or renewed within 90 days). */
  'billing.subscription.reactivated': z.object({
    userId,
    ...billingMailFacts,
    plan: paidPlan,
    nextBillingDate: z.string().nullable(),
  }),
  /**
   * The person's answers changed (an answer saved, or the questionnaire submitted): a full snapshot
   * for the chat service's own encrypted copy (the coach's context). The answers are sealed under
   * the event-payload key that producer and consumer share (`EVENT_PAYLOAD_KEY`), so outbox rows
   * and bus streams never hold them in clear: open `sealedAnswers` with `openPayload(keys, sealed,
   * answersSnapshotAad(userId))` from `@innerview/crypto` and parse `QuestionnaireAnswersSnapshot`.
   * `revision` grows with every change of one user's answers: keep the highest one seen.
   */
  'questionnaire.answers.changed': z.object({
    userId,
    revision: z.number().int().positive(),
    submitted: z.boolean(),
    sealedAnswers: z.string().min(1),
  }),
  'questionnaire.submitted': z.object({
    userId,
    submittedAt: z.string(),
    skippedSteps: z.array(z.number().int().min(1).max(8)),
  }),
  'chat.tokens.consumed': z.object({ userId, sessionId: z.string(), tokens: z.number().int().nonnegative() }),
  'chat.safety.flagged': z.object({ userId, sessionId: z.string(), category: z.string(), language }),
  'chat.session.deleted': z.object({ userId, sessionId: z.string() }),
  /**
   * A goal's check-in time has come (docs/product.md#goals): one reminder to the person, by e-mail
   * today. The title is sealed under EVENT_PAYLOAD_KEY: open `sealedTitle` with `openPayload` and
   * `goalTitleAad(userId, goalId)` from `@innerview/contracts/goals`.
   */
  'chat.goal.checkin_due': z.object({
    userId,
    goalId: z.string().uuid(),
    language,
    checkin: z.enum(['daily', 'weekly']),
    sealedTitle: z.string().min(1),
  }),
  /**
   * The person's weekly reflection is due (opt-in, docs/product.md#goals). The summary (counts,
   * themes by name, the goals' titles: never a message's text) is sealed under EVENT_PAYLOAD_KEY:
   * open `sealedSummary` with `reflectionSummaryAad(userId)` and parse `WeeklySummary`.
   */
  'chat.reflection.weekly_due': z.object({ userId, language, sealedSummary: z.string().min(1) }),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const eventTypes = Object.keys(eventDataSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** The envelope every event travels in, on every bus adapter. */
export const EventEnvelope = z.object({
  id: z.string().uuid(),
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  subject: z.string(),
  data: z.unknown(),
  /** W3C trace context of the change that caused the event; consumers continue its trace. */
  traceparent: z
    .string()
    .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/)
    .optional(),
});
export type EventEnvelope<T extends EventType = EventType> = {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  subject: string;
  data: EventData<T>;
  traceparent?: string;
};

/** Parses an envelope and its payload; throws a ZodError on anything malformed. */
export function parseEvent(raw: unknown): EventEnvelope {
  const env = EventEnvelope.parse(raw);
  const schema = eventDataSchemas[env.type as EventType];
  if (!schema) throw new Error(`unknown event type ${env.type}`);
  return { ...env, type: env.type as EventType, data: schema.parse(env.data) } as EventEnvelope;
}
