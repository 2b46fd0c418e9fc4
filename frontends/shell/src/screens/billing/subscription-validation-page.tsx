import './billing.css';
import { isPaidPlan, useSubscriptionDetailsQuery } from '@innerview/api-client';
import { Button, Spinner } from '@innerview/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { SUPPORT_EMAIL } from './billing-support.ts';
import { StatusScreen } from './status-screen.tsx';

/** How often the status is asked while a payment is confirmed, and for how long before saying so. */
export const VALIDATION_POLL_MS = 1000;
export const VALIDATION_PATIENCE_MS = 30_000;

/**
 * /auth/subscription-validation (docs/product.md#routes): "validating your payment". The provider has taken the
 * payment; its confirmation reaches billing a moment later (a webhook, or the local provider's
 * event). The status is asked every second until the paid plan is active, then on to
 * /subscription/success. After 30 s it says so, with check again and contact support (ADR 22).
 */
export function SubscriptionValidationPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const [waiting, setWaiting] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const status = useSubscriptionDetailsQuery({
    pollingInterval: waiting ? VALIDATION_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const current = status.data?.subscription_status;
  const confirmed = isPaidPlan(plan) ? current === plan : current === 'monthly' || current === 'yearly';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the patience on "check again".
  useEffect(() => {
    setWaiting(true);
    const timer = setTimeout(() => setWaiting(false), VALIDATION_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [attempt]);

  if (confirmed) {
    const query = isPaidPlan(plan) ? `?plan=${plan}` : '';
    return <Navigate to={`${PATHS.subscriptionSuccess}${query}`} replace />;
  }
  if (!isPaidPlan(plan) && status.data) {
    return (
      <StatusScreen
        screen="subscription-validation"
        title={t('validation.notPaidTitle')}
        actions={
          <Button asChild variant="primary">
            <Link to={PATHS.pricing}>{t('validation.toPricing')}</Link>
          </Button>
        }
      >
        <p>{t('validation.notPaidBody')}</p>
      </StatusScreen>
    );
  }
  if (waiting) {
    return (
      <StatusScreen screen="subscription-validation" title={t('validation.title')}>
        <div className="iv-billing-progress" role="status" aria-live="polite">
          <Spinner size="lg" />
          <p>{t('validation.body')}</p>
        </div>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen
      screen="subscription-validation"
      tone="attention"
      title={t('validation.slowTitle')}
      actions={
        <>
          <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('validation.checkAgain')}
          </Button>
          <Button asChild variant="secondary">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{t('common.contactSupport')}</a>
          </Button>
        </>
      }
    >
      <p role="alert">{t('validation.slowBody')}</p>
    </StatusScreen>
  );
}
