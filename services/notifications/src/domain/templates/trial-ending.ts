import { formatCount } from './billing-format.ts';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/** The reminder 2 days before the free trial ends. */
export interface TrialEndingParams {
  firstName: string;
  /** The end, already formatted for the reader; null if unknown. */
  trialEnd: string | null;
  tokensRemaining: number;
  /** `<APP_URL>/pricing` */
  pricingLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  endsOn(date: string): string;
  endsSoon: string;
  tokens(count: string): string;
  choose: string;
  action: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your Innerview trial ends in 2 days',
    preview: 'Choose a plan to keep your reflections going.',
    endsOn: (date) => `Your free trial ends on ${date}.`,
    endsSoon: 'Your free trial ends in 2 days.',
    tokens: (count) => `You still have ${count} trial tokens left until then.`,
    choose:
      'To keep chatting without a break, choose the monthly or the yearly plan (2 months free). Your conversations stay just as they are.',
    action: 'Choose a plan',
  },
  fr: {
    subject: 'Votre essai Innerview se termine dans 2 jours',
    preview: 'Choisissez un abonnement pour poursuivre vos réflexions.',
    endsOn: (date) => `Votre essai gratuit se termine le ${date}.`,
    endsSoon: 'Votre essai gratuit se termine dans 2 jours.',
    tokens: (count) => `D’ici là, il vous reste ${count} jetons d’essai.`,
    choose:
      'Pour continuer sans interruption, choisissez l’abonnement mensuel ou annuel (2 mois offerts). Vos conversations restent telles quelles.',
    action: 'Choisir un abonnement',
  },
  de: {
    subject: 'Dein Innerview-Test endet in 2 Tagen',
    preview: 'Wähle ein Abo, damit deine Reflexion weitergeht.',
    endsOn: (date) => `Dein kostenloser Test endet am ${date}.`,
    endsSoon: 'Dein kostenloser Test endet in 2 Tagen.',
    tokens: (count) => `Bis dahin hast du noch ${count} Test-Tokens.`,
    choose:
      'Damit du ohne Unterbruch weiterchatten kannst, wähle das Monats- oder das Jahresabo (2 Monate gratis). Deine Chats bleiben, wie sie sind.',
    action: 'Abo wählen',
  },
  it: {
    subject: 'La tua prova di Innerview termina tra 2 giorni',
    preview: 'Scegli un piano per continuare le tue riflessioni.',
    endsOn: (date) => `La tua prova gratuita termina il ${date}.`,
    endsSoon: 'La tua prova gratuita termina tra 2 giorni.',
    tokens: (count) => `Fino ad allora ti restano ${count} token di prova.`,
    choose:
      'Per continuare senza interruzioni, scegli il piano mensile o annuale (2 mesi gratis). Le tue chat restano come sono.',
    action: 'Scegli un piano',
  },
  es: {
    subject: 'Tu prueba de Innerview termina en 2 días',
    preview: 'Elige un plan para seguir con tus reflexiones.',
    endsOn: (date) => `Tu prueba gratuita termina el ${date}.`,
    endsSoon: 'Tu prueba gratuita termina en 2 días.',
    tokens: (count) => `Hasta entonces te quedan ${count} tokens de prueba.`,
    choose:
      'Para seguir sin interrupciones, elige el plan mensual o el anual (2 meses gratis). Tus chats se quedan tal como están.',
    action: 'Elegir un plan',
  },
};

export const renderTrialEnding = buttonMail(strings, (s, params: TrialEndingParams, language) => ({
  intro: [
    params.trialEnd ? s.endsOn(params.trialEnd) : s.endsSoon,
    s.tokens(formatCount(language, Math.max(0, params.tokensRemaining))),
    s.choose,
  ],
  url: params.pricingLink,
}));
