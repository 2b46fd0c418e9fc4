/** docs/product.md#person-and-settings "Language" (code, name, nativeName) and docs/product.md#languages-and-themes-accepted: the five accepted interface languages. */
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = { code: LanguageCode; name: string; nativeName: string };

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((language) => language.code);

/** English is the default and the fallback (docs/product.md#languages-and-appearance, docs/product.md#languages-translations-and-themes). */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/**
 * The supported language a code stands for, or null. Case and surrounding blanks are ignored and
 * regional variants map to their base language (docs/product.md#languages-and-themes-accepted): `fr-CH`, `de_AT`, `IT` → fr, de, it.
 */
export function normalizeLanguage(input: unknown): LanguageCode | null {
  if (typeof input !== 'string') return null;
  const base = input.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : null;
}
