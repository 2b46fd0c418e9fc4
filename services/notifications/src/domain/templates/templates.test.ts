import { describe, expect, it } from 'vitest';
import { common } from './common.ts';
import { renderPasswordChanged } from './password-changed.ts';
import { renderPasswordReset } from './password-reset.ts';
import type { LanguageCode, RenderedMail } from './types.ts';
import { renderVerification } from './verification.ts';
import { renderVerificationResend } from './verification-resend.ts';

const languages: LanguageCode[] = ['en', 'fr', 'de', 'it', 'es'];
const link = 'https://app.innerview.ch/auth/verification-success?token=abc_DEF-123&x=1';
const hostileName = '<img src=x onerror="alert(1)"> & Co';

interface Case {
  template: string;
  render(language: LanguageCode, firstName: string): RenderedMail;
  /** The link the reader must find, and the subject and one sentence per language. */
  link: string;
  expected: Record<LanguageCode, { subject: string; phrase: string }>;
}

const cases: Case[] = [
  {
    template: 'verification',
    render: (language, firstName) => renderVerification(language, { firstName, link, validFor: '24 hours' }),
    link,
    expected: {
      en: {
        subject: 'Welcome to Innerview – please confirm your email address',
        phrase: 'Confirm email address',
      },
      fr: {
        subject: 'Bienvenue sur Innerview – confirmez votre adresse e-mail',
        phrase: 'Confirmer mon adresse e-mail',
      },
      de: {
        subject: 'Willkommen bei Innerview – bitte bestätige deine E-Mail-Adresse',
        phrase: 'E-Mail-Adresse bestätigen',
      },
      it: {
        subject: 'Ti diamo il benvenuto su Innerview – conferma il tuo indirizzo e-mail',
        phrase: 'Conferma indirizzo e-mail',
      },
      es: {
        subject: 'Te damos la bienvenida a Innerview: confirma tu correo electrónico',
        phrase: 'Confirmar correo electrónico',
      },
    },
  },
  {
    template: 'verification-resend',
    render: (language, firstName) =>
      renderVerificationResend(language, { firstName, link, validFor: '24 hours' }),
    link,
    expected: {
      en: { subject: 'Your new Innerview confirmation link', phrase: 'here is a new link' },
      fr: { subject: 'Votre nouveau lien de confirmation Innerview', phrase: 'voici un nouveau lien' },
      de: { subject: 'Dein neuer Bestätigungslink für Innerview', phrase: 'dein neuer Link' },
      it: { subject: 'Il tuo nuovo link di conferma per Innerview', phrase: 'ecco un nuovo link' },
      es: { subject: 'Tu nuevo enlace de confirmación de Innerview', phrase: 'aquí tienes un nuevo enlace' },
    },
  },
  {
    template: 'password-reset',
    render: (language, firstName) =>
      renderPasswordReset(language, {
        firstName,
        link: 'https://app.innerview.ch/reset-password?token=r3set',
        validFor: '1 hour',
      }),
    link: 'https://app.innerview.ch/reset-password?token=r3set',
    expected: {
      en: { subject: 'Reset your Innerview password', phrase: 'Choose a new password' },
      fr: {
        subject: 'Réinitialisez votre mot de passe Innerview',
        phrase: 'Choisir un nouveau mot de passe',
      },
      de: { subject: 'Setze dein Innerview-Passwort zurück', phrase: 'Neues Passwort wählen' },
      it: { subject: 'Reimposta la tua password di Innerview', phrase: 'Scegli una nuova password' },
      es: { subject: 'Restablece tu contraseña de Innerview', phrase: 'Elegir una nueva contraseña' },
    },
  },
  {
    template: 'password-changed',
    render: (language, firstName) =>
      renderPasswordChanged(language, {
        firstName,
        changedAt: '21 November 2026 12:52',
        resetRequestLink: 'https://app.innerview.ch/auth/password-reset',
        supportEmail: 'support@innerview.ch',
      }),
    link: 'https://app.innerview.ch/auth/password-reset',
    expected: {
      en: { subject: 'Your Innerview password has been changed', phrase: 'support@innerview.ch' },
      fr: { subject: 'Votre mot de passe Innerview a été modifié', phrase: 'Réinitialiser le mot de passe' },
      de: { subject: 'Dein Innerview-Passwort wurde geändert', phrase: 'Passwort zurücksetzen' },
      it: { subject: 'La tua password di Innerview è stata modificata', phrase: 'Reimposta la password' },
      es: { subject: 'Se ha cambiado tu contraseña de Innerview', phrase: 'Restablecer contraseña' },
    },
  },
];

const escapedAmp = (url: string) => url.replace(/&/g, '&amp;');

describe.each(cases)('the $template mail', ({ render, link: expectedLink, expected }) => {
  describe.each(languages)('in %s', (language) => {
    const mail = render(language, 'Anna');

    it('has the subject of its language and says it in that language in both parts', () => {
      expect(mail.subject).toBe(expected[language].subject);
      expect(mail.text).toContain(expected[language].phrase);
      expect(mail.html).toContain(`<title>${expected[language].subject.replace(/&/g, '&amp;')}</title>`);
      expect(mail.html).toContain(`<html lang="${language}"`);
    });

    it('carries the link as a button, as visible text, and in the plain-text part', () => {
      expect(mail.links).toEqual([expectedLink]);
      expect(mail.html).toContain(`href="${escapedAmp(expectedLink)}"`);
      expect(mail.html).toContain(`>${escapedAmp(expectedLink)}</a>`);
      expect(mail.text).toContain(`\n${expectedLink}\n`);
    });

    it('greets by first name and escapes it in the HTML part', () => {
      expect(mail.text).toMatch(/Anna/);
      const hostile = render(language, hostileName);
      expect(hostile.html).not.toContain('<img');
      expect(hostile.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co');
      // The plain-text part is not HTML: the name reads as written.
      expect(hostile.text).toContain(hostileName);
    });

    it('writes the colon before the link as the language does (French: a no-break space before it)', () => {
      const before = mail.text.slice(0, mail.text.indexOf(`\n${expectedLink}\n`));
      if (language === 'fr') expect(before).toMatch(/[^\s]\u00a0:$/);
      else expect(before).toMatch(/[^\s\u00a0]:$/);
    });

    it('never puts English sentences into another language', () => {
      if (language === 'en') return;
      expect(mail.text).not.toContain(expected.en.subject);
      expect(mail.text).not.toContain('Warm regards');
    });
  });
});

describe('the greeting', () => {
  it('leaves out a blank name or one that looks like a link, so sign-ups cannot plant lures', () => {
    const blank = renderVerification('en', { firstName: '   ', link, validFor: null });
    expect(blank.text.startsWith('Hello,\n')).toBe(true);
    const lure = renderVerification('de', {
      firstName: 'Win a prize at www.evil.example',
      link,
      validFor: null,
    });
    expect(lure.text.startsWith('Hallo\n')).toBe(true);
    expect(lure.text).not.toContain('evil');
  });

  // Issue 18: a first name chosen by whoever signed up with someone else's address.
  const lures = [
    'Bob evil.example/verify',
    'Bob evil.example',
    'Bob 203.0.113.7',
    'Bob evil\u3002example',
    'Bob evil\uff0eexample',
    'Bob localhost:8080',
    'Bob evil/verify',
    'Bob\\evil',
    'Bob bob@evil.example',
  ];
  it.each(lures)('puts no part of the name %j in any mail, text or HTML, in any language', (lure) => {
    for (const { render } of cases)
      for (const language of languages) {
        const mail = render(language, lure);
        expect(mail.text.split('\n')[0]).toBe(common[language].greetingWithoutName);
        for (const part of [mail.text, mail.html, mail.subject]) {
          expect(part).not.toMatch(/evil|203\.0|localhost/);
        }
      }
  });

  it('keeps names with dots or marks that no mail client links', () => {
    for (const name of ['J. R. Smith', 'St. John', 'Anne-Marie O’Neil', 'José María', 'Zoë'])
      expect(renderVerification('en', { firstName: name, link, validFor: null }).text.split('\n')[0]).toBe(
        `Hi ${name},`,
      );
  });

  it('folds line breaks and control characters out of the name', () => {
    const mail = renderVerification('fr', {
      firstName: 'Anna\n\nVisit\u202e us\u0007',
      link,
      validFor: null,
    });
    expect(mail.text.startsWith('Bonjour Anna Visit us,\n')).toBe(true);
  });

  it('follows each language’s letter style', () => {
    const greetings = languages.map(
      (l) => renderPasswordReset(l, { firstName: 'Luca', link, validFor: null }).text.split('\n')[0],
    );
    expect(greetings).toEqual(['Hi Luca,', 'Bonjour Luca,', 'Hallo Luca', 'Ciao Luca,', 'Hola, Luca:']);
  });
});

describe('the validity sentence', () => {
  it('states how long the link works, or is left out when unknown', () => {
    expect(renderPasswordReset('de', { firstName: 'A', link, validFor: '1 Stunde' }).text).toContain(
      'Der Link ist 1 Stunde gültig und funktioniert nur einmal.',
    );
    const without = renderPasswordReset('de', { firstName: 'A', link, validFor: null });
    expect(without.text).not.toContain('gültig');
  });
});
