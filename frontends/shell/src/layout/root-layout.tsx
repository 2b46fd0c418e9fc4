import { changeLanguage, LANGUAGE_QUERY_PARAM, normalizeLanguage } from '@innerview/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { OfflinePage } from '../pwa/offline-page.tsx';
import { useOnline } from '../pwa/use-online.ts';
import { useSessionPreferences } from './use-session-preferences.ts';

/**
 * The root of every route. `?lang=` is read by the language detector at start-up; this also
 * honours it when a link inside the app carries it (docs/product.md#guards: a language can be chosen by a lang
 * query parameter), and the choice is remembered like any other. Without a connection it shows
 * the offline page instead of the screen, and the screen again when the connection is back.
 */
export function RootLayout() {
  const { i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const requested = normalizeLanguage(searchParams.get(LANGUAGE_QUERY_PARAM));
  useEffect(() => {
    if (requested && requested !== i18n.resolvedLanguage) void changeLanguage(requested, i18n);
  }, [requested, i18n]);
  useSessionPreferences(requested !== null);
  // Offline, every screen would fail on its first call: the offline page says what still works.
  const online = useOnline();
  return online ? <Outlet /> : <OfflinePage />;
}
