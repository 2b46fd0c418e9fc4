import {
  type Goal,
  type GoalChange,
  useChangeGoalMutation,
  useDeleteGoalMutation,
} from '@innerview/api-client';
import { Button, ConfirmDialog, useToast } from '@innerview/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoalForm } from './goal-form.tsx';
import { NoteForm } from './note-form.tsx';

function useDateFormat() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * One goal: its title, rhythm and next check-in, its progress notes, and what can be done with it
 * (edit, add a note, complete, drop, make active again, delete). A list item named by its title.
 */
export function GoalItem({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const { toast } = useToast();
  const day = useDateFormat();
  const headingId = useId();
  const [mode, setMode] = useState<'view' | 'edit' | 'note'>('view');
  const [confirming, setConfirming] = useState(false);
  const [change] = useChangeGoalMutation();
  const [remove] = useDeleteGoalMutation();
  const active = goal.status === 'active';
  // Back from editing or a note, the focus goes to the goal's title, not to the page's start.
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(mode);
  useEffect(() => {
    if (previous.current !== 'view' && mode === 'view') heading.current?.focus();
    previous.current = mode;
  }, [mode]);

  const apply = async (what: GoalChange, done: string): Promise<boolean> => {
    const result = await change({ id: goal.id, change: what });
    if ('error' in result && result.error) {
      const limit = (result.error as { status?: number }).status === 409;
      toast({ title: t(limit ? 'errors.limit' : 'errors.save'), variant: 'destructive' });
      return false;
    }
    toast({ title: done, variant: 'success' });
    setMode('view');
    return true;
  };

  const deleteGoal = async () => {
    const result = await remove(goal.id);
    if ('error' in result && result.error) {
      toast({ title: t('errors.save'), variant: 'destructive' });
      throw new Error('not deleted');
    }
    toast({ title: t('done.deleted'), variant: 'success' });
  };

  return (
    <li className="iv-goal" aria-labelledby={headingId} data-testid="goal" data-status={goal.status}>
      <h3 id={headingId} className="iv-goal__title" ref={heading} tabIndex={-1}>
        {goal.title}
      </h3>
      <p className="iv-goal__meta">
        {goal.status === 'active'
          ? goal.next_checkin_at && goal.checkin !== 'none'
            ? t(`meta.${goal.checkin}`, { date: day(goal.next_checkin_at) })
            : t('rhythm.none')
          : t(`status.${goal.status}`)}
      </p>
      {goal.notes.length > 0 && (
        <ul className="iv-goal__notes" aria-label={t('note.list')}>
          {goal.notes.map((note) => (
            <li key={note.created_at} className="iv-goal__note">
              <span className="iv-goal__note-date">{day(note.created_at)}</span> {note.text}
            </li>
          ))}
        </ul>
      )}
      {mode === 'edit' ? (
        <GoalForm
          initial={{ title: goal.title, checkin: goal.checkin }}
          submitLabel={t('actions.save')}
          onSubmit={(value) => apply(value, t('done.saved'))}
          onCancel={() => setMode('view')}
        />
      ) : mode === 'note' ? (
        <NoteForm onSubmit={(note) => apply({ note }, t('done.noted'))} onCancel={() => setMode('view')} />
      ) : (
        <div className="iv-account-actions iv-goal__actions">
          {active && (
            <Button size="sm" onClick={() => setMode('note')}>
              {t('actions.note')}
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setMode('edit')}>
            {t('actions.edit')}
          </Button>
          {active ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void apply({ status: 'done' }, t('done.completed'))}
              >
                {t('actions.complete')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void apply({ status: 'dropped' }, t('done.dropped'))}
              >
                {t('actions.drop')}
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void apply({ status: 'active' }, t('done.reopened'))}
            >
              {t('actions.reopen')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t('actions.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('delete.title')}
        description={t('delete.text', { title: goal.title })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('form.cancel')}
        onConfirm={deleteGoal}
        destructive
      />
    </li>
  );
}
