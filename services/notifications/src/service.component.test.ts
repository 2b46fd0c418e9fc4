import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@innerview/contracts';
import { createEvent } from '@innerview/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sealedForTest } from './testing/helpers.ts';
import { type NotificationsHarness, startNotificationsHarness } from './testing/notifications-harness.ts';

/**
 * The service as embedded mode runs it: in-memory PGlite, in-process bus and jobs, mails as files.
 * Events go in through the bus (and so through the inbox), mails come out at GET /dev/mail.
 */
describe('notifications service, embedded mode', () => {
  let h: NotificationsHarness;
  beforeAll(async () => {
    h = await startNotificationsHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const publish = async <T extends EventType>(type: T, subject: string, data: EventData<T>) => {
    const event = createEvent(type, subject, data);
    await h.publish(event);
    return event as EventEnvelope<T>;
  };
  const verification = (userId: string, email: string, token: string) => ({
    userId,
    email,
    firstName: 'Léa <3',
    language: 'fr' as const,
    sealedToken: sealedForTest('auth.verification.requested', userId, token),
    expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
  });

  it('sends the welcome mail for a verification request, readable in the dev mailbox with its link', async () => {
    const userId = randomUUID();
    await publish('auth.verification.requested', userId, verification(userId, 'lea@example.ch', 'tok-1'));

    const [mail] = await eventually(async () => {
      const mails = await h.mailsTo('lea@example.ch');
      return mails.length > 0 && mails;
    });
    expect(mail?.subject).toBe('Bienvenue sur Innerview – confirmez votre adresse e-mail');
    expect(mail?.links).toEqual(['http://localhost:8080/auth/verification-success?token=tok-1']);
    expect(mail?.text).toContain('Bonjour Léa <3,');
    expect(mail?.text).toContain('http://localhost:8080/auth/verification-success?token=tok-1');
    expect(mail?.html).toContain('Bonjour Léa &lt;3,');
    expect(Date.parse(mail?.sentAt ?? '')).not.toBeNaN();
  });

  it('sends one mail for a redelivered event, and the "new link" mail for a second request', async () => {
    const userId = randomUUID();
    const to = 'max@example.ch';
    const first = createEvent('auth.verification.requested', userId, verification(userId, to, 'tok-a'));
    await h.publish(first);
    await h.publish(first); // the same event again, as an at-least-once bus may deliver it
    await publish('auth.verification.requested', userId, verification(userId, to, 'tok-b'));
    // Events of one subject arrive in order: once the third is mailed, the second was handled.
    const mails = await eventually(async () => {
      const list = await h.mailsTo(to);
      return list.some((m) => m.links[0]?.endsWith('tok-b')) && list;
    });
    // Two mails written in the same millisecond have no defined order in the mailbox: compare as a set.
    const byLink = (a: (string | undefined)[], b: (string | undefined)[]) =>
      String(a[1]).localeCompare(String(b[1]));
    expect(mails.map((m) => [m.subject, m.links[0]]).sort(byLink)).toEqual([
      [
        'Bienvenue sur Innerview – confirmez votre adresse e-mail',
        'http://localhost:8080/auth/verification-success?token=tok-a',
      ],
      [
        'Votre nouveau lien de confirmation Innerview',
        'http://localhost:8080/auth/verification-success?token=tok-b',
      ],
    ]);
  });

  it('sends the reset mail and the password-changed notice in the user’s language', async () => {
    const userId = randomUUID();
    const to = 'giulia@example.ch';
    await publish('auth.password-reset.requested', userId, {
      userId,
      email: to,
      firstName: 'Giulia',
      language: 'it',
      sealedToken: sealedForTest('auth.password-reset.requested', userId, 'reset-1'),
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await publish('auth.password.changed', userId, {
      userId,
      email: to,
      firstName: 'Giulia',
      language: 'it',
    });
    const mails = await eventually(async () => {
      const list = await h.mailsTo(to);
      return list.length === 2 && list;
    });
    const bySubject = Object.fromEntries(mails.map((m) => [m.subject, m]));
    expect(bySubject['Reimposta la tua password di Innerview']?.links).toEqual([
      'http://localhost:8080/reset-password?token=reset-1',
    ]);
    expect(bySubject['Reimposta la tua password di Innerview']?.text).toContain('valido per 1 ora');
    expect(bySubject['La tua password di Innerview è stata modificata']?.links).toEqual([
      'http://localhost:8080/auth/password-reset',
    ]);
  });

  it('shows the mailbox page with escaped contents, clickable links and a strict policy', async () => {
    const res = await h.request('GET', `/dev/mailbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('Bienvenue sur Innerview – confirmez votre adresse e-mail');
    expect(page).toContain('lea@example.ch');
    expect(page).toContain('<a href="http://localhost:8080/auth/verification-success?token=tok-1">');
    expect(page).toContain('Bonjour Léa &lt;3,');
    expect(page).not.toContain('Léa <3');
    expect(page).not.toContain('<script');
  });

  it('shows the HTML part of one mail as a sandboxed page, and 404 for an unknown id', async () => {
    const [mail] = await h.mailsTo('lea@example.ch');
    const res = await h.request('GET', `/dev/mailbox/${mail?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toBe(mail?.html);
    expect((await h.request('GET', `/dev/mailbox/${randomUUID()}`)).status).toBe(404);
    expect((await h.request('GET', `/dev/mailbox/not-a-uuid`)).status).toBe(422);
  });
});

describe('notifications service with SMTP delivery', () => {
  it('has no dev mailbox', async () => {
    const smtp = await startNotificationsHarness({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      expect((await smtp.request('GET', '/dev/mail')).status).toBe(404);
      expect((await smtp.request('GET', '/dev/mailbox')).status).toBe(404);
    } finally {
      await smtp.stop();
    }
  });
});
