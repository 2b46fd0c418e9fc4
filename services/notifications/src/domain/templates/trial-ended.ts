import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** The free trial ended without a plan: the account is paused until an upgrade. */
export interface TrialEndedParams {
  firstName: string;
  trialEnd: string | null;
  /** `<APP_URL>/pricing` */
  pricingLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  endedOn(date: string): string;
  ended: string;
  paused: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview trial has ended',
    preview: 'Your conversations are safe – pick a plan to continue.',
    endedOn: (date) => `Your 30-day free trial ended on ${date}.`,
    ended: 'Your 30-day free trial has ended.',
    paused:
      'Your account is paused until you choose a plan. Nothing is lost: your conversations are kept and will be there when you come back.',
    action: 'Choose a plan',
  },
  fr: {
    subject: 'Votre essai Innerview est terminé',
    preview: 'Vos conversations sont en sécurité – choisissez un abonnement pour continuer.',
    endedOn: (date) => `Votre essai gratuit de 30 jours s’est terminé le ${date}.`,
    ended: 'Votre essai gratuit de 30 jours est terminé.',
    paused:
      'Votre compte est en pause jusqu’à ce que vous choisissiez un abonnement. Rien n’est perdu\u00a0: vos conversations sont conservées et vous attendent.',
    action: 'Choisir un abonnement',
  },
  de: {
    subject: 'Dein Innerview-Test ist zu Ende',
    preview: 'Deine Chats sind sicher – wähle ein Abo, um weiterzumachen.',
    endedOn: (date) => `Dein 30-tägiger kostenloser Test ist am ${date} zu Ende gegangen.`,
    ended: 'Dein 30-tägiger kostenloser Test ist zu Ende.',
    paused:
      'Dein Konto ist pausiert, bis du ein Abo wählst. Es geht nichts verloren: Deine Chats bleiben gespeichert und warten auf dich.',
    action: 'Abo wählen',
  },
  it: {
    subject: 'La tua prova di Innerview è terminata',
    preview: 'Le tue chat sono al sicuro: scegli un piano per continuare.',
    endedOn: (date) => `La tua prova gratuita di 30 giorni è terminata il ${date}.`,
    ended: 'La tua prova gratuita di 30 giorni è terminata.',
    paused:
      'Il tuo account è in pausa finché non scegli un piano. Non si perde nulla: le tue chat restano salvate e ti aspettano.',
    action: 'Scegli un piano',
  },
  es: {
    subject: 'Tu prueba de Innerview ha terminado',
    preview: 'Tus chats están a salvo: elige un plan para continuar.',
    endedOn: (date) => `Tu prueba gratuita de 30 días terminó el ${date}.`,
    ended: 'Tu prueba gratuita de 30 días ha terminado.',
    paused:
      'Tu cuenta queda en pausa hasta que elijas un plan. No se pierde nada: tus chats se guardan y te esperan.',
    action: 'Elegir un plan',
  },
};

export const renderTrialEnded = buttonMail(strings, (s, params: TrialEndedParams) => ({
  intro: [params.trialEnd ? s.endedOn(params.trialEnd) : s.ended, s.paused],
  url: params.pricingLink,
}));
