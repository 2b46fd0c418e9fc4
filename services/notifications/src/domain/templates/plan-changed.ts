import { type PaidPlanName, planNames } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** A plan change was scheduled for the next billing cycle. */
export interface PlanChangedParams {
  firstName: string;
  fromPlan: PaidPlanName;
  toPlan: PaidPlanName;
  /** Formatted start of the new plan. */
  effectiveDate: string | null;
  /** "CHF 190.00", the new plan's price per period. */
  amount: string;
  /** `<APP_URL>/pricing` */
  subscriptionLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  stays(from: string, date: string): string;
  staysNoDate(from: string): string;
  afterwards(to: string, amount: string): string;
  noCharge: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview plan change is confirmed',
    preview: 'What changes, and when.',
    stays: (from, date) => `Your ${from} stays active until ${date}.`,
    staysNoDate: (from) => `Your ${from} stays active until the end of the current billing period.`,
    afterwards: (to, amount) => `From then on you’ll be on the ${to} at ${amount} per period (VAT included).`,
    noCharge: 'Nothing is charged until the change takes effect.',
    action: 'View my subscription',
  },
  fr: {
    subject: 'Votre changement d’abonnement Innerview est confirmé',
    preview: 'Ce qui change, et quand.',
    stays: (from, date) => `Votre ${from} reste actif jusqu’au ${date}.`,
    staysNoDate: (from) => `Votre ${from} reste actif jusqu’à la fin de la période de facturation en cours.`,
    afterwards: (to, amount) =>
      `Ensuite, vous passerez à l’${to} au prix de ${amount} par période (TVA incluse).`,
    noCharge: 'Rien n’est prélevé avant l’entrée en vigueur du changement.',
    action: 'Voir mon abonnement',
  },
  de: {
    subject: 'Dein Abowechsel bei Innerview ist bestätigt',
    preview: 'Was sich ändert und wann.',
    stays: (from, date) => `Dein ${from} bleibt bis am ${date} aktiv.`,
    staysNoDate: (from) => `Dein ${from} bleibt bis zum Ende der laufenden Abrechnungsperiode aktiv.`,
    afterwards: (to, amount) => `Danach hast du das ${to} für ${amount} pro Periode (inkl. MWST).`,
    noCharge: 'Bis der Wechsel gilt, wird nichts abgebucht.',
    action: 'Mein Abo ansehen',
  },
  it: {
    subject: 'Il cambio di piano di Innerview è confermato',
    preview: 'Cosa cambia e quando.',
    stays: (from, date) => `Il tuo ${from} resta attivo fino al ${date}.`,
    staysNoDate: (from) => `Il tuo ${from} resta attivo fino alla fine del periodo di fatturazione in corso.`,
    afterwards: (to, amount) => `Da quel momento passerai al ${to} a ${amount} per periodo (IVA inclusa).`,
    noCharge: 'Non viene addebitato nulla finché il cambio non entra in vigore.',
    action: 'Vedi il mio abbonamento',
  },
  es: {
    subject: 'Tu cambio de plan de Innerview está confirmado',
    preview: 'Qué cambia y cuándo.',
    stays: (from, date) => `Tu ${from} sigue activo hasta el ${date}.`,
    staysNoDate: (from) => `Tu ${from} sigue activo hasta el final del periodo de facturación actual.`,
    afterwards: (to, amount) =>
      `A partir de entonces tendrás el ${to} por ${amount} por periodo (IVA incluido).`,
    noCharge: 'No se cobra nada hasta que el cambio entre en vigor.',
    action: 'Ver mi suscripción',
  },
};

export const renderPlanChanged = buttonMail(strings, (s, params: PlanChangedParams, language) => {
  const names = planNames[language];
  return {
    intro: [
      params.effectiveDate
        ? s.stays(names[params.fromPlan], params.effectiveDate)
        : s.staysNoDate(names[params.fromPlan]),
      s.afterwards(names[params.toPlan], params.amount),
      s.noCharge,
    ],
    url: params.subscriptionLink,
  };
});
