import type { Plan, PlanPrice, SwitchOption } from '@innerview/api-client';
import { Button, Card } from '@innerview/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from './billing-support.ts';
import { planButton } from './plan-choices.ts';

export type PlanCardProps = {
  plan: Plan;
  price: PlanPrice | undefined;
  option: SwitchOption | undefined;
  status: string | null;
  /** This plan is the one in use now. */
  isCurrent: boolean;
  /** A change to this plan is scheduled for this date. */
  scheduledFrom: string | null;
  onChoose: (option: SwitchOption) => void;
};

/** One plan of /pricing: name, price, what it gives, and the button billing allows. */
export function PlanCard({ plan, price, option, status, isCurrent, scheduledFrom, onChoose }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const format = useBillingFormat();
  const headingId = useId();
  const reasonId = useId();
  const button = option ? planButton(option, status) : null;
  const reason = button?.reasonKey ? t(`pricing.unavailable.${button.reasonKey}`) : null;

  return (
    <Card
      variant={plan === 'yearly' ? 'highlighted' : 'default'}
      padding="lg"
      className="iv-billing-plan"
      data-plan={plan}
      data-testid={`plan-${plan}`}
      aria-labelledby={headingId}
      role="group"
    >
      <div className="iv-billing-plan__top">
        <h2 id={headingId} className="iv-billing-plan__name">
          {t(`plans.${plan}`)}
        </h2>
        {plan === 'yearly' && <span className="iv-billing-badge">{t('pricing.twoMonthsFree')}</span>}
        {isCurrent && (
          <span className="iv-billing-badge iv-billing-badge--muted">{t('pricing.yourPlan')}</span>
        )}
      </div>
      <p className="iv-billing-plan__price">
        {plan === 'freemium' ? (
          <>
            <span className="iv-billing-plan__amount">{t('pricing.free')}</span>
            <span className="iv-billing-plan__period">
              {t('pricing.trialDays', { days: price?.trial_days ?? 30 })}
            </span>
          </>
        ) : price ? (
          <>
            <span className="iv-billing-plan__amount">
              {format.money(price.amount_minor, price.currency)}
            </span>
            <span className="iv-billing-plan__period">
              {t(plan === 'yearly' ? 'pricing.perYear' : 'pricing.perMonth')}
            </span>
          </>
        ) : (
          <span className="iv-billing-plan__amount" aria-hidden="true">
            …
          </span>
        )}
      </p>
      {plan === 'yearly' && price && (
        <p className="iv-billing-plan__note">
          {t('pricing.monthlyEquivalent', {
            price: format.money(price.monthly_equivalent_minor, price.currency),
          })}
        </p>
      )}
      <ul className="iv-billing-plan__features">
        <li>{t(`pricing.features.${plan}`)}</li>
        {/* "VAT included" is said once, under the cards (pricing-page.tsx), not on each card. */}
        {plan === 'freemium' && <li>{t('pricing.noCard')}</li>}
      </ul>
      {scheduledFrom && (
        <p className="iv-billing-plan__note" data-testid={`plan-${plan}-scheduled`}>
          {t('pricing.scheduledFrom', { date: format.date(scheduledFrom) })}
        </p>
      )}
      <div className="iv-billing-plan__action">
        {option && button ? (
          <Button
            variant={button.enabled ? 'primary' : 'secondary'}
            block
            disabled={!button.enabled}
            aria-describedby={reason ? reasonId : undefined}
            onClick={() => onChoose(option)}
          >
            {t(`pricing.actions.${button.labelKey}`)}
          </Button>
        ) : (
          <Button variant="secondary" block disabled>
            {t('common.loading')}
          </Button>
        )}
        {reason && (
          <p id={reasonId} className="iv-billing-plan__reason">
            {reason}
          </p>
        )}
      </div>
    </Card>
  );
}
