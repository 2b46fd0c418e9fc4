import { type PaidPlanName, planNames } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** A renewal payment failed: limited access until a date, a new payment method is needed. */
export interface PaymentFailedParams {
  firstName: string;
  plan: PaidPlanName;
  amount: string;
  /** Formatted; null when unknown. */
  accessUntil: string | null;
  /** `<APP_URL>/auth/subscription-expired` (renew / update payment method) */
  paymentLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  failed(amount: string, plan: string): string;
  until(date: string): string;
  soon: string;
  update: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview payment didn’t go through',
    preview: 'Please update your payment method to keep your access.',
    failed: (amount, plan) => `We couldn’t charge ${amount} for your ${plan}.`,
    until: (date) => `Your access is limited, and your subscription stays open until ${date}.`,
    soon: 'Your access is limited for a few days.',
    update: 'Please update your payment method – we’ll try again right away, and nothing else changes.',
    action: 'Update payment method',
  },
  fr: {
    subject: 'Votre paiement Innerview n’a pas abouti',
    preview: 'Mettez à jour votre moyen de paiement pour garder votre accès.',
    failed: (amount, plan) => `Nous n’avons pas pu prélever ${amount} pour votre ${plan}.`,
    until: (date) => `Votre accès est limité et votre abonnement reste ouvert jusqu’au ${date}.`,
    soon: 'Votre accès est limité pendant quelques jours.',
    update:
      'Veuillez mettre à jour votre moyen de paiement – nous réessaierons aussitôt, et rien d’autre ne change.',
    action: 'Mettre à jour le moyen de paiement',
  },
  de: {
    subject: 'Deine Zahlung an Innerview hat nicht geklappt',
    preview: 'Bitte aktualisiere dein Zahlungsmittel, damit dein Zugang bleibt.',
    failed: (amount, plan) => `Wir konnten ${amount} für dein ${plan} nicht abbuchen.`,
    until: (date) => `Dein Zugang ist eingeschränkt, und dein Abo bleibt bis am ${date} offen.`,
    soon: 'Dein Zugang ist für ein paar Tage eingeschränkt.',
    update:
      'Bitte aktualisiere dein Zahlungsmittel – wir versuchen es sofort noch einmal, sonst ändert sich nichts.',
    action: 'Zahlungsmittel aktualisieren',
  },
  it: {
    subject: 'Il tuo pagamento a Innerview non è andato a buon fine',
    preview: 'Aggiorna il metodo di pagamento per mantenere l’accesso.',
    failed: (amount, plan) => `Non siamo riusciti ad addebitare ${amount} per il tuo ${plan}.`,
    until: (date) => `Il tuo accesso è limitato e l’abbonamento resta aperto fino al ${date}.`,
    soon: 'Il tuo accesso è limitato per qualche giorno.',
    update: 'Aggiorna il metodo di pagamento: riproveremo subito e nient’altro cambia.',
    action: 'Aggiorna il metodo di pagamento',
  },
  es: {
    subject: 'Tu pago a Innerview no se ha podido realizar',
    preview: 'Actualiza tu método de pago para mantener el acceso.',
    failed: (amount, plan) => `No hemos podido cobrar ${amount} por tu ${plan}.`,
    until: (date) => `Tu acceso está limitado y tu suscripción sigue abierta hasta el ${date}.`,
    soon: 'Tu acceso está limitado durante unos días.',
    update: 'Actualiza tu método de pago: lo intentaremos de nuevo enseguida y no cambia nada más.',
    action: 'Actualizar método de pago',
  },
};

export const renderPaymentFailed = buttonMail(strings, (s, params: PaymentFailedParams, language) => ({
  intro: [
    s.failed(params.amount, planNames[language][params.plan]),
    params.accessUntil ? s.until(params.accessUntil) : s.soon,
    s.update,
  ],
  url: params.paymentLink,
}));
