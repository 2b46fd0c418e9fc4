import './billing.css';
import { selectSessionStatus, useAppSelector, useSubscriptionDetailsQuery } from '@innerview/api-client';
import { Button, LoadingScreen } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { LogoutButton } from '../auth/logout-button.tsx';
import { StatusScreen } from './status-screen.tsx';

/**
 * /trial-expired (docs/product.md#routes, open): the trial ended without a plan; upgrade, or log out. Someone
 * signed in whose trial did not end here (a paid plan that expired or was cancelled, or access
 * that still runs) is sent to /auth/subscription-expired, which says what fits their plan (renew,
 * payment overdue) or leads back to the chat: never "Your free trial has ended" to a subscriber.
 */
export function TrialExpiredPage() {
  const { t } = useTranslation('billing');
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  const status = useSubscriptionDetailsQuery({ skip: !signedIn, refetchOnMountOrArgChange: true });
  const details = status.data;
  if (signedIn && !details && !status.isError) return <LoadingScreen label={t('common.loading')} />;
  const trialEnded = details?.subscription_status === 'expired' && details.expired_reason === 'trial_ended';
  if (details && !trialEnded) return <Navigate to={PATHS.subscriptionExpired} replace />;
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
