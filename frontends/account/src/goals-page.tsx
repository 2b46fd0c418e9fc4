import './account.css';
import './goals/goals.css';
import { useCreateGoalMutation, useListGoalsQuery } from '@innerview/api-client';
import { PageHeader, RetryAlert, Spinner, useToast } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { AccountSection } from './account-section.tsx';
import { GoalForm } from './goals/goal-form.tsx';
import { GoalItem } from './goals/goal-item.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * Exposed as `account/GoalsPage` (docs/product.md#goals): the person's goals, a form to set one
 * (title and check-in rhythm), the active goals with their progress notes, and the goals
 * completed or dropped. Texts: the `goals` namespace.
 */
export default function GoalsPage() {
  const { t } = useTranslation('goals');
  usePageTitle(t('title'));
  const { toast } = useToast();
  const list = useListGoalsQuery();
  const [create] = useCreateGoalMutation();
  const goals = list.data?.goals ?? [];
  const active = goals.filter((g) => g.status === 'active');
  const closed = goals.filter((g) => g.status !== 'active');

  const add = async (value: { title: string; checkin: 'daily' | 'weekly' | 'none' }) => {
    const result = await create(value);
    if ('error' in result && result.error) {
      const limit = (result.error as { status?: number }).status === 409;
      toast({ title: t(limit ? 'errors.limit' : 'errors.save'), variant: 'destructive' });
      return false;
    }
    toast({ title: t('done.added'), variant: 'success' });
    return true;
  };

  return (
    <div className="iv-account-screen" data-remote="account" data-screen="goals">
      <PageHeader title={t('title')} description={t('intro')} />
      <div className="iv-account-stack">
        <AccountSection heading={t('new.heading')} description={t('new.text')} testId="goal-new">
          <GoalForm submitLabel={t('new.submit')} onSubmit={add} />
        </AccountSection>
        <AccountSection heading={t('active.heading')} testId="goals-active">
          {list.isLoading ? (
            <div className="iv-account-loading">
              <Spinner label={t('loading')} />
            </div>
          ) : list.isError ? (
            <RetryAlert
              title={t('errors.load')}
              retryLabel={t('actions.retry')}
              onRetry={() => void list.refetch()}
              retryVariant="secondary"
            />
          ) : active.length === 0 ? (
            <p className="iv-account-section__text">{t('active.empty')}</p>
          ) : (
            <ul className="iv-goals">
              {active.map((goal) => (
                <GoalItem key={goal.id} goal={goal} />
              ))}
            </ul>
          )}
        </AccountSection>
        {closed.length > 0 && (
          <AccountSection heading={t('closed.heading')} testId="goals-closed">
            <ul className="iv-goals">
              {closed.map((goal) => (
                <GoalItem key={goal.id} goal={goal} />
              ))}
            </ul>
          </AccountSection>
        )}
      </div>
    </div>
  );
}
