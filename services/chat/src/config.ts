import { baseConfigSchema, requiredWithPostgres } from '@innerview/kit';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const optionalUrl = optionalText.refine(
  (v) => v === undefined || /^https?:\/\//.test(v),
  'must start with http:// or https://',
);

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/**
 * The chat service's settings on top of the base (validated at start-up; key formats are checked
 * when the keys are loaded, with a one-line error that never shows the value).
 */
// Replicas share these: with PostgreSQL they are configured, never generated per process (checked at start).
export const chatConfigSchema = requiredWithPostgres(
  baseConfigSchema.extend({
    /**
     * Wraps the per-user data keys that message contents, titles and the coach's questionnaire
     * context are encrypted with. Required with PostgreSQL; an embedded run generates
     * `<DATA_DIR>/chat/master.key` on first start.
     */
    MASTER_KEY: optionalText,
    MASTER_KEYS_PREVIOUS: optionalText,
    /** Opens the answers sealed in `questionnaire.answers.changed`: the questionnaire service's value. */
    EVENT_PAYLOAD_KEY: optionalText,
    EVENT_PAYLOAD_KEYS_PREVIOUS: optionalText,
    /** Set: the coach is the OpenAI-compatible model; unset: the built-in offline coach. */
    OPENAI_API_KEY: optionalText,
    /** OpenAI by default; any compatible server (Azure OpenAI, Ollama, vLLM …). */
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    /**
     * Whether the configured model accepts images: attached images are then sent to it; otherwise
     * the coach says it cannot see them.
     */
    OPENAI_ACCEPTS_IMAGES: flag,
    /** Longest wait for the model's next streamed piece before the reply is given up. */
    OPENAI_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** Tokens of context sent with each message: system prompt, questionnaire, history. */
    CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(500).max(1_000_000).default(6_000),
    /** Most tokens the model may write in one reply. */
    CHAT_REPLY_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(800),
    /** Pause between the offline coach's streamed pieces. */
    OFFLINE_COACH_DELAY_MS: z.coerce.number().int().min(0).max(2_000).default(25),
    /**
     * Test-only (browser tests of the retry): the offline coach fails its first reply to each message
     * containing this text. Ignored with the OpenAI coach and when NODE_ENV is production.
     */
    OFFLINE_COACH_FAIL_ONCE_MARKER: optionalText,
    /**
     * A reply whose every reader is gone keeps being written this long for a reconnect (reload,
     * network switch); then the model call is aborted and what was written is kept.
     */
    CHAT_ORPHAN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /**
     * How long a reply's claim by the process writing it lasts without renewal (renewed a third of
     * it apart): a process killed mid-reply has its replies marked failed this long after (ADR 0039).
     */
    CHAT_REPLY_LEASE_MS: z.coerce.number().int().min(300).max(300_000).default(10_000),
    /**
     * How often the search backfill (ADR 0063) looks for messages not yet in the search index; it
     * also runs at start. Finding none is one look-up on a partial index.
     */
    CHAT_SEARCH_BACKFILL_MS: z.coerce.number().int().min(50).max(86_400_000).default(900_000),
    /**
     * Where replies are shared between replicas: `redis` (pieces mirrored to Redis so any replica
     * serves a reconnect or a stop; needs REDIS_URL) or `memory` (one chat process). Default: redis
     * when REDIS_URL is set.
     */
    CHAT_REPLY_SHARING: z.enum(['memory', 'redis']).optional(),
    /** How long a finished reply's numbered pieces stay available for a late resume. */
    CHAT_STREAM_RETENTION_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
    /** A comment line keeps idle streams open through proxies (the gateway's idle time-out is 30 s). */
    CHAT_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(15_000),
    /** Reconnect streams (resumes) one person may hold open at once in one chat process. */
    CHAT_MAX_READERS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(8),
    /** Replies one person may have in flight at once (across sessions and devices). */
    CHAT_MAX_REPLIES_PER_USER: z.coerce.number().int().min(1).max(100).default(4),
    /**
     * The files service (its own address, not the gateway's), asked for the extracted text of
     * attachments. Unset: attached files cannot be read, and the coach says so.
     */
    FILES_URL: optionalUrl,
    /** How often the goals' check-in sweep looks for check-ins whose time has come (docs/product.md#goals). */
    CHAT_CHECKIN_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    /** Longest wait for the files service's extracted texts before the coach answers without them. */
    FILES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  }),
  ['MASTER_KEY', 'EVENT_PAYLOAD_KEY'],
);
export type ChatConfig = z.infer<typeof chatConfigSchema>;
