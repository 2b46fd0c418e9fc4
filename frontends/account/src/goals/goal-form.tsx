import { GOAL_TITLE_MAX, type GoalCheckin } from '@innerview/api-client';
import { Button, Select, TextField } from '@innerview/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const RHYTHMS: readonly GoalCheckin[] = ['weekly', 'daily', 'none'];

/**
 * A goal's title and check-in rhythm: the "new goal" form, and the same fields when editing one.
 * Checked here as the server checks it (1–200 characters), the error tied to the field.
 */
export function GoalForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: { title: string; checkin: GoalCheckin };
  submitLabel: string;
  /** Resolves true when saved (the form then empties), false when it failed (it keeps the text). */
  onSubmit: (value: { title: string; checkin: GoalCheckin }) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('goals');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [checkin, setCheckin] = useState<GoalCheckin>(initial?.checkin ?? 'weekly');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '') return setError(t('form.titleRequired'));
    if (trimmed.length > GOAL_TITLE_MAX) return setError(t('form.titleTooLong', { max: GOAL_TITLE_MAX }));
    setError(null);
    setBusy(true);
    const saved = await onSubmit({ title: trimmed, checkin });
    setBusy(false);
    if (saved && !initial) {
      setTitle('');
      setCheckin('weekly');
    }
  };

  return (
    <form className="iv-goal-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('form.title')}
        hint={t('form.titleHint')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={error ?? undefined}
        characterLimit={GOAL_TITLE_MAX}
        formatCounter={(n, max) => t('form.counter', { n, max })}
        // Editing is opened by the person's click on "Edit": the field takes the focus.
        autoFocus={initial !== undefined}
      />
      <Select
        label={t('form.rhythm')}
        value={checkin}
        onChange={(e) => setCheckin(e.target.value as GoalCheckin)}
        options={RHYTHMS.map((r) => ({ value: r, label: t(`rhythm.${r}`) }))}
      />
      <div className="iv-account-actions">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
