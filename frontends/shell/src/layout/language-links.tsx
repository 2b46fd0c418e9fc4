import { LANGUAGE_QUERY_PARAM, LANGUAGES } from '@innerview/i18n';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * The five languages as links to the same page with `?lang=` (docs/product.md#guards), so the language can be
 * chosen before signing in; the root layout applies and remembers it.
 */
export function LanguageLinks() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const { pathname, search } = useLocation();
  const current = i18n.resolvedLanguage;
  return (
    <nav className="iv-shell-languages" aria-label={t('shell:layout.languageNavigation')}>
      {LANGUAGES.map(({ code }) => {
        const params = new URLSearchParams(search);
        params.set(LANGUAGE_QUERY_PARAM, code);
        return (
          <Link
            key={code}
            to={{ pathname, search: `?${params}` }}
            lang={code}
            hrefLang={code}
            aria-current={code === current ? 'true' : undefined}
          >
            {t(`common:languages.${code}`)}
          </Link>
        );
      })}
    </nav>
  );
}
