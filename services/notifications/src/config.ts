import path from 'node:path';
import { type KeyRing, loadOrCreateEventPayloadKeys } from '@innerview/crypto';
import { type BaseConfig, baseConfigSchema } from '@innerview/kit/config';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `Name <address>` or a bare address, exactly one. */
const mailbox = z
  .string()
  .trim()
  .refine((v) => {
    const parsed = addressparser(v, { flatten: true });
    return parsed.length === 1 && /^[^@\s]+@[^@\s]+$/.test(parsed[0]?.address ?? '');
  }, 'must be one address, e.g. "Innerview <hello@innerview.ch>"');

/**
 * The notifications service's settings. Without `SMTP_URL` mails go to files (embedded mode);
 * with it, over SMTP. Production refuses the file transport: mails would never reach anyone.
 */
export const notificationsConfigSchema = baseConfigSchema
  .extend({
    MAIL_TRANSPORT: z.preprocess(blankToUndefined, z.enum(['file', 'smtp']).optional()),
    SMTP_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(blankToUndefined, mailbox.default('Innerview <hello@innerview.ch>')),
    SUPPORT_EMAIL: z.preprocess(blankToUndefined, z.email().default('support@innerview.ch')),
    /** The shell's public origin: every link in a mail points there. */
    APP_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).default('http://localhost:8080')),
    /** First retry delay of a failed send; doubles for each of the 5 tries (30 s → 7.5 min in all). */
    MAIL_RETRY_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /**
     * Opens the link tokens auth seals in its events (the same value as auth). Required with
     * PostgreSQL; embedded: `<DATA_DIR>/shared/event-payload.key`.
     */
    EVENT_PAYLOAD_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
    EVENT_PAYLOAD_KEYS_PREVIOUS: z.preprocess(blankToUndefined, z.string().trim().optional()),
  })
  .superRefine((config, ctx) => {
    const transport = config.MAIL_TRANSPORT ?? (config.SMTP_URL ? 'smtp' : 'file');
    if (config.DATABASE_URL?.startsWith('postgres') && !config.EVENT_PAYLOAD_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['EVENT_PAYLOAD_KEY'],
        message: 'required with a PostgreSQL DATABASE_URL',
      });
    if (transport === 'smtp' && !config.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    if (transport === 'file' && config.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message: 'file delivery is for development; set SMTP_URL in production',
      });
  });

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema> & BaseConfig;

export function mailTransportKind(config: NotificationsConfig): 'file' | 'smtp' {
  return config.MAIL_TRANSPORT ?? (config.SMTP_URL ? 'smtp' : 'file');
}

/** The dev mailbox exists only where mails are files and never in production. */
export function devMailboxEnabled(config: NotificationsConfig): boolean {
  return mailTransportKind(config) === 'file' && config.NODE_ENV !== 'production';
}

/** Where the file transport writes and the dev mailbox reads: `<DATA_DIR>/mail`. */
export function mailDir(config: NotificationsConfig): string {
  return path.join(config.DATA_DIR, 'mail');
}

/** The key ring auth seals link tokens with; memory:// (tests) keeps a throw-away one unless given. */
export function eventPayloadKeysOf(config: NotificationsConfig): KeyRing {
  return loadOrCreateEventPayloadKeys({
    value: config.EVENT_PAYLOAD_KEY,
    previous: config.EVENT_PAYLOAD_KEYS_PREVIOUS,
    dataDir: config.DATABASE_URL === 'memory://' ? undefined : config.DATA_DIR,
  });
}
