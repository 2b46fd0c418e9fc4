import { type PaidPlanName, planNames } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** The receipt after a payment (first payment and every renewal). */
export interface PaymentSucceededParams {
  firstName: string;
  plan: PaidPlanName;
  /** "CHF 19.00" */
  amount: string;
  /** Formatted; null when the plan will not renew. */
  nextBillingDate: string | null;
  /** `<APP_URL>/chat` */
  appLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  received(amount: string, plan: string): string;
  next(date: string): string;
  thanks: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Thank you – your Innerview payment was received',
    preview: 'Your receipt and your next billing date.',
    received: (amount, plan) => `We received your payment of ${amount} for your ${plan} (VAT included).`,
    next: (date) => `Your next billing date is ${date}.`,
    thanks: 'Thank you for reflecting with Innerview.',
    action: 'Open Innerview',
  },
  fr: {
    subject: 'Merci – votre paiement Innerview a bien été reçu',
    preview: 'Votre reçu et votre prochaine date de facturation.',
    received: (amount, plan) =>
      `Nous avons bien reçu votre paiement de ${amount} pour votre ${plan} (TVA incluse).`,
    next: (date) => `Votre prochaine date de facturation est le ${date}.`,
    thanks: 'Merci de poursuivre votre réflexion avec Innerview.',
    action: 'Ouvrir Innerview',
  },
  de: {
    subject: 'Danke – deine Zahlung an Innerview ist eingegangen',
    preview: 'Deine Quittung und dein nächstes Abrechnungsdatum.',
    received: (amount, plan) =>
      `Wir haben deine Zahlung von ${amount} für dein ${plan} erhalten (inkl. MWST).`,
    next: (date) => `Dein nächstes Abrechnungsdatum ist der ${date}.`,
    thanks: 'Danke, dass du mit Innerview reflektierst.',
    action: 'Innerview öffnen',
  },
  it: {
    subject: 'Grazie – abbiamo ricevuto il tuo pagamento a Innerview',
    preview: 'La tua ricevuta e la prossima data di fatturazione.',
    received: (amount, plan) =>
      `Abbiamo ricevuto il tuo pagamento di ${amount} per il tuo ${plan} (IVA inclusa).`,
    next: (date) => `La prossima data di fatturazione è il ${date}.`,
    thanks: 'Grazie per riflettere con Innerview.',
    action: 'Apri Innerview',
  },
  es: {
    subject: 'Gracias: hemos recibido tu pago a Innerview',
    preview: 'Tu recibo y tu próxima fecha de facturación.',
    received: (amount, plan) => `Hemos recibido tu pago de ${amount} por tu ${plan} (IVA incluido).`,
    next: (date) => `Tu próxima fecha de facturación es el ${date}.`,
    thanks: 'Gracias por reflexionar con Innerview.',
    action: 'Abrir Innerview',
  },
};

export const renderPaymentSucceeded = buttonMail(strings, (s, params: PaymentSucceededParams, language) => ({
  intro: [
    s.received(params.amount, planNames[language][params.plan]),
    ...(params.nextBillingDate ? [s.next(params.nextBillingDate)] : []),
  ],
  url: params.appLink,
  outro: [s.thanks],
}));
