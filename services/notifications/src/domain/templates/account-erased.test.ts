import { describe, expect, it } from 'vitest';
import { composeMail } from '../compose-mail.ts';
import type { LanguageCode } from './types.ts';

const languages: LanguageCode[] = ['en', 'fr', 'de', 'it', 'es'];
const settings = { appUrl: 'https://app.innerview.ch', supportEmail: 'support@innerview.ch' };

const expected: Record<LanguageCode, { subject: string; date: string; phrase: string }> = {
  en: {
    subject: 'Your Innerview account is being permanently erased',
    date: '2 February 2026',
    phrase: '90 days',
  },
  fr: {
    subject: 'Votre compte Innerview est en cours d’effacement définitif',
    date: '2 février 2026',
    phrase: '90 jours',
  },
  de: { subject: 'Dein Innerview-Konto wird endgültig gelöscht', date: '2. Februar 2026', phrase: '90 Tage' },
  it: {
    subject: 'Il tuo account Innerview viene cancellato definitivamente',
    date: '2 febbraio 2026',
    phrase: '90 giorni',
  },
  es: {
    subject: 'Tu cuenta de Innerview se está borrando definitivamente',
    date: '2 de febrero de 2026',
    phrase: '90 días',
  },
};

describe.each(languages)('the account-erased mail in %s', (language) => {
  const mail = composeMail(
    { template: 'account-erased', language, firstName: 'Anna', deletedAt: '2026-02-02T09:30:00.000Z' },
    settings,
  );

  it('says in its language when the account was deleted, that it is being erased, and names support', () => {
    expect(mail.subject).toBe(expected[language].subject);
    expect(mail.text).toContain(expected[language].date);
    expect(mail.text).toContain(expected[language].phrase);
    expect(mail.text).toContain('support@innerview.ch');
    expect(mail.text).toContain('Anna');
    expect(mail.html).toContain(`<html lang="${language}"`);
  });

  it('has no button or link: there is no account left to open', () => {
    expect(mail.links).toEqual([]);
    expect(mail.html).not.toContain('<a href');
  });

  it('never puts English sentences into another language', () => {
    if (language === 'en') return;
    expect(mail.text).not.toContain('permanently');
    expect(mail.text).not.toContain('Warm regards');
  });
});

describe('the account-erased mail without a usable deletion date', () => {
  it('leaves the date out rather than showing a wrong one', () => {
    const mail = composeMail(
      { template: 'account-erased', language: 'en', firstName: 'Anna', deletedAt: 'not a date' },
      settings,
    );
    expect(mail.text).toContain('after you deleted your Innerview account');
    expect(mail.text).not.toContain('Invalid');
  });
});
