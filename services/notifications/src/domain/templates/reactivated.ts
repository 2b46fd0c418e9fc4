import { type PaidPlanName, planNames } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** A cancelled subscription runs again. */
export interface ReactivatedParams {
  firstName: string;
  plan: PaidPlanName;
  nextBillingDate: string | null;
  /** `<APP_URL>/chat` */
  appLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  active(plan: string): string;
  next(date: string): string;
  kept: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Welcome back – your Innerview subscription is active again',
    preview: 'Everything is where you left it.',
    active: (plan) => `Your ${plan} is active again.`,
    next: (date) => `Your next billing date is ${date}.`,
    kept: 'Your conversations and settings are all still there.',
    action: 'Open Innerview',
  },
  fr: {
    subject: 'Bon retour – votre abonnement Innerview est de nouveau actif',
    preview: 'Tout est là où vous l’avez laissé.',
    active: (plan) => `Votre ${plan} est de nouveau actif.`,
    next: (date) => `Votre prochaine date de facturation est le ${date}.`,
    kept: 'Vos conversations et vos réglages sont toujours là.',
    action: 'Ouvrir Innerview',
  },
  de: {
    subject: 'Willkommen zurück – dein Innerview-Abo ist wieder aktiv',
    preview: 'Alles ist noch da, wo du es gelassen hast.',
    active: (plan) => `Dein ${plan} ist wieder aktiv.`,
    next: (date) => `Dein nächstes Abrechnungsdatum ist der ${date}.`,
    kept: 'Deine Chats und Einstellungen sind alle noch da.',
    action: 'Innerview öffnen',
  },
  it: {
    subject: 'Il tuo abbonamento a Innerview è di nuovo attivo',
    preview: 'Tutto è rimasto dove l’avevi lasciato.',
    active: (plan) => `Il tuo ${plan} è di nuovo attivo.`,
    next: (date) => `La prossima data di fatturazione è il ${date}.`,
    kept: 'Le tue chat e le tue impostazioni sono ancora tutte lì.',
    action: 'Apri Innerview',
  },
  es: {
    subject: 'Te damos de nuevo la bienvenida: tu suscripción a Innerview vuelve a estar activa',
    preview: 'Todo está donde lo dejaste.',
    active: (plan) => `Tu ${plan} vuelve a estar activo.`,
    next: (date) => `Tu próxima fecha de facturación es el ${date}.`,
    kept: 'Tus chats y tus ajustes siguen ahí.',
    action: 'Abrir Innerview',
  },
};

export const renderReactivated = buttonMail(strings, (s, params: ReactivatedParams, language) => ({
  intro: [
    s.active(planNames[language][params.plan]),
    ...(params.nextBillingDate ? [s.next(params.nextBillingDate)] : []),
  ],
  url: params.appLink,
  outro: [s.kept],
}));
