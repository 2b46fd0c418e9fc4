import { describe, expect, it } from 'vitest';
import { composeMail, mailRequestSchema } from '../compose-mail.ts';
import type { BillingMailRequest } from './billing-mails.ts';
import type { LanguageCode } from './types.ts';

const languages: LanguageCode[] = ['en', 'fr', 'de', 'it', 'es'];
const settings = { appUrl: 'https://app.innerview.ch', supportEmail: 'support@innerview.ch' };
const hostileName = '<img src=x onerror="alert(1)"> & Co';

type Template = BillingMailRequest['template'];
type RequestOf<T extends Template> = Omit<
  Extract<BillingMailRequest, { template: T }>,
  'language' | 'firstName'
>;

interface Case<T extends Template = Template> {
  request: RequestOf<T>;
  link: string;
  /** Subject and the sentence carrying the mail's facts, per language. */
  expected: Record<LanguageCode, { subject: string; phrase: string }>;
}

const cases: { [T in Template]: Case<T> } = {
  'trial-ending': {
    request: { template: 'trial-ending', trialEnd: '2026-03-02T09:00:00.000Z', tokensRemaining: 123456 },
    link: 'https://app.innerview.ch/pricing',
    expected: {
      en: { subject: 'Your Innerview trial ends in 2 days', phrase: 'Your free trial ends on 2 March 2026.' },
      fr: {
        subject: 'Votre essai Innerview se termine dans 2 jours',
        phrase: 'Votre essai gratuit se termine le 2 mars 2026.',
      },
      de: {
        subject: 'Dein Innerview-Test endet in 2 Tagen',
        phrase: 'Dein kostenloser Test endet am 2. März 2026.',
      },
      it: {
        subject: 'La tua prova di Innerview termina tra 2 giorni',
        phrase: 'La tua prova gratuita termina il 2 marzo 2026.',
      },
      es: {
        subject: 'Tu prueba de Innerview termina en 2 días',
        phrase: 'Tu prueba gratuita termina el 2 de marzo de 2026.',
      },
    },
  },
  'trial-ended': {
    request: { template: 'trial-ended', trialEnd: '2026-03-02T09:00:00.000Z' },
    link: 'https://app.innerview.ch/pricing',
    expected: {
      en: {
        subject: 'Your Innerview trial has ended',
        phrase: 'Your account is paused until you choose a plan.',
      },
      fr: { subject: 'Votre essai Innerview est terminé', phrase: 'Votre compte est en pause' },
      de: {
        subject: 'Dein Innerview-Test ist zu Ende',
        phrase: 'Dein Konto ist pausiert, bis du ein Abo wählst.',
      },
      it: { subject: 'La tua prova di Innerview è terminata', phrase: 'Il tuo account è in pausa' },
      es: { subject: 'Tu prueba de Innerview ha terminado', phrase: 'Tu cuenta queda en pausa' },
    },
  },
  'payment-succeeded': {
    request: {
      template: 'payment-succeeded',
      plan: 'yearly',
      amountMinor: 19000,
      currency: 'CHF',
      nextBillingDate: '2027-02-28',
    },
    link: 'https://app.innerview.ch/chat',
    expected: {
      en: {
        subject: 'Thank you – your Innerview payment was received',
        phrase: 'CHF 190.00 for your yearly plan',
      },
      fr: {
        subject: 'Merci – votre paiement Innerview a bien été reçu',
        phrase: 'pour votre abonnement annuel',
      },
      de: {
        subject: 'Danke – deine Zahlung an Innerview ist eingegangen',
        phrase: 'für dein Jahresabo erhalten',
      },
      it: {
        subject: 'Grazie – abbiamo ricevuto il tuo pagamento a Innerview',
        phrase: 'per il tuo piano annuale',
      },
      es: { subject: 'Gracias: hemos recibido tu pago a Innerview', phrase: 'por tu plan anual' },
    },
  },
  'payment-failed': {
    request: {
      template: 'payment-failed',
      plan: 'monthly',
      amountMinor: 1900,
      currency: 'EUR',
      accessUntil: '2026-06-22',
    },
    link: 'https://app.innerview.ch/auth/subscription-expired',
    expected: {
      en: { subject: 'Your Innerview payment didn’t go through', phrase: 'stays open until 22 June 2026' },
      fr: { subject: 'Votre paiement Innerview n’a pas abouti', phrase: 'jusqu’au 22 juin 2026' },
      de: { subject: 'Deine Zahlung an Innerview hat nicht geklappt', phrase: 'bis am 22. Juni 2026 offen' },
      it: {
        subject: 'Il tuo pagamento a Innerview non è andato a buon fine',
        phrase: 'fino al 22 giugno 2026',
      },
      es: { subject: 'Tu pago a Innerview no se ha podido realizar', phrase: 'hasta el 22 de junio de 2026' },
    },
  },
  'plan-changed': {
    request: {
      template: 'plan-changed',
      fromPlan: 'monthly',
      toPlan: 'yearly',
      effectiveDate: '2026-02-28',
      amountMinor: 19000,
      currency: 'CHF',
    },
    link: 'https://app.innerview.ch/pricing',
    expected: {
      en: {
        subject: 'Your Innerview plan change is confirmed',
        phrase: 'Your monthly plan stays active until 28 February 2026.',
      },
      fr: {
        subject: 'Votre changement d’abonnement Innerview est confirmé',
        phrase: 'Votre abonnement mensuel reste actif jusqu’au 28 février 2026.',
      },
      de: {
        subject: 'Dein Abowechsel bei Innerview ist bestätigt',
        phrase: 'Dein Monatsabo bleibt bis am 28. Februar 2026 aktiv.',
      },
      it: {
        subject: 'Il cambio di piano di Innerview è confermato',
        phrase: 'Il tuo piano mensile resta attivo fino al 28 febbraio 2026.',
      },
      es: {
        subject: 'Tu cambio de plan de Innerview está confirmado',
        phrase: 'Tu plan mensual sigue activo hasta el 28 de febrero de 2026.',
      },
    },
  },
  'cancellation-confirmed': {
    request: {
      template: 'cancellation-confirmed',
      plan: 'monthly',
      accessUntil: '2026-02-28',
      reactivateBy: '2026-05-29',
    },
    link: 'https://app.innerview.ch/pricing',
    expected: {
      en: {
        subject: 'Your Innerview subscription has been cancelled',
        phrase: 'There is no refund for the rest of the period.',
      },
      fr: {
        subject: 'Votre abonnement Innerview a été résilié',
        phrase: 'Le reste de la période n’est pas remboursé.',
      },
      de: {
        subject: 'Dein Innerview-Abo ist gekündigt',
        phrase: 'Für die restliche Zeit gibt es keine Rückerstattung.',
      },
      it: {
        subject: 'Il tuo abbonamento a Innerview è stato disdetto',
        phrase: 'Il periodo restante non viene rimborsato.',
      },
      es: {
        subject: 'Tu suscripción a Innerview ha sido cancelada',
        phrase: 'El resto del periodo no se reembolsa.',
      },
    },
  },
  reactivated: {
    request: { template: 'reactivated', plan: 'monthly', nextBillingDate: '2026-03-31' },
    link: 'https://app.innerview.ch/chat',
    expected: {
      en: {
        subject: 'Welcome back – your Innerview subscription is active again',
        phrase: 'Your monthly plan is active again.',
      },
      fr: {
        subject: 'Bon retour – votre abonnement Innerview est de nouveau actif',
        phrase: 'Votre abonnement mensuel est de nouveau actif.',
      },
      de: {
        subject: 'Willkommen zurück – dein Innerview-Abo ist wieder aktiv',
        phrase: 'Dein Monatsabo ist wieder aktiv.',
      },
      it: {
        subject: 'Il tuo abbonamento a Innerview è di nuovo attivo',
        phrase: 'Il tuo piano mensile è di nuovo attivo.',
      },
      es: {
        subject: 'Te damos de nuevo la bienvenida: tu suscripción a Innerview vuelve a estar activa',
        phrase: 'Tu plan mensual vuelve a estar activo.',
      },
    },
  },
};

const render = (c: Case, language: LanguageCode, firstName: string) =>
  composeMail(mailRequestSchema.parse({ ...c.request, language, firstName }) as never, settings);

describe.each(Object.values(cases) as Case[])('the $request.template mail', (c) => {
  describe.each(languages)('in %s', (language) => {
    const mail = render(c, language, 'Anna');

    it('has the subject of its language and states its facts in both parts', () => {
      expect(mail.subject).toBe(c.expected[language].subject);
      expect(mail.text).toContain(c.expected[language].phrase);
      expect(mail.html).toContain(`<html lang="${language}"`);
    });

    it('carries its one link as a button and as text', () => {
      expect(mail.links).toEqual([c.link]);
      expect(mail.html).toContain(`href="${c.link}"`);
      expect(mail.text).toContain(`\n${c.link}\n`);
    });

    it('escapes the name in the HTML part', () => {
      const hostile = render(c, language, hostileName);
      expect(hostile.html).not.toContain('<img');
      expect(hostile.text).toContain(hostileName);
    });

    it('never puts English sentences into another language', () => {
      if (language === 'en') return;
      expect(mail.text).not.toContain(c.expected.en.subject);
      expect(mail.text).not.toContain(c.expected.en.phrase);
      expect(mail.text).not.toContain('Warm regards');
    });
  });
});

describe('billing mail facts', () => {
  it('shows amounts as amount plus currency, and trial tokens left', () => {
    const reminder = render(cases['trial-ending'] as Case, 'en', 'Anna');
    expect(reminder.text).toMatch(/You still have 123.456 trial tokens left until then\./);
    const plan = render(cases['plan-changed'] as Case, 'de', 'Anna');
    expect(plan.text).toContain('Danach hast du das Jahresabo für CHF 190.00 pro Periode (inkl. MWST).');
  });

  it('refuses a request that misses a fact (the job drops it instead of sending nonsense)', () => {
    expect(
      mailRequestSchema.safeParse({ template: 'payment-failed', language: 'en', firstName: 'A' }).success,
    ).toBe(false);
  });
});
