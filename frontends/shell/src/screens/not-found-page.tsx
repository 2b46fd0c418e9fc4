import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../routing/paths.ts';
import { useDocumentTitle } from './use-document-title.ts';

/** docs/product.md#routes: any unknown path, signed in or not; shown in the public frame (routes.tsx). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  useDocumentTitle(t('notFound.title'));
  const location = useLocation();
  // Back within the app (a key other than 'default') or to the page before in this tab; a tab
  // whose first page is this 404 has nothing to go back to, so 'Go Back' goes home then.
  const canGoBack = location.key !== 'default' || window.history.length > 1;
  return (
    // Inside the public frame, whose <main> holds it.
    <div className="iv-shell-not-found" data-testid="not-found">
      <div className="iv-shell-message">
        <p className="iv-shell-message__code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <div className="iv-shell-actions">
          <Button variant="primary" onClick={() => navigate(PATHS.root)}>
            {t('notFound.home')}
          </Button>
          <Button variant="secondary" onClick={() => (canGoBack ? navigate(-1) : navigate(PATHS.root))}>
            {t('notFound.back')}
          </Button>
        </div>
      </div>
    </div>
  );
}
