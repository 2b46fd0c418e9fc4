import './billing.css';
import {
  hasStoredToken,
  selectSessionStatus,
  useAppSelector,
  useSubscriptionDetailsQuery,
} from '@innerview/api-client';
import { Button, LoadingScreen } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemindersOffer } from '../../pwa/reminders-offer.tsx';
import { PATHS } from '../../routing/paths.ts';
import { useBillingFormat, useContinuePath } from './billing-support.ts';
import { StatusScreen } from './status-screen.tsx';
import { trialFacts } from './subscription-success-page.tsx';

/**
 * /auth/freemium-success (docs/product.md#routes, open): the free trial is active. Signed in, it shows the trial's
 * end and leads on to onboarding or the chat; a visitor is offered to log in.
 */
export function FreemiumSuccessPage() {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const continuePath = useContinuePath();
  const session = useAppSelector(selectSessionStatus);
  const signedIn = session === 'authenticated';
  const status = useSubscriptionDetailsQuery({ skip: !signedIn });
  // A stored session still being checked: wait, rather than offer a log-in it does not need.
  if (session === 'checking' || (session === 'unknown' && hasStoredToken()))
    return <LoadingScreen label={t('common.loading')} />;
  const details = status.data?.subscription_status === 'freemium' ? status.data : undefined;
  return (
    <StatusScreen
      screen="freemium-success"
      tone="success"
      title={t('success.trialTitle')}
      facts={details ? trialFacts(details, t, format) : undefined}
      // The trial just started: the moment a reminder of its end makes sense (docs/product.md#reminders).
      extra={details && <RemindersOffer />}
      actions={
        <Button asChild variant="primary">
          <Link to={signedIn ? continuePath : PATHS.login}>
            {t(signedIn ? 'common.continue' : 'common.logIn')}
          </Link>
        </Button>
      }
    >
      <p>{t('success.trialBody')}</p>
      {!signedIn && <p>{t('success.anonymousBody')}</p>}
    </StatusScreen>
  );
}
