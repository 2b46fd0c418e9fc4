import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@innerview/kit/config';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadOrCreateVapidKeys } from './adapters/push/vapid.ts';
import {
  devMailboxEnabled,
  localPushServiceEnabled,
  mailDir,
  mailTransportKind,
  type NotificationsConfig,
  notificationsConfigSchema,
} from './config.ts';

const pair = webpush.generateVAPIDKeys();
const vapidPair = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };

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
      MASTER_KEY: 'm3Vh0I4m1mIhbd0B7bH0mRC9K9E1fTQ0m+XJ3m8sQ3E=',
      ...vapidPair,
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

  it('needs the VAPID pair, its contact and the master key with PostgreSQL, and a pair that belongs together', () => {
    const postgres = { DATABASE_URL: 'postgres://db/notifications', EVENT_PAYLOAD_KEY: 'x' };
    expect(() => load(postgres)).toThrow(
      'Invalid configuration: MASTER_KEY: required with a PostgreSQL DATABASE_URL',
    );
    expect(() => load({ ...postgres, MASTER_KEY: 'k', ...vapidPair })).toThrow(
      'Invalid configuration: VAPID_SUBJECT: required with a PostgreSQL DATABASE_URL',
    );
    expect(() => load({ VAPID_SUBJECT: 'support@innerview.ch' })).toThrow(
      'Invalid configuration: VAPID_SUBJECT',
    );
    const other = webpush.generateVAPIDKeys();
    expect(() => loadOrCreateVapidKeys(load({ ...vapidPair, VAPID_PRIVATE_KEY: other.privateKey }))).toThrow(
      'Invalid configuration: VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    );
    expect(loadOrCreateVapidKeys(load(vapidPair))).toEqual({
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
      subject: 'mailto:support@innerview.ch',
    });
  });

  it('runs the local stand-in push service only where the dev mailbox runs', () => {
    expect(localPushServiceEnabled(load({}))).toBe(true);
    expect(localPushServiceEnabled(load({ SMTP_URL: 'smtp://mailpit:1025' }))).toBe(false);
  });

  it('embedded mode keeps one generated VAPID pair in DATA_DIR (0600), the same after a restart', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'iv-vapid-'));
    try {
      const first = loadOrCreateVapidKeys(load({ DATA_DIR: dir }));
      const file = path.join(dir, 'notifications', 'vapid.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateVapidKeys(load({ DATA_DIR: dir }))).toEqual(first);
      expect(first.subject).toBe('mailto:support@innerview.ch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
