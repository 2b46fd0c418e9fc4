import { Button } from '@innerview/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_TEXT_MAX, type MemoryItem, type MemoryKind } from './memory-api.ts';
import { MemoryFields } from './memory-fields.tsx';

/** The text a person typed, checked as the server checks it (1–500 characters once trimmed). */
export function textError(text: string, t: TFunction<'memory'>): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return t('form.required');
  if (trimmed.length > MEMORY_TEXT_MAX) return t('form.tooLong', { max: MEMORY_TEXT_MAX });
  return null;
}

/**
 * One item: its kind, where it came from and its text, with Edit and Delete. Editing happens in
 * place; focus goes to the text field, and back to Edit when done.
 */
export function MemoryItemRow({
  item,
  onSave,
  onDelete,
}: {
  item: MemoryItem;
  onSave: (change: { text: string; kind: MemoryKind }) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t } = useTranslation('memory');
  const textId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(item.text);
  const [kind, setKind] = useState<MemoryKind>(item.kind);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) field.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    setText(item.text);
    setKind(item.kind);
    setError(null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = textError(text, t);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    setSaving(true);
    const saved = await onSave({ text: text.trim(), kind });
    setSaving(false);
    if (saved) setEditing(false);
  };

  if (editing)
    return (
      <li className="iv-memory-item" data-editing="true">
        <form className="iv-memory-edit" onSubmit={(event) => void save(event)} noValidate>
          <MemoryFields
            fieldRef={field}
            multiline
            text={text}
            onText={setText}
            kind={kind}
            onKind={setKind}
            error={error}
            labels={{ text: t('edit.textLabel'), kind: t('edit.kindLabel') }}
          />
          <div className="iv-account-actions">
            <Button type="submit" size="sm" loading={saving}>
              {t('edit.save')}
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {t('edit.cancel')}
            </Button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="iv-memory-item">
      <p className="iv-memory-item__meta">
        <span className="iv-memory-item__kind">{t(`kinds.${item.kind}`)}</span>
        <span className="iv-memory-item__source">{t(`sources.${item.source}`)}</span>
      </p>
      <p className="iv-memory-item__text" id={textId}>
        {item.text}
      </p>
      <div className="iv-memory-item__actions">
        <Button ref={editButton} size="sm" variant="secondary" onClick={start} aria-describedby={textId}>
          {t('edit.open')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-describedby={textId}>
          {t('delete.open')}
        </Button>
      </div>
    </li>
  );
}
