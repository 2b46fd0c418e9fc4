import { isSubscriptionStatus, useGetSubscriptionStatusQuery } from '@innerview/api-client';
import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountSection } from '../account-section.tsx';

const ATTENTION = new Set(['past_due', 'expired', 'cancelled']);

/**
 * The profile's subscription banner (docs/product.md#profile): the current plan in a word and the way to manage it.
 * The details and the plan actions belong to Settings (subscriptions issue).
 */
export function SubscriptionBanner() {
  const { t } = useTranslation('account');
  const { data, isError } = useGetSubscriptionStatusQuery();
  if (isError) {
    return (
      <AccountSection heading={t('profile.subscription.heading')} testId="subscription-banner">
        <Alert variant="warning">{t('profile.subscription.unknown')}</Alert>
      </AccountSection>
    );
  }
  const status = isSubscriptionStatus(data?.subscription_status) ? data.subscription_status : 'none';
  const plan = t(`profile.subscription.status.${status}`);
  return (
    <AccountSection heading={t('profile.subscription.heading')} testId="subscription-banner">
      <div
        className="iv-account-banner"
        data-status={status}
        data-attention={ATTENTION.has(status) || undefined}
      >
        <p className="iv-account-banner__plan">{data ? t('profile.subscription.current', { plan }) : '…'}</p>
        <Button asChild variant="secondary" size="sm">
          <Link to="/settings">{t('profile.subscription.manage')}</Link>
        </Button>
      </div>
    </AccountSection>
  );
}
