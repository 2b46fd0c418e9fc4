import { DEFAULT_LANGUAGE, normalizeLanguage } from '@innerview/i18n';
import { useTranslation } from 'react-i18next';
import { useGetIntroContentQuery } from './questionnaire-api.ts';

/** The intro texts and the 8 steps in the interface language; refetched when the language changes. */
export function useIntroContent() {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.resolvedLanguage) ?? DEFAULT_LANGUAGE;
  return useGetIntroContentQuery(language);
}

/** A date of the server (ISO) as the reader's language writes it, e.g. "21 November 2026". */
export function formatDate(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language ?? DEFAULT_LANGUAGE, { dateStyle: 'long' }).format(date);
}
