import { type PaidPlanName, planNames } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** A cancellation was received: access to the end of the cycle, no refund, 90 days to reactivate. */
export interface CancellationConfirmedParams {
  firstName: string;
  plan: PaidPlanName;
  accessUntil: string | null;
  reactivateBy: string | null;
  /** `<APP_URL>/pricing` (reactivate) */
  reactivateLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  until(plan: string, date: string): string;
  untilEnd(plan: string): string;
  noRefund: string;
  reactivate(date: string): string;
  reactivateSoon: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview subscription has been cancelled',
    preview: 'You keep access until the end of your billing period.',
    until: (plan, date) =>
      `We’ve received your cancellation. Your ${plan} stays active until ${date}, then it won’t renew.`,
    untilEnd: (plan) =>
      `We’ve received your cancellation. Your ${plan} stays active until the end of the billing period, then it won’t renew.`,
    noRefund: 'There is no refund for the rest of the period.',
    reactivate: (date) => `Changed your mind? You can reactivate until ${date} without losing anything.`,
    reactivateSoon: 'Changed your mind? You can reactivate within 90 days without losing anything.',
    action: 'Reactivate',
  },
  fr: {
    subject: 'Votre abonnement Innerview a été résilié',
    preview: 'Vous gardez l’accès jusqu’à la fin de votre période de facturation.',
    until: (plan, date) =>
      `Nous avons bien reçu votre résiliation. Votre ${plan} reste actif jusqu’au ${date}, puis ne sera pas renouvelé.`,
    untilEnd: (plan) =>
      `Nous avons bien reçu votre résiliation. Votre ${plan} reste actif jusqu’à la fin de la période de facturation, puis ne sera pas renouvelé.`,
    noRefund: 'Le reste de la période n’est pas remboursé.',
    reactivate: (date) =>
      `Vous changez d’avis\u00a0? Vous pouvez le réactiver jusqu’au ${date} sans rien perdre.`,
    reactivateSoon: 'Vous changez d’avis\u00a0? Vous pouvez le réactiver dans les 90 jours sans rien perdre.',
    action: 'Réactiver',
  },
  de: {
    subject: 'Dein Innerview-Abo ist gekündigt',
    preview: 'Dein Zugang bleibt bis zum Ende deiner Abrechnungsperiode.',
    until: (plan, date) =>
      `Wir haben deine Kündigung erhalten. Dein ${plan} bleibt bis am ${date} aktiv und verlängert sich danach nicht mehr.`,
    untilEnd: (plan) =>
      `Wir haben deine Kündigung erhalten. Dein ${plan} bleibt bis zum Ende der Abrechnungsperiode aktiv und verlängert sich danach nicht mehr.`,
    noRefund: 'Für die restliche Zeit gibt es keine Rückerstattung.',
    reactivate: (date) => `Doch anders entschieden? Bis am ${date} kannst du es ohne Verlust reaktivieren.`,
    reactivateSoon: 'Doch anders entschieden? Innert 90 Tagen kannst du es ohne Verlust reaktivieren.',
    action: 'Reaktivieren',
  },
  it: {
    subject: 'Il tuo abbonamento a Innerview è stato disdetto',
    preview: 'Mantieni l’accesso fino alla fine del periodo di fatturazione.',
    until: (plan, date) =>
      `Abbiamo ricevuto la tua disdetta. Il tuo ${plan} resta attivo fino al ${date}, poi non verrà rinnovato.`,
    untilEnd: (plan) =>
      `Abbiamo ricevuto la tua disdetta. Il tuo ${plan} resta attivo fino alla fine del periodo di fatturazione, poi non verrà rinnovato.`,
    noRefund: 'Il periodo restante non viene rimborsato.',
    reactivate: (date) => `Hai cambiato idea? Puoi riattivarlo fino al ${date} senza perdere nulla.`,
    reactivateSoon: 'Hai cambiato idea? Puoi riattivarlo entro 90 giorni senza perdere nulla.',
    action: 'Riattiva',
  },
  es: {
    subject: 'Tu suscripción a Innerview ha sido cancelada',
    preview: 'Mantienes el acceso hasta el final de tu periodo de facturación.',
    until: (plan, date) =>
      `Hemos recibido tu cancelación. Tu ${plan} sigue activo hasta el ${date} y después no se renovará.`,
    untilEnd: (plan) =>
      `Hemos recibido tu cancelación. Tu ${plan} sigue activo hasta el final del periodo de facturación y después no se renovará.`,
    noRefund: 'El resto del periodo no se reembolsa.',
    reactivate: (date) => `¿Has cambiado de idea? Puedes reactivarlo hasta el ${date} sin perder nada.`,
    reactivateSoon: '¿Has cambiado de idea? Puedes reactivarlo en un plazo de 90 días sin perder nada.',
    action: 'Reactivar',
  },
};

export const renderCancellationConfirmed = buttonMail(
  strings,
  (s, params: CancellationConfirmedParams, language) => {
    const plan = planNames[language][params.plan];
    return {
      intro: [params.accessUntil ? s.until(plan, params.accessUntil) : s.untilEnd(plan), s.noRefund],
      url: params.reactivateLink,
      outro: [params.reactivateBy ? s.reactivate(params.reactivateBy) : s.reactivateSoon],
    };
  },
);
