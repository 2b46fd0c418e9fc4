import { describe, expect, it } from 'vitest';
import { composeMail, mailLanguage, mailRequestSchema } from './compose-mail.ts';
import { passwordResetLink, verificationLink } from './links.ts';

const settings = { appUrl: 'http://localhost:8080', supportEmail: 'support@innerview.ch' };
const requested = {
  firstName: 'Anna',
  token: 'tok+en/with=chars',
  requestedAt: '2026-11-21T10:00:00.000Z',
  expiresAt: '2026-11-22T10:00:00.000Z',
};

describe('links', () => {
  it('point at the shell routes with the token encoded, keeping a path prefix of APP_URL', () => {
    expect(verificationLink('http://localhost:8080', 'a+b/c')).toBe(
      'http://localhost:8080/auth/verification-success?token=a%2Bb%2Fc',
    );
    expect(passwordResetLink('https://innerview.ch/app/', 'xyz')).toBe(
      'https://innerview.ch/app/reset-password?token=xyz',
    );
  });
});

describe('composeMail', () => {
  it('builds the verification mail with its link and how long it is valid', () => {
    const mail = composeMail({ template: 'verification', language: 'en', ...requested }, settings);
    const expectedLink = 'http://localhost:8080/auth/verification-success?token=tok%2Ben%2Fwith%3Dchars';
    expect(mail.links).toEqual([expectedLink]);
    expect(mail.text).toContain(expectedLink);
    expect(mail.text).toContain('This link is valid for 24 hours and can only be used once.');
  });

  it('builds the reset mail with the reset-password link, valid one hour, in Italian', () => {
    const mail = composeMail(
      { template: 'password-reset', language: 'it', ...requested, expiresAt: '2026-11-21T11:00:00.000Z' },
      settings,
    );
    expect(mail.links).toEqual(['http://localhost:8080/reset-password?token=tok%2Ben%2Fwith%3Dchars']);
    expect(mail.text).toContain('Il link è valido per 1 ora e si può usare una sola volta.');
  });

  it('tells when the password changed, in Swiss time and format', () => {
    const mail = composeMail(
      {
        template: 'password-changed',
        language: 'de',
        firstName: 'Jonas',
        changedAt: '2026-11-21T11:52:00.000Z',
      },
      settings,
    );
    expect(mail.text).toContain('am 21. November 2026 um 12:52 (Schweizer Zeit) geändert');
    expect(mail.text).toContain('support@innerview.ch');
    expect(mail.links).toEqual(['http://localhost:8080/auth/password-reset']);
  });

  it('falls back to English for a language it does not have, and maps regional variants', () => {
    expect(mailLanguage('rm')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailLanguage('fr-CH')).toBe('fr');
    const mail = composeMail({ template: 'verification-resend', language: 'pt-BR', ...requested }, settings);
    expect(mail.subject).toBe('Your new Innerview confirmation link');
  });

  it('refuses a request without a token', () => {
    const parsed = mailRequestSchema.safeParse({
      template: 'password-reset',
      language: 'en',
      ...requested,
      token: '',
    });
    expect(parsed.success).toBe(false);
  });
});
