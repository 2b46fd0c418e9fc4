import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../screens/not-found-page.tsx';

/**
 * The router's `errorElement`: an error thrown by a route's loader, lazy module or element. Its
 * heading is the router's own default wording, translated. A 404 thrown by a route is the 404 page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className="iv-shell-centered" data-testid="route-error">
      <div className="iv-shell-message">
        <h1>{t('errors.unexpected')}</h1>
        <p>{t('errors.unexpectedBody')}</p>
        <div className="iv-shell-actions">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            {t('notFound.home')}
          </Button>
        </div>
      </div>
    </main>
  );
}
