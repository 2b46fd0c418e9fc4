import { loadConfig } from '@innerview/kit/config';
import { describe, expect, it } from 'vitest';
import {
  devMailboxEnabled,
  mailDir,
  mailTransportKind,
  type NotificationsConfig,
  notificationsConfigSchema,
} from './config.ts';

const load = (env: Record<string, string>) =>
  loadConfig(notificationsConfigSchema, env) as NotificationsConfig;

describe('notifications configuration', () => {
  it('defaults to mails as files under DATA_DIR, with the dev mailbox, links to localhost:8080', () => {
    const config = load({ DATA_DIR: '/tmp/iv' });
    expect(mailTransportKind(config)).toBe('file');
    expect(mailDir(config)).toBe('/tmp/iv/mail');
    expect(devMailboxEnabled(config)).toBe(true);
    expect(config.APP_URL).toBe('http://localhost:8080');
    expect(config.MAIL_FROM).toBe('Innerview <hello@innerview.ch>');
  });

  it('sends over SMTP as soon as SMTP_URL is set, and then has no dev mailbox', () => {
    const config = load({ SMTP_URL: 'smtp://mailpit:1025' });
    expect(mailTransportKind(config)).toBe('smtp');
    expect(devMailboxEnabled(config)).toBe(false);
  });

  it('keeps files when MAIL_TRANSPORT=file says so even with SMTP_URL', () => {
    expect(mailTransportKind(load({ SMTP_URL: 'smtp://mailpit:1025', MAIL_TRANSPORT: 'file' }))).toBe('file');
  });

  it('never offers the dev mailbox in production, and refuses file delivery there', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: MAIL_TRANSPORT: file delivery is for development; set SMTP_URL in production',
    );
    const secret = {
      INTERNAL_SIGNING_KEY: 'config-test-signing-key-of-32-characters-long',
      EVENT_PAYLOAD_KEY: 'XtB0sRnoyeRE5w9Q9IVzVyJhs36RHduIKE6HgrlC+Sc=',
    };
    expect(
      devMailboxEnabled(load({ NODE_ENV: 'production', SMTP_URL: 'smtps://mail.example.ch:465', ...secret })),
    ).toBe(false);
  });

  it('stops start-up with a clear message on a bad value', () => {
    expect(() => load({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      'Invalid configuration: SMTP_URL: required when MAIL_TRANSPORT=smtp',
    );
    expect(() => load({ SMTP_URL: 'http://mail' })).toThrow(
      'Invalid configuration: SMTP_URL: must start with smtp:// or smtps://',
    );
    expect(() => load({ MAIL_FROM: 'a@b.ch, c@d.ch' })).toThrow('Invalid configuration: MAIL_FROM');
    expect(() => load({ APP_URL: 'javascript:alert(1)' })).toThrow('Invalid configuration: APP_URL');
  });
});
