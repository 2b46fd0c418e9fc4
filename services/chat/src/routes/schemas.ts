import { SESSION_TITLE_MAX, chatMessages as texts } from '@innerview/contracts/chat';
import { z } from 'zod';

const title = z
  .string({ error: texts.titleRequired })
  .trim()
  .min(1, { error: texts.titleRequired })
  .max(SESSION_TITLE_MAX, { error: texts.titleTooLong });

export const SessionIdBody = z.object({ session_id: z.string({ error: 'session_id is required' }).max(100) });
export const SessionIdParams = z.object({ id: z.string() });
export const ResumeParams = z.object({ session_id: z.string() });
export const ResumeQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});
export const CreateSessionBody = z.object({ session_title: title.nullable().optional() });
/** docs/product.md#chat-calls says `title`; `session_title` (the field's name everywhere else) is accepted too. */
export const RenameSessionBody = z
  .object({ title: title.optional(), session_title: title.optional() })
  .refine((body) => (body.title ?? body.session_title) !== undefined, {
    error: texts.titleRequired,
    path: ['title'],
  });
export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The most messages one transcript page may ask for. */
export const TRANSCRIPT_LIMIT_MAX = 500;
/**
 * `GET /chat-sessions/{id}/transcript?limit=&before=`: both optional (neither: the whole transcript).
 * Checked in the handler, not by the kit, so that a bad value is a 400 in the error shape.
 */
export const TranscriptQuery = z.object({
  limit: z
    .string({ error: 'limit must be a whole number' })
    .regex(/^\d{1,4}$/, { error: 'limit must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: 'limit must be at least 1' })
        .max(TRANSCRIPT_LIMIT_MAX, { error: `limit must be at most ${TRANSCRIPT_LIMIT_MAX}` }),
    )
    .optional(),
  before: z.uuid({ error: 'before must be the id of a message of this session' }).optional(),
});
