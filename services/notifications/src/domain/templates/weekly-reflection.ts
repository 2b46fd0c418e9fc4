import type { WeeklySummary } from '@innerview/contracts/goals';
import { buttonMail } from './layout.ts';
import type { LanguageCode } from './types.ts';

/**
 * The weekly reflection (opt-in, docs/product.md#goals): how many conversations, the themes by
 * name, the goals with this week's progress notes. Never a message's text: the summary holds none.
 */
export interface WeeklyReflectionParams {
  firstName: string;
  summary: WeeklySummary;
  chatLink: string;
}

type Theme = WeeklySummary['themes'][number];

interface Strings {
  subject: string;
  preview: string;
  conversations(n: number): string;
  quiet: string;
  themes(list: string): string;
  theme: Record<Theme, string>;
  goalsIntro: string;
  goal(title: string, status: string, notes: number): string;
  status: Record<'active' | 'done' | 'dropped', string>;
  noGoals: string;
  action: string;
  settings: string;
}

const strings: Record<LanguageCode, Strings> = {
  en: {
    subject: 'Your week with Innerview',
    preview: 'A look back at your week: themes and goals.',
    conversations: (n) =>
      n === 1
        ? 'This week you had one conversation with your coach.'
        : `This week you had ${n} conversations with your coach.`,
    quiet: 'This week was quiet: no conversations with your coach.',
    themes: (list) => `What came up most: ${list}.`,
    theme: {
      work: 'work',
      relationship: 'relationships',
      studies: 'studies',
      health: 'health',
      confidence: 'confidence',
      organisation: 'organising your time',
      social: 'social life',
    },
    goalsIntro: 'Your goals:',
    goal: (title, status, notes) =>
      `• ${title} (${status}${notes > 0 ? `, ${notes === 1 ? 'one progress note' : `${notes} progress notes`} this week` : ''})`,
    status: { active: 'active', done: 'completed', dropped: 'dropped' },
    noGoals: 'You have no goals yet. Setting one can help you take the next step.',
    action: 'Open the chat',
    settings:
      'You receive this because the weekly reflection is on in your settings; you can turn it off there.',
  },
  fr: {
    subject: 'Votre semaine avec Innerview',
    preview: 'Un regard sur votre semaine : thèmes et objectifs.',
    conversations: (n) =>
      n === 1
        ? 'Cette semaine, vous avez eu une conversation avec votre coach.'
        : `Cette semaine, vous avez eu ${n} conversations avec votre coach.`,
    quiet: 'Semaine calme : aucune conversation avec votre coach.',
    themes: (list) => `Ce qui est revenu le plus souvent : ${list}.`,
    theme: {
      work: 'le travail',
      relationship: 'les relations',
      studies: 'les études',
      health: 'la santé',
      confidence: 'la confiance en soi',
      organisation: 'l’organisation du temps',
      social: 'la vie sociale',
    },
    goalsIntro: 'Vos objectifs :',
    goal: (title, status, notes) =>
      `• ${title} (${status}${notes > 0 ? `, ${notes === 1 ? 'une note de progression' : `${notes} notes de progression`} cette semaine` : ''})`,
    status: { active: 'en cours', done: 'atteint', dropped: 'abandonné' },
    noGoals: 'Vous n’avez pas encore d’objectif. En fixer un peut vous aider à faire le pas suivant.',
    action: 'Ouvrir la conversation',
    settings:
      'Vous recevez ce message parce que le bilan hebdomadaire est activé dans vos paramètres ; vous pouvez l’y désactiver.',
  },
  de: {
    subject: 'Deine Woche mit Innerview',
    preview: 'Ein Blick zurück auf deine Woche: Themen und Ziele.',
    conversations: (n) =>
      n === 1
        ? 'Diese Woche hattest du einen Chat mit deinem Coach.'
        : `Diese Woche hattest du ${n} Chats mit deinem Coach.`,
    quiet: 'Diese Woche war ruhig: keine Chats mit deinem Coach.',
    themes: (list) => `Was am meisten vorkam: ${list}.`,
    theme: {
      work: 'Arbeit',
      relationship: 'Beziehungen',
      studies: 'Studium',
      health: 'Gesundheit',
      confidence: 'Selbstvertrauen',
      organisation: 'Zeiteinteilung',
      social: 'soziales Leben',
    },
    goalsIntro: 'Deine Ziele:',
    goal: (title, status, notes) =>
      `• ${title} (${status}${notes > 0 ? `, ${notes === 1 ? 'eine Fortschrittsnotiz' : `${notes} Fortschrittsnotizen`} diese Woche` : ''})`,
    status: { active: 'aktiv', done: 'erreicht', dropped: 'aufgegeben' },
    noGoals: 'Du hast noch keine Ziele. Eines zu setzen kann dir beim nächsten Schritt helfen.',
    action: 'Chat öffnen',
    settings:
      'Du erhältst diese E-Mail, weil der Wochenrückblick in deinen Einstellungen eingeschaltet ist; dort kannst du ihn ausschalten.',
  },
  it: {
    subject: 'La tua settimana con Innerview',
    preview: 'Uno sguardo alla tua settimana: temi e obiettivi.',
    conversations: (n) =>
      n === 1
        ? 'Questa settimana hai avuto una chat con il tuo coach.'
        : `Questa settimana hai avuto ${n} chat con il tuo coach.`,
    quiet: 'Settimana tranquilla: nessuna chat con il tuo coach.',
    themes: (list) => `Ciò che è tornato più spesso: ${list}.`,
    theme: {
      work: 'il lavoro',
      relationship: 'le relazioni',
      studies: 'lo studio',
      health: 'la salute',
      confidence: 'la fiducia in te',
      organisation: 'l’organizzazione del tempo',
      social: 'la vita sociale',
    },
    goalsIntro: 'I tuoi obiettivi:',
    goal: (title, status, notes) =>
      `• ${title} (${status}${notes > 0 ? `, ${notes === 1 ? 'una nota sui progressi' : `${notes} note sui progressi`} questa settimana` : ''})`,
    status: { active: 'attivo', done: 'raggiunto', dropped: 'abbandonato' },
    noGoals: 'Non hai ancora obiettivi. Fissarne uno può aiutarti a fare il passo successivo.',
    action: 'Apri la chat',
    settings:
      'Ricevi questa e-mail perché il riepilogo settimanale è attivo nelle tue impostazioni; puoi disattivarlo lì.',
  },
  es: {
    subject: 'Tu semana con Innerview',
    preview: 'Una mirada a tu semana: temas y objetivos.',
    conversations: (n) =>
      n === 1 ? 'Esta semana tuviste un chat con tu coach.' : `Esta semana tuviste ${n} chats con tu coach.`,
    quiet: 'Semana tranquila: ningún chat con tu coach.',
    themes: (list) => `Lo que más salió: ${list}.`,
    theme: {
      work: 'el trabajo',
      relationship: 'las relaciones',
      studies: 'los estudios',
      health: 'la salud',
      confidence: 'la confianza en ti',
      organisation: 'la organización del tiempo',
      social: 'la vida social',
    },
    goalsIntro: 'Tus objetivos:',
    goal: (title, status, notes) =>
      `• ${title} (${status}${notes > 0 ? `, ${notes === 1 ? 'una nota de progreso' : `${notes} notas de progreso`} esta semana` : ''})`,
    status: { active: 'activo', done: 'cumplido', dropped: 'abandonado' },
    noGoals: 'Aún no tienes objetivos. Fijar uno puede ayudarte a dar el siguiente paso.',
    action: 'Abrir el chat',
    settings:
      'Recibes este correo electrónico porque el resumen semanal está activado en tus ajustes; puedes desactivarlo allí.',
  },
};

export const renderWeeklyReflection = buttonMail(strings, (s, params: WeeklyReflectionParams) => {
  const { summary } = params;
  const lines = [summary.conversations > 0 ? s.conversations(summary.conversations) : s.quiet];
  if (summary.themes.length > 0)
    lines.push(s.themes(summary.themes.map((theme) => s.theme[theme]).join(', ')));
  if (summary.goals.length > 0)
    lines.push(s.goalsIntro, ...summary.goals.map((g) => s.goal(g.title, s.status[g.status], g.notes)));
  else lines.push(s.noGoals);
  return {
    intro: lines,
    url: params.chatLink,
    outro: [s.settings],
  };
});
