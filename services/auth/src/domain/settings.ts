import { type LanguageCode, toLanguageCode } from '@innerview/contracts';
import { type Theme, themes } from '@innerview/contracts/auth';

/** docs/product.md#person-and-settings "Language: code, name, nativeName", for the five interface languages (docs/product.md#languages-and-appearance). */
export const languageOptions: ReadonlyArray<{ code: LanguageCode; name: string; nativeName: string }> = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
];

export { type Theme, themes };

/** What DELETE /settings/me restores: the default language (docs/product.md#languages-and-appearance) and the device's appearance. */
export const defaultSettings = { language: 'en' as LanguageCode, theme: 'system' as Theme };

export function toTheme(value: string | undefined | null): Theme | null {
  const normalised = (value ?? '').trim().toLowerCase();
  return (themes as readonly string[]).includes(normalised) ? (normalised as Theme) : null;
}

/** A sign-up's language: the given one mapped to its base code, English when absent or unknown. */
export function signupLanguage(value: string | undefined): LanguageCode {
  return toLanguageCode(value) ?? defaultSettings.language;
}
