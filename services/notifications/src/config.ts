import path from 'node:path';
import { type BaseConfig, baseConfigSchema, requireWithPostgres } from '@innerview/kit/config';
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
    /**
     * Wraps the per-person data keys the push subscriptions are encrypted with (the endpoint is a
     * capability URL). Required with PostgreSQL; embedded: `<DATA_DIR>/notifications/master.key`.
     */
    MASTER_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
    MASTER_KEYS_PREVIOUS: z.preprocess(blankToUndefined, z.string().trim().optional()),
    /**
     * The VAPID pair push messages are signed with (base64url, as `npx web-push generate-vapid-keys`
     * prints them) and the contact push services may use (`mailto:` or `https:`). Required with
     * PostgreSQL; embedded: a pair kept in `<DATA_DIR>/notifications/vapid.json`.
     */
    VAPID_PUBLIC_KEY: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url of an uncompressed P-256 point (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url of a P-256 private key (43 characters)')
        .optional(),
    ),
    VAPID_SUBJECT: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
        .optional(),
    ),
    /** Longest wait for a push service's answer to one message. */
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  })
  .superRefine((config, ctx) => {
    const transport = config.MAIL_TRANSPORT ?? (config.SMTP_URL ? 'smtp' : 'file');
    requireWithPostgres(config, ctx, ['EVENT_PAYLOAD_KEY']);
    if (transport === 'smtp' && !config.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
    if (transport === 'file' && config.NODE_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message: 'file delivery is for development; set SMTP_URL in production',
      });
    // After the transport's rules, which a production start names first.
    requireWithPostgres(config, ctx, [
      'MASTER_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
    ]);
  });

export type NotificationsConfig = z.infer<typeof notificationsConfigSchema> & BaseConfig;

export function mailTransportKind(config: NotificationsConfig): 'file' | 'smtp' {
  return config.MAIL_TRANSPORT ?? (config.SMTP_URL ? 'smtp' : 'file');
}

/** The dev mailbox exists only where mails are files and never in production. */
export function devMailboxEnabled(config: NotificationsConfig): boolean {
  return mailTransportKind(config) === 'file' && config.NODE_ENV !== 'production';
}

/**
 * The local stand-in push service (embedded mode's dev tools, like the mailbox): on where mails are
 * files and never in production. Endpoints on it are the only http:// ones accepted.
 */
export function localPushServiceEnabled(config: NotificationsConfig): boolean {
  return devMailboxEnabled(config);
}

/** Where the file transport writes and the dev mailbox reads: `<DATA_DIR>/mail`. */
export function mailDir(config: NotificationsConfig): string {
  return path.join(config.DATA_DIR, 'mail');
}
