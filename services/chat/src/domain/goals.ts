import type { LanguageCode } from '@innerview/contracts';

export type Rhythm = 'daily' | 'weekly' | 'none';

const DAY_MS = 24 * 60 * 60 * 1000;
const periodMs = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;

/** docs/product.md#goals: the first check-in is one period after the goal is set (or its rhythm changed). */
export function firstCheckin(rhythm: Rhythm, now: Date): Date | null {
  return rhythm === 'none' ? null : new Date(now.getTime() + periodMs[rhythm]);
}

/**
 * The check-in after `due`: one period on, skipping the ones missed while nothing ran (a person
 * away for three weeks gets one weekly reminder, not three).
 */
export function nextCheckin(rhythm: 'daily' | 'weekly', due: Date, now: Date): Date {
  const period = periodMs[rhythm];
  const missed = Math.floor((now.getTime() - due.getTime()) / period);
  return new Date(due.getTime() + (missed + 1) * period);
}

const quotes: Record<LanguageCode, [string, string]> = {
  en: ['“', '”'],
  fr: ['« ', ' »'],
  de: ['„', '“'],
  it: ['«', '»'],
  es: ['«', '»'],
};

const openings: Record<LanguageCode, Record<'daily' | 'weekly', string>> = {
  en: {
    daily: 'Yesterday you wanted to work on {g}. How did it go?',
    weekly: 'Last week you wanted to work on {g}. How did it go?',
  },
  fr: {
    daily: 'Hier, vous vouliez avancer sur {g}. Comment cela s’est-il passé ?',
    weekly: 'La semaine dernière, vous vouliez avancer sur {g}. Comment cela s’est-il passé ?',
  },
  de: {
    daily: 'Gestern wolltest du an {g} arbeiten. Wie ist es gelaufen?',
    weekly: 'Letzte Woche wolltest du an {g} arbeiten. Wie ist es gelaufen?',
  },
  it: {
    daily: 'Ieri volevi lavorare su {g}. Com’è andata?',
    weekly: 'La settimana scorsa volevi lavorare su {g}. Com’è andata?',
  },
  es: {
    daily: 'Ayer querías avanzar en {g}. ¿Cómo te fue?',
    weekly: 'La semana pasada querías avanzar en {g}. ¿Cómo te fue?',
  },
};

/** The coach's opening of a new chat with a due check-in, in the person's language. */
export function checkinOpening(language: LanguageCode, rhythm: 'daily' | 'weekly', title: string): string {
  const [open, close] = quotes[language];
  return openings[language][rhythm].replace('{g}', `${open}${title}${close}`);
}
