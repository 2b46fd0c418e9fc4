import type { LanguageCode } from '@innerview/contracts';

/** Swiss regional formats for each language (CLDR falls back to the base language where needed). */
export const swissLocales: Record<LanguageCode, string> = {
  en: 'en-CH',
  fr: 'fr-CH',
  de: 'de-CH',
  it: 'it-CH',
  es: 'es',
};

/**
 * How long a link stays valid, in words ("24 hours", "1 Stunde", "30 minuti"), from the time the
 * event happened to the token's expiry. Null when the times make no sense (the sentence is left out
 * rather than promising a wrong duration).
 */
export function formatValidity(language: LanguageCode, from: string, until: string): string | null {
  const minutes = Math.round((Date.parse(until) - Date.parse(from)) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  const [value, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(swissLocales[language], { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/** A moment as a Swiss reader expects it: date and time in Zurich ("21. November 2026 um 12:52"). */
export function formatMoment(language: LanguageCode, iso: string): string | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  return new Intl.DateTimeFormat(swissLocales[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Zurich',
  }).format(time);
}
