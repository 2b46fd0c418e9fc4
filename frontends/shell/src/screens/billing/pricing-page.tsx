import './billing.css';
import {
  PLAN_ORDER,
  type SwitchOption,
  useGetPlanPricesQuery,
  useGetSwitchOptionsQuery,
  useSubscriptionDetailsQuery,
} from '@innerview/api-client';
import { Button, LoadingScreen, PageHeader, Select } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { PaymentOverdueNotice } from './payment-overdue-notice.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { canChooseCurrency } from './plan-choices.ts';
import { SubscriptionLoadError } from './subscription-load-error.tsx';
import { TrialWarningBanner } from './trial-warning-banner.tsx';
import { usePlanChange } from './use-plan-change.ts';

/**
 * /pricing (docs/product.md#plans-and-pricing-screens): the free trial, monthly and yearly cards with prices from the payment
 * provider in use, each card's button as billing's switch options allow, and a confirmation
 * before every change (docs/product.md#changing-plans: what is charged when, what is lost).
 */
export function PricingPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('pricing.title'));
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<SwitchOption | null>(null);
  const status = useSubscriptionDetailsQuery();
  const details = status.data;
  const prices = useGetPlanPricesQuery(
    { provider: details?.payment_provider ?? 'local', currency },
    { skip: !details },
  );
  const options = useGetSwitchOptionsQuery({ currency }, { skip: !details });
  const change = usePlanChange(currency ?? prices.data?.currency);

  const failed = status.isError || prices.isError || options.isError;
  const retry = () => {
    if (status.isError) void status.refetch();
    if (prices.isError) void prices.refetch();
    if (options.isError) void options.refetch();
  };
  // The cards show only what was answered for the currency chosen now (currentData): while another
  // currency loads, `data` still holds the last one, and confirming it would charge that amount.
  const shownPrices = prices.currentData;
  const shownOptions = options.currentData;
  const currencies = prices.data?.currencies ?? [];
  const current = details?.plan_type ?? null;
  const running = details?.has_access || details?.subscription_status === 'past_due';

  return (
    <div className="iv-billing-page iv-billing-page--wide" data-screen="pricing">
      <PageHeader
        title={t('pricing.title')}
        description={
          // The 30 free days are offered only to whoever can still start them (issue 20); until the
          // subscription has loaded, the sentence that is true for everyone.
          details?.trial_available ? t('pricing.intro') : t('pricing.introTrialUsed')
        }
        actions={
          running ? (
            <Button asChild variant="ghost">
              <Link to={PATHS.chat}>{t('pricing.backToApp')}</Link>
            </Button>
          ) : undefined
        }
      />
      <TrialWarningBanner details={details} showUpgrade={false} />
      <PaymentOverdueNotice details={details} />
      {failed && <SubscriptionLoadError onRetry={retry} />}
      {!failed && !details && <LoadingScreen label={t('common.loading')} />}
      {details && !failed && (
        <>
          {canChooseCurrency(details) && currencies.length > 1 && (
            <div className="iv-billing-currency">
              <Select
                label={t('pricing.currency')}
                value={currency ?? prices.data?.currency ?? ''}
                onChange={(event) => setCurrency(event.target.value)}
                options={currencies.map((code) => ({ value: code, label: code }))}
              />
            </div>
          )}
          <div className="iv-billing-plans">
            {PLAN_ORDER.map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                price={shownPrices?.prices.find((p) => p.plan === plan)}
                option={shownOptions?.options.find((o) => o.plan === plan)}
                status={details.subscription_status}
                isCurrent={
                  current === plan &&
                  details.subscription_status !== 'expired' &&
                  details.subscription_status !== 'cancelled'
                }
                scheduledFrom={details.scheduled_plan === plan ? details.scheduled_change_date : null}
                onChoose={setChosen}
              />
            ))}
          </div>
          <p className="iv-billing-fineprint">{t('common.vatIncluded')}</p>
        </>
      )}
      <PlanChangeDialog
        option={chosen}
        onOpenChange={(open) => !open && setChosen(null)}
        onConfirm={change}
      />
    </div>
  );
}
