import { useGetSubscriptionStatusQuery } from '@innerview/api-client';
import { Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planSummary, type SubscriptionDisplay } from './plan-summary.ts';

/**
 * The subscription in the sidebar: trial days left (warning tone in the last 7 days) with Upgrade,
 * the plan name for a paid plan, or a payment-overdue line. Nothing without subscription info.
 */
export function PlanStatus({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  const { t } = useTranslation('sidebar');
  const { data } = useGetSubscriptionStatusQuery();
  const summary = planSummary(data as SubscriptionDisplay | undefined);
  if (!summary) return null;

  // On a phone only the trial days need to be in view: a paid plan needs no line, and an overdue
  // payment has the main layout's notice above every area.
  if (compact) {
    if (summary.kind !== 'trial') return null;
    return (
      <p
        className="iv-phone-status__line iv-sidebar-plan--trial"
        data-tone={summary.warning ? 'warning' : undefined}
        data-testid="sidebar-plan"
      >
        <span>{t('trial.daysRemaining', { count: summary.daysRemaining })}</span>
        <Link to="/pricing" className="iv-link">
          {t('trial.upgrade')}
        </Link>
      </p>
    );
  }

  if (summary.kind === 'paid') {
    return (
      <p className="iv-sidebar-plan iv-sidebar-plan--paid" data-testid="sidebar-plan">
        {t('plan.current', { plan: t(`plan.${summary.plan}`) })}
      </p>
    );
  }

  if (summary.kind === 'pastDue') {
    // One line, not a second notice: the main layout's payment-overdue banner above every area
    // already explains it with its date and the button to the card page.
    return (
      <p className="iv-sidebar-plan iv-sidebar-plan--overdue" data-testid="sidebar-plan">
        <span className="iv-sidebar-plan__headline">{t('pastDue.title')}</span>
        <Link to="/settings" className="iv-link" onClick={onNavigate}>
          {t('pastDue.action')}
        </Link>
      </p>
    );
  }

  return (
    <div
      className="iv-sidebar-plan iv-sidebar-plan--trial"
      data-tone={summary.warning ? 'warning' : undefined}
      data-testid="sidebar-plan"
    >
      <p className="iv-sidebar-plan__headline">
        {t('trial.daysRemaining', { count: summary.daysRemaining })}
      </p>
      {summary.warning && <p className="iv-sidebar-plan__hint">{t('trial.endingSoon')}</p>}
      <Button asChild size="sm" variant={summary.warning ? 'primary' : 'secondary'} block>
        <Link to="/pricing" onClick={onNavigate}>
          {t('trial.upgrade')}
        </Link>
      </Button>
    </div>
  );
}
