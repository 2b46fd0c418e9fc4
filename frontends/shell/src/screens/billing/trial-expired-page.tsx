import './billing.css';
import { selectSessionStatus, useAppSelector } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { LogoutButton } from '../auth/logout-button.tsx';
import { StatusScreen } from './status-screen.tsx';

/** /trial-expired (docs/product.md#routes, open): the trial ended without a plan; upgrade, or log out. */
export function TrialExpiredPage() {
  const { t } = useTranslation('billing');
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  return (
    <StatusScreen
      screen="trial-expired"
      tone="attention"
      title={t('trialExpired.title')}
      actions={
        <>
          <Button asChild variant="primary">
            <Link to={PATHS.pricing}>{t('trialExpired.upgrade')}</Link>
          </Button>
          {signedIn ? (
            <LogoutButton />
          ) : (
            <Button asChild variant="ghost">
              <Link to={PATHS.login}>{t('common.logIn')}</Link>
            </Button>
          )}
        </>
      }
    >
      <p>{t('trialExpired.body')}</p>
    </StatusScreen>
  );
}
