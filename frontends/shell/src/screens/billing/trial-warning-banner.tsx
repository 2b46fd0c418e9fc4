import type { SubscriptionDetails } from '@innerview/api-client';
import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useBillingFormat } from './billing-support.ts';
import { trialWarning } from './trial-warning.ts';

/**
 * The trial-expiring warning (docs/product.md#when-the-trial-ends, last 7 days): end date, days left and the share of the
 * trial allowance left, with the way to upgrade (hidden on /pricing itself).
 */
export function TrialWarningBanner({
  details,
  showUpgrade = true,
}: {
  details: SubscriptionDetails | undefined;
  showUpgrade?: boolean;
}) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const warning = trialWarning(details);
  if (!warning) return null;
  return (
    <Alert
      variant="warning"
      role="status"
      className="iv-billing-banner"
      data-testid="trial-warning"
      title={t('trialWarning.title')}
      actions={
        showUpgrade ? (
          <Button asChild variant="primary" size="sm">
            <Link to={PATHS.pricing}>{t('trialWarning.upgrade')}</Link>
          </Button>
        ) : undefined
      }
    >
      <p>{t('trialWarning.body', { count: warning.daysRemaining, date: format.date(warning.endDate) })}</p>
      {warning.allowancePercent !== null && (
        <p>{t('trialWarning.allowance', { percent: warning.allowancePercent })}</p>
      )}
    </Alert>
  );
}
