import { baseConfigSchema, requiredWithPostgres } from '@innerview/kit';
import { z } from 'zod';

const secret = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * The questionnaire service's settings on top of the base (validated at start-up; the key formats
 * are checked when the keys are loaded, with a one-line error that never shows the value).
 */
// Replicas share these: with PostgreSQL they are configured, never generated per process (checked at start).
export const questionnaireConfigSchema = requiredWithPostgres(
  baseConfigSchema.extend({
    /**
     * Wraps the per-user data keys the answers are encrypted with: `[<version>:]<base64 of 32 bytes>`.
     * Required with PostgreSQL (replicas must share it); an embedded run generates one into
     * `<DATA_DIR>/questionnaire/master.key` (0600) on first start.
     */
    MASTER_KEY: secret,
    /** During a master-key rotation: the older keys, `<version>:<base64>,…`. */
    MASTER_KEYS_PREVIOUS: secret,
    /**
     * Seals the answers in `questionnaire.answers.changed`; the chat service needs the same value.
     * Required with PostgreSQL; embedded runs share `<DATA_DIR>/shared/event-payload.key`.
     */
    EVENT_PAYLOAD_KEY: secret,
    EVENT_PAYLOAD_KEYS_PREVIOUS: secret,
  }),
  ['MASTER_KEY', 'EVENT_PAYLOAD_KEY'],
);
export type QuestionnaireConfig = z.infer<typeof questionnaireConfigSchema>;
