import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/**
 * A goal's check-in (docs/product.md#goals): the person set a goal with a daily or weekly rhythm,
 * and its time has come. It names the goal (the person's own words) and asks how it went; the
 * button opens the chat, where the coach asks the same question.
 */
export interface GoalCheckinParams {
  firstName: string;
  title: string;
  rhythm: 'daily' | 'weekly';
  /** `<APP_URL>/chat`. */
  chatLink: string;
}

interface Strings {
  subject: string;
  preview: string;
  asked: Record<'daily' | 'weekly', (goal: string) => string>;
  invite: string;
  action: string;
  settings: string;
}

const quote: Record<LanguageCode, (t: string) => string> = {
  en: (t) => `“${t}”`,
  fr: (t) => `« ${t} »`,
  de: (t) => `«${t}»`,
  it: (t) => `«${t}»`,
  es: (t) => `«${t}»`,
};

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'How is your goal going?',
    preview: 'A short check-in on your goal.',
    asked: {
      daily: (g) => `Yesterday you wanted to work on ${g}. How did it go?`,
      weekly: (g) => `Last week you wanted to work on ${g}. How did it go?`,
    },
    invite:
      'Take a minute to look back: what went well, and what got in the way? Your coach is there when you want to talk it through.',
    action: 'Open the chat',
    settings: 'You can change the rhythm of check-ins, or switch them off, under Goals in your account.',
  },
  fr: {
    subject: 'Où en est votre objectif ?',
    preview: 'Un petit point sur votre objectif.',
    asked: {
      daily: (g) => `Hier, vous vouliez avancer sur ${g}. Comment cela s’est-il passé ?`,
      weekly: (g) => `La semaine dernière, vous vouliez avancer sur ${g}. Comment cela s’est-il passé ?`,
    },
    invite:
      'Prenez une minute pour faire le point : qu’est-ce qui a bien marché, qu’est-ce qui a freiné ? Votre coach est là si vous voulez en parler.',
    action: 'Ouvrir la conversation',
    settings:
      'Vous pouvez changer le rythme des points d’étape, ou les arrêter, sous Objectifs dans votre compte.',
  },
  de: {
    subject: 'Wie läuft es mit deinem Ziel?',
    preview: 'Eine kurze Nachfrage zu deinem Ziel.',
    asked: {
      daily: (g) => `Gestern wolltest du an ${g} arbeiten. Wie ist es gelaufen?`,
      weekly: (g) => `Letzte Woche wolltest du an ${g} arbeiten. Wie ist es gelaufen?`,
    },
    invite:
      'Nimm dir eine Minute für den Rückblick: Was lief gut, was kam dazwischen? Dein Coach ist da, wenn du darüber sprechen möchtest.',
    action: 'Chat öffnen',
    settings: 'Den Rhythmus der Nachfragen änderst oder beendest du unter Ziele in deinem Konto.',
  },
  it: {
    subject: 'Come va il tuo obiettivo?',
    preview: 'Un breve punto sul tuo obiettivo.',
    asked: {
      daily: (g) => `Ieri volevi lavorare su ${g}. Com’è andata?`,
      weekly: (g) => `La settimana scorsa volevi lavorare su ${g}. Com’è andata?`,
    },
    invite:
      'Prenditi un minuto per guardare indietro: cosa è andato bene, cosa ti ha frenato? Il tuo coach c’è, se vuoi parlarne.',
    action: 'Apri la chat',
    settings: 'Puoi cambiare il ritmo dei promemoria, o disattivarli, in Obiettivi nel tuo account.',
  },
  es: {
    subject: '¿Cómo va tu objetivo?',
    preview: 'Un breve seguimiento de tu objetivo.',
    asked: {
      daily: (g) => `Ayer querías avanzar en ${g}. ¿Cómo te fue?`,
      weekly: (g) => `La semana pasada querías avanzar en ${g}. ¿Cómo te fue?`,
    },
    invite:
      'Tómate un minuto para mirar atrás: ¿qué salió bien y qué te frenó? Tu coach está ahí si quieres hablarlo.',
    action: 'Abrir el chat',
    settings: 'Puedes cambiar el ritmo de los seguimientos, o desactivarlos, en Objetivos en tu cuenta.',
  },
};

export const renderGoalCheckin = buttonMail(strings, (s, params: GoalCheckinParams, language) => ({
  intro: [s.asked[params.rhythm](quote[language](params.title)), s.invite],
  url: params.chatLink,
  outro: [s.settings],
}));
