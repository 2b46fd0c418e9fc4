import { GOAL_NOTE_MAX } from '@innerview/api-client';
import { Button, TextField } from '@innerview/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One progress note for a goal (1–1000 characters), added to its list of notes. */
export function NoteForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('goals');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return setError(t('note.required'));
    if (trimmed.length > GOAL_NOTE_MAX) return setError(t('note.tooLong', { max: GOAL_NOTE_MAX }));
    setError(null);
    setBusy(true);
    if (await onSubmit(trimmed)) setText('');
    setBusy(false);
  };

  return (
    <form className="iv-goal-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        multiline
        rows={3}
        label={t('note.label')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        characterLimit={GOAL_NOTE_MAX}
        formatCounter={(n, max) => t('form.counter', { n, max })}
        // Opened by the person's click on "Add progress note": the field takes the focus.
        autoFocus
      />
      <div className="iv-account-actions">
        <Button type="submit" disabled={busy}>
          {t('note.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
