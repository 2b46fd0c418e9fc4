import './billing.css';
import { useSubscriptionDetailsQuery } from '@innerview/api-client';
import { Button, LoadingScreen } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { LogoutButton } from '../auth/logout-button.tsx';
import { SUPPORT_EMAIL, useBillingFormat } from './billing-support.ts';
import { PaymentOverdueNotice } from './payment-overdue-notice.tsx';
import { StatusScreen } from './status-screen.tsx';
import { SubscriptionLoadError } from './subscription-load-error.tsx';
import { todayUtc } from './trial-warning.ts';

/**
 * /auth/subscription-expired (docs/product.md#routes): renew or contact support. A trial that ended goes to
 * /trial-expired; past due shows the payment-overdue notice with update payment method, and the
 * way back in while its limited access lasts (docs/product.md#subscription-states).
 */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const status = useSubscriptionDetailsQuery({ refetchOnMountOrArgChange: true });
  const details = status.data;
  if (status.isError) {
    return (
      <div className="iv-billing-page">
        <SubscriptionLoadError onRetry={() => void status.refetch()} />
      </div>
    );
  }
  if (!details) return <LoadingScreen label={t('common.loading')} />;
  if (details.subscription_status === 'expired' && details.expired_reason === 'trial_ended')
    return <Navigate to={PATHS.trialExpired} replace />;
  // Nothing has expired (an old link, or renewed in another tab).
  if (details.has_access) return <Navigate to={PATHS.chat} replace />;

  const pastDue = details.subscription_status === 'past_due';
  const limitedAccess = pastDue && !!details.access_until && details.access_until >= todayUtc();
  const body =
    details.subscription_status === 'cancelled' && details.reactivate_until
      ? t('expired.cancelledBody', { date: format.date(details.reactivate_until) })
      : t('expired.body');
  return (
    <StatusScreen
      screen="subscription-expired"
      tone="attention"
      title={t(pastDue ? 'pastDue.title' : 'expired.title')}
      actions={
        <>
          {limitedAccess ? (
            <Button asChild variant="secondary">
              <Link to={PATHS.chat}>{t('expired.continueLimited')}</Link>
            </Button>
          ) : (
            !pastDue && (
              <Button asChild variant="primary">
                <Link to={PATHS.pricing}>{t('expired.renew')}</Link>
              </Button>
            )
          )}
          <Button asChild variant="ghost">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{t('common.contactSupport')}</a>
          </Button>
          <LogoutButton />
        </>
      }
    >
      {pastDue ? <PaymentOverdueNotice details={details} /> : <p>{body}</p>}
    </StatusScreen>
  );
}
