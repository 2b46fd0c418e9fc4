import { Select, TextField } from '@innerview/ui';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_KINDS, MEMORY_TEXT_MAX, type MemoryKind } from './memory-api.ts';

/** The kind select's options, in the person's language. */
export function kindOptions(t: (key: string) => string) {
  return MEMORY_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));
}

/**
 * An item's text and kind, as both the add form and the in-place editor ask for them: the same
 * limit and counter, the same kinds. The editor's text is a two-line area; the add form's a line.
 */
export function MemoryFields(props: {
  text: string;
  onText: (text: string) => void;
  kind: MemoryKind;
  onKind: (kind: MemoryKind) => void;
  error: string | null;
  labels: { text: string; kind: string; hint?: string };
  fieldRef: Ref<HTMLInputElement> | Ref<HTMLTextAreaElement>;
  multiline?: boolean;
}) {
  const { t } = useTranslation('memory');
  const common = {
    label: props.labels.text,
    hint: props.labels.hint,
    value: props.text,
    error: props.error ?? undefined,
    characterLimit: MEMORY_TEXT_MAX,
    formatCounter: (n: number, max: number) => t('form.counter', { n, max }),
  };
  return (
    <>
      {props.multiline ? (
        <TextField
          {...common}
          ref={props.fieldRef as Ref<HTMLTextAreaElement>}
          multiline
          rows={2}
          onChange={(event) => props.onText(event.target.value)}
        />
      ) : (
        <TextField
          {...common}
          ref={props.fieldRef as Ref<HTMLInputElement>}
          onChange={(event) => props.onText(event.target.value)}
        />
      )}
      <Select
        label={props.labels.kind}
        value={props.kind}
        onChange={(event) => props.onKind(event.target.value as MemoryKind)}
        options={kindOptions(t)}
      />
    </>
  );
}
