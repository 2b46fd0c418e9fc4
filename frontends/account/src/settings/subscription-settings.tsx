import './subscription-settings.css';
import {
  formatBillingDate,
  formatMoney,
  type SwitchOption,
  useGetSwitchOptionsQuery,
  usePaymentMethodUrlMutation,
  useReactivateSubscriptionMutation,
  useSubscriptionDetailsQuery,
  useSwitchPlanMutation,
} from '@innerview/api-client';
import { Alert, Button, Spinner, useToast } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountSection } from '../account-section.tsx';
import { SUPPORT_EMAIL } from '../profile/account-deleted-screen.tsx';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { browserLocation } from './leave-for.ts';
import { PlanChangeConfirm } from './plan-change-confirm.tsx';
import { type Fact, statusLabelKey, subscriptionFacts } from './subscription-facts.ts';

/** The plan change settings offers: monthly ⇄ yearly for the next cycle, or withdrawing one. */
function planChangeOf(options: SwitchOption[] | undefined): SwitchOption | null {
  return (
    options?.find((o) => o.plan !== 'freemium' && (o.action === 'schedule' || o.action === 'keep')) ?? null
  );
}

/**
 * Settings → Subscription (docs/product.md#settings and docs/product.md#subscription-records): the details of the subscription, and cancel
 * (disabled without an active subscription), reactivate, update payment method, upgrade and the
 * plan-change confirmation. Texts: the 'subscription' namespace.
 */
export function SubscriptionSettings() {
  const { t, i18n } = useTranslation('subscription');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { toast } = useToast();
  const status = useSubscriptionDetailsQuery();
  const details = status.data;
  const options = useGetSwitchOptionsQuery(undefined, { skip: !details });
  const [reactivate] = useReactivateSubscriptionMutation();
  const [switchPlan] = useSwitchPlanMutation();
  const [paymentMethodUrl, paymentMethodState] = usePaymentMethodUrlMutation();
  const [dialog, setDialog] = useState<'cancel' | 'reactivate' | 'change' | null>(null);

  const failed = (error: unknown): never => {
    toast({ title: t('actions.failed'), variant: 'destructive' });
    throw error;
  };

  if (status.isError) {
    return (
      <AccountSection heading={t('heading')} testId="settings-subscription">
        <Alert
          variant="error"
          title={t('loadError.title')}
          actions={
            <>
              <Button size="sm" onClick={() => void status.refetch()}>
                {t('loadError.retry')}
              </Button>
              <Button asChild size="sm" variant="secondary">
                <a href={`mailto:${SUPPORT_EMAIL}`}>{t('loadError.contactSupport')}</a>
              </Button>
            </>
          }
        >
          {t('loadError.body')}
        </Alert>
      </AccountSection>
    );
  }
  if (!details) {
    return (
      <AccountSection heading={t('heading')} testId="settings-subscription">
        <Spinner label={t('loading')} />
      </AccountSection>
    );
  }

  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const date = (value: string) => formatBillingDate(value, locale);
  const describe = (fact: Fact): string => {
    switch (fact.kind) {
      case 'date':
        return date(fact.value);
      case 'money':
        return fact.period
          ? t(`facts.per.${fact.period}`, { price: money(fact.value, fact.currency) })
          : money(fact.value, fact.currency);
      case 'count':
        return String(fact.value);
      case 'percent':
        return t('facts.percentLeft', { percent: fact.value });
      case 'plan':
        return fact.date
          ? t('facts.planFrom', { plan: t(`plans.${fact.value}`), date: date(fact.date) })
          : t(`plans.${fact.value}`);
      default:
        return fact.value;
    }
  };
  const change = planChangeOf(options.data?.options);
  const pastDue = details.subscription_status === 'past_due';
  // Cancelled (still running to the period end, or ended within the reactivation window): the
  // person sees that it is cancelled and the way back, not a disabled Cancel button beside "There
  // is no active paid subscription to cancel" under a "Full access (cancelled)" badge (issue 20).
  const cancelled =
    details.subscription_status === 'cancelling_at_period_end' || details.subscription_status === 'cancelled';
  const runsUntil = details.access_until ?? details.end_date;
  const upgradeLabel =
    details.subscription_status === 'monthly' ||
    details.subscription_status === 'yearly' ||
    details.subscription_status === 'cancelling_at_period_end'
      ? 'actions.plans'
      : 'actions.upgrade';

  const goToPaymentMethod = async () => {
    try {
      const { url } = await paymentMethodUrl().unwrap();
      browserLocation.assign(url);
    } catch {
      toast({ title: t('actions.failed'), variant: 'destructive' });
    }
  };

  return (
    <AccountSection heading={t('heading')} testId="settings-subscription">
      <p className="iv-account-subscription__status" data-status={details.subscription_status ?? 'none'}>
        <span className="iv-account-subscription__badge">{t(`status.${statusLabelKey(details)}`)}</span>
      </p>
      {pastDue && (
        <Alert variant="error" title={t('pastDue.title')}>
          {details.access_until
            ? t('pastDue.body', { date: date(details.access_until) })
            : t('pastDue.bodyEnded')}
        </Alert>
      )}
      <dl className="iv-account-details" data-testid="subscription-facts">
        {subscriptionFacts(details).map((fact) => (
          <div key={fact.key} data-fact={fact.key}>
            <dt>{t(`facts.${fact.key}`)}</dt>
            <dd>{describe(fact)}</dd>
          </div>
        ))}
      </dl>
      {details.subscription_status === 'cancelling_at_period_end' && (
        <p className="iv-account-section__text" data-testid="subscription-cancelled-note">
          {runsUntil
            ? t('cancel.alreadyCancelled', { date: date(runsUntil) })
            : t('cancel.alreadyCancelledNoDate')}
        </p>
      )}
      <div className="iv-account-actions">
        {cancelled && details.can_reactivate && (
          <Button variant="primary" onClick={() => setDialog('reactivate')}>
            {t('actions.reactivate')}
          </Button>
        )}
        <Button asChild variant={cancelled && details.can_reactivate ? 'secondary' : 'primary'}>
          <Link to="/pricing">{t(upgradeLabel)}</Link>
        </Button>
        {change && (
          <Button variant="secondary" onClick={() => setDialog('change')}>
            {t(change.action === 'keep' ? 'actions.keepPlan' : `actions.switchTo.${change.plan}`)}
          </Button>
        )}
        {!cancelled && details.can_reactivate && (
          <Button variant="secondary" onClick={() => setDialog('reactivate')}>
            {t('actions.reactivate')}
          </Button>
        )}
        {/* Nothing is charged any more once cancelled: the card matters again when reactivating. */}
        {details.can_update_payment_method && !cancelled && (
          <Button
            variant="secondary"
            loading={paymentMethodState.isLoading}
            onClick={() => void goToPaymentMethod()}
          >
            {t('actions.updatePaymentMethod')}
          </Button>
        )}
        {!cancelled && (
          <Button
            variant="destructive"
            disabled={!details.can_cancel}
            aria-describedby={details.can_cancel ? undefined : 'iv-cancel-unavailable'}
            onClick={() => setDialog('cancel')}
          >
            {t('actions.cancel')}
          </Button>
        )}
      </div>
      {!cancelled && !details.can_cancel && (
        <p id="iv-cancel-unavailable" className="iv-account-section__text iv-account-subscription__hint">
          {t('cancel.unavailable')}
        </p>
      )}
      <CancelSubscriptionDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        accessUntil={details.current_period_end ? date(details.current_period_end.slice(0, 10)) : null}
      />
      <PlanChangeConfirm
        open={dialog === 'reactivate'}
        onOpenChange={(open) => setDialog(open ? 'reactivate' : null)}
        message={details.subscription_status === 'cancelled' ? 'reactivate_checkout' : 'undo_cancellation'}
        values={{
          amount:
            details.amount_minor !== null && details.currency
              ? money(details.amount_minor, details.currency)
              : '',
          date:
            details.renewal_date || details.end_date
              ? date((details.renewal_date ?? details.end_date) as string)
              : '',
          plan: details.plan_type ? t(`plans.${details.plan_type}`) : '',
        }}
        onConfirm={async () => {
          try {
            const result = await reactivate().unwrap();
            if (result.checkout) browserLocation.assign(result.checkout.url);
            else toast({ title: t('actions.reactivated'), variant: 'success' });
          } catch (error) {
            failed(error);
          }
        }}
      />
      {change && change.plan !== 'freemium' && (
        <PlanChangeConfirm
          open={dialog === 'change'}
          onOpenChange={(open) => setDialog(open ? 'change' : null)}
          message={change.message}
          values={{
            amount: money(change.amount_minor, change.currency),
            date: change.first_charge_date ? date(change.first_charge_date) : '',
            plan: t(`plans.${details.plan_type ?? change.plan}`),
          }}
          onConfirm={async () => {
            try {
              await switchPlan(change.plan as 'monthly' | 'yearly').unwrap();
              toast({
                title: t(change.action === 'keep' ? 'actions.kept' : 'actions.scheduled'),
                variant: 'success',
              });
            } catch (error) {
              failed(error);
            }
          }}
        />
      )}
    </AccountSection>
  );
}
