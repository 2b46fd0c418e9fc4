import './billing.css';
import { isPaidPlan, type SubscriptionDetails, useSubscriptionDetailsQuery } from '@innerview/api-client';
import { Button, LoadingScreen } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { type useBillingFormat as FormatHook, useBillingFormat, useContinuePath } from './billing-support.ts';
import { StatusScreen } from './status-screen.tsx';
import { SubscriptionLoadError } from './subscription-load-error.tsx';

type Format = ReturnType<typeof FormatHook>;

function paymentMethodText(details: SubscriptionDetails): string | null {
  const method = details.payment_method;
  if (!method) return null;
  const raw = method.brand ?? method.type;
  // Providers name brands in lower case (visa, mastercard).
  const name = raw.charAt(0).toUpperCase() + raw.slice(1);
  return method.last4 ? `${name} •••• ${method.last4}` : name;
}

/** The facts of a paid plan: plan, amount, next billing date, card. */
export function paidFacts(details: SubscriptionDetails, t: (key: string) => string, format: Format) {
  const facts: Array<{ label: string; value: string }> = [];
  if (details.plan_type) facts.push({ label: t('success.plan'), value: format.plan(details.plan_type) });
  if (details.amount_minor !== null && details.currency)
    facts.push({ label: t('success.amount'), value: format.money(details.amount_minor, details.currency) });
  if (details.next_billing_date)
    facts.push({ label: t('success.nextBilling'), value: format.date(details.next_billing_date) });
  const card = paymentMethodText(details);
  if (card) facts.push({ label: t('success.paymentMethod'), value: card });
  return facts;
}

/** The facts of a running trial: its end and the days left. */
export function trialFacts(details: SubscriptionDetails, t: (key: string) => string, format: Format) {
  const facts: Array<{ label: string; value: string }> = [];
  if (details.trial_end_date)
    facts.push({ label: t('success.trialEnds'), value: format.date(details.trial_end_date) });
  if (details.days_remaining !== null)
    facts.push({ label: t('success.daysRemaining'), value: String(details.days_remaining) });
  return facts;
}

/**
 * /subscription/success (docs/product.md#routes), where the payment provider returns: the paid variant once the
 * payment is applied (plan, amount, next billing date), the free-trial variant, and a card-update
 * variant. A payment not applied yet goes to /auth/subscription-validation, which waits for it (ADR 22).
 */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const continuePath = useContinuePath();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const status = useSubscriptionDetailsQuery({ refetchOnMountOrArgChange: true });
  const details = status.data;

  if (status.isError) {
    return (
      <div className="iv-billing-page">
        <SubscriptionLoadError onRetry={() => void status.refetch()} />
      </div>
    );
  }
  if (!details || status.isFetching) return <LoadingScreen label={t('common.loading')} />;

  const next = (
    <Button asChild variant="primary">
      <Link to={continuePath}>{t('common.continue')}</Link>
    </Button>
  );
  if (params.get('payment_method') === 'updated') {
    return (
      <StatusScreen
        screen="payment-method-updated"
        tone="success"
        title={t('success.paymentMethodTitle')}
        actions={next}
      >
        <p>{t('success.paymentMethodBody')}</p>
      </StatusScreen>
    );
  }
  const paidNow = details.subscription_status === 'monthly' || details.subscription_status === 'yearly';
  if (isPaidPlan(plan) && details.subscription_status !== plan) {
    return <Navigate to={`${PATHS.subscriptionValidation}?plan=${plan}`} replace />;
  }
  if (paidNow && details.plan_type) {
    return (
      <StatusScreen
        screen="subscription-success"
        tone="success"
        title={t('success.paidTitle')}
        facts={paidFacts(details, t, format)}
        actions={next}
      >
        <p>{t('success.paidBody', { plan: format.plan(details.plan_type) })}</p>
      </StatusScreen>
    );
  }
  if (details.subscription_status === 'freemium') {
    return (
      <StatusScreen
        screen="subscription-success-trial"
        tone="success"
        title={t('success.trialTitle')}
        facts={trialFacts(details, t, format)}
        actions={next}
      >
        <p>{t('success.trialBody')}</p>
      </StatusScreen>
    );
  }
  return <Navigate to={PATHS.pricing} replace />;
}
