import { selectSessionUser, useAppSelector } from '@innerview/api-client';
import { changeLanguage } from '@innerview/i18n';
import { isTheme, useTheme } from '@innerview/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * docs/product.md#session-lifetime-and-sign-out: "On session start the user's saved language and theme are applied". Once per signed-in
 * user; a `?lang=` in the address wins over the saved language for that visit.
 */
export function useSessionPreferences(languageInUrl: boolean): void {
  const user = useAppSelector(selectSessionUser);
  const { i18n } = useTranslation();
  const { setTheme } = useTheme();
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.language && !languageInUrl) void changeLanguage(user.language, i18n);
    if (isTheme(user.theme)) setTheme(user.theme);
  }, [user, languageInUrl, i18n, setTheme]);
}
