import { baseConfigSchema, requiredWithPostgres } from '@innerview/kit';
import { z } from 'zod';
import { DEFAULT_EXTRACTION_TIMEOUT_MS, DEFAULT_QUOTA_BYTES } from './domain/limits.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The files service's settings on top of the base (validated at start-up; key formats are checked
 * when the keys are loaded, with a one-line error that never shows the value).
 */
// Replicas share these: with PostgreSQL they are configured, never generated per process (checked at start).
export const filesConfigSchema = requiredWithPostgres(
  baseConfigSchema.extend({
    /**
     * The chat service's own address (e.g. `http://chat:3000`): it confirms that an upload's
     * `session_id` is the uploader's. Unset, uploads into a session are refused.
     */
    CHAT_URL: optionalText.refine(
      (v) => v === undefined || /^https?:\/\//.test(v),
      'must start with http:// or https://',
    ),
    /**
     * Wraps the per-user data keys that contents, names and extracted texts are encrypted with.
     * Required with PostgreSQL; an embedded run generates `<DATA_DIR>/files/master.key`.
     */
    MASTER_KEY: optionalText,
    MASTER_KEYS_PREVIOUS: optionalText,
    /** Bytes one person's files may take in all. */
    FILES_QUOTA_BYTES: z.coerce.number().int().min(1).default(DEFAULT_QUOTA_BYTES),
    /** `local` (disk) or `s3`; unset: `s3` when S3_BUCKET is set, else `local`. */
    FILES_STORAGE: z.enum(['local', 's3']).optional(),
    /** Folder of the local disk storage; default `<DATA_DIR>/files/blobs`. */
    FILES_DIR: optionalText,
    S3_ENDPOINT: optionalText.refine(
      (v) => v === undefined || /^https?:\/\//.test(v),
      'must start with http:// or https://',
    ),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag,
    /** Prepended to object keys, e.g. `files/`. */
    S3_PREFIX: optionalText,
    /** Longest a PDF or DOCX may take to read before the upload is refused. */
    FILES_EXTRACTION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(120_000)
      .default(DEFAULT_EXTRACTION_TIMEOUT_MS),
    /** Files read at once in worker threads. */
    FILES_EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** How often stored objects of deleted files are removed (they are also removed right away when possible). */
    FILES_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(60_000),
  }),
  ['MASTER_KEY'],
);
export type FilesConfig = z.infer<typeof filesConfigSchema>;
