import { z } from 'zod';

/**
 * Every event type the services exchange, with its payload schema.
 * A topic is named by its type. Add a type here first; producers and consumers import it.
 * Payloads never carry secrets in clear except single-use, short-lived tokens that a mail needs,
 * and never carry chat or questionnaire text (chat keeps its own encrypted copy of answers via
 * `questionnaire.answers.changed`, which carries the answers for that purpose only).
 */
const userId = z.string().uuid();
const language = z.enum(['en', 'fr', 'de', 'it', 'es']);
const subscriptionStatus = z.enum([
  'freemium',
  'monthly',
  'yearly',
  'cancelled',
  'cancelling_at_period_end',
  'past_due',
  'expired',
]);

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
    token: z.string(),
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
    token: z.string(),
    expiresAt: z.string(),
  }),
  'auth.password.changed': z.object({ userId, email: z.string().email(), firstName: z.string(), language }),
  'auth.settings.changed': z.object({ userId, language, theme: z.enum(['light', 'dark', 'system']) }),
  'auth.user.deleted': z.object({ userId, eraseAfter: z.string() }),
  'auth.user.erased': z.object({ userId }),
  'billing.subscription.changed': z.object({
    userId,
    status: subscriptionStatus,
    plan: z.enum(['freemium', 'monthly', 'yearly']).nullable(),
    periodEnd: z.string().nullable(),
    trialTokensRemaining: z.number().int().nullable(),
  }),
  'billing.trial.ending': z.object({ userId, trialEnd: z.string(), tokensRemaining: z.number().int() }),
  'billing.trial.expired': z.object({ userId }),
  'billing.payment.failed': z.object({ userId, accessUntil: z.string().nullable() }),
  'billing.payment.succeeded': z.object({
    userId,
    amountMinor: z.number().int(),
    currency: z.string(),
    plan: z.enum(['monthly', 'yearly']),
  }),
  'questionnaire.answers.changed': z.object({
    userId,
    answers: z.array(z.object({ questionKey: z.string(), answerText: z.string() })),
  }),
  'questionnaire.submitted': z.object({
    userId,
    submittedAt: z.string(),
    skippedSteps: z.array(z.number().int().min(1).max(8)),
  }),
  'chat.tokens.consumed': z.object({ userId, sessionId: z.string(), tokens: z.number().int().nonnegative() }),
  'chat.safety.flagged': z.object({ userId, sessionId: z.string(), category: z.string(), language }),
  'chat.session.deleted': z.object({ userId, sessionId: z.string() }),
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
});
export type EventEnvelope<T extends EventType = EventType> = {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  subject: string;
  data: EventData<T>;
};

/** Parses an envelope and its payload; throws a ZodError on anything malformed. */
export function parseEvent(raw: unknown): EventEnvelope {
  const env = EventEnvelope.parse(raw);
  const schema = eventDataSchemas[env.type as EventType];
  if (!schema) throw new Error(`unknown event type ${env.type}`);
  return { ...env, type: env.type as EventType, data: schema.parse(env.data) } as EventEnvelope;
}
