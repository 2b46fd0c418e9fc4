import { useGetSubscriptionStatusQuery } from '@innerview/api-client';
import { Alert, Button } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planSummary, type SubscriptionDisplay } from './plan-summary.ts';

/**
 * The subscription in the sidebar: trial days left (warning tone in the last 7 days) with Upgrade,
 * the plan name for a paid plan, or the payment-overdue notice. Nothing without subscription info.
 */
export function PlanStatus({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('sidebar');
  const { data } = useGetSubscriptionStatusQuery();
  const summary = planSummary(data as SubscriptionDisplay | undefined);
  if (!summary) return null;

  if (summary.kind === 'paid') {
    return (
      <p className="iv-sidebar-plan iv-sidebar-plan--paid" data-testid="sidebar-plan">
        {t('plan.current', { plan: t(`plan.${summary.plan}`) })}
      </p>
    );
  }

  if (summary.kind === 'pastDue') {
    const until = summary.accessUntil
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${summary.accessUntil}T00:00:00Z`),
        )
      : null;
    return (
      <Alert
        variant="warning"
        className="iv-sidebar-plan"
        title={t('pastDue.title')}
        data-testid="sidebar-plan"
        actions={
          <Link to="/settings" className="iv-link" onClick={onNavigate}>
            {t('pastDue.action')}
          </Link>
        }
      >
        {until ? t('pastDue.textUntil', { date: until }) : t('pastDue.text')}
      </Alert>
    );
  }

  return (
    <div
      className="iv-sidebar-plan iv-sidebar-plan--trial"
      data-tone={summary.warning ? 'warning' : undefined}
      data-testid="sidebar-plan"
    >
      <p className="iv-sidebar-plan__days">{t('trial.daysRemaining', { count: summary.daysRemaining })}</p>
      {summary.warning && <p className="iv-sidebar-plan__hint">{t('trial.endingSoon')}</p>}
      <Button asChild size="sm" variant={summary.warning ? 'primary' : 'secondary'} block>
        <Link to="/pricing" onClick={onNavigate}>
          {t('trial.upgrade')}
        </Link>
      </Button>
    </div>
  );
}
