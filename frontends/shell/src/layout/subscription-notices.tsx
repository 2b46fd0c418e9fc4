import '../screens/billing/billing.css';
import { useSubscriptionDetailsQuery } from '@innerview/api-client';
import { PaymentOverdueNotice } from '../screens/billing/payment-overdue-notice.tsx';
import { TrialWarningBanner } from '../screens/billing/trial-warning-banner.tsx';
import { TrialAlmostUpDialog } from './trial-almost-up-dialog.tsx';

/**
 * What the main layout says about the subscription above every area: the trial-expiring warning
 * and the 'Trial almost up' dialog (docs/product.md#how-things-change-over-time, last 7 days), the payment-overdue notice (past due,
 * limited access until a date). Nothing when all is well.
 */
export function SubscriptionNotices() {
  const { data } = useSubscriptionDetailsQuery();
  const warning = data?.show_trial_warning || data?.subscription_status === 'past_due';
  return (
    <>
      {warning && (
        <div className="iv-billing-notices">
          <TrialWarningBanner details={data} />
          <PaymentOverdueNotice details={data} />
        </div>
      )}
      <TrialAlmostUpDialog details={data} />
    </>
  );
}
