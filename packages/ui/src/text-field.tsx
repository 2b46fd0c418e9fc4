import { type ChangeEvent, type ComponentProps, type ReactNode, useState } from 'react';
import { classNames } from './class-names.ts';
import { describedBy, FieldShell, hasContent, useFieldIds } from './field.tsx';

type FieldOwnProps = {
  /** Visible label; also the accessible name of the control. */
  label: ReactNode;
  /** Help text under the label, read as part of the description. */
  hint?: ReactNode;
  /** Error text: marks the control `aria-invalid` and is tied to it with `aria-describedby`. */
  error?: ReactNode;
  optionalText?: ReactNode;
  /**
   * Shows a character counter against this limit. Unlike the native `maxLength`, typing past it is
   * allowed (the spec wants an error above the limit, not silently cut text); the caller validates.
   */
  characterLimit?: number;
  /** From this many characters the counter warns (default: 90 % of the limit). */
  warnAt?: number;
  /** Counter text, e.g. `(n, max) => t('counter', { n, max })`. Default: "n / max". */
  formatCounter?: (count: number, limit: number) => string;
  /** Said to screen readers (politely) once the warning starts, e.g. "Approaching the limit". */
  counterWarningText?: string;
  /** Class of the field wrapper (label, control, texts). */
  fieldClassName?: string;
};

type InputProps = FieldOwnProps & Omit<ComponentProps<'input'>, keyof FieldOwnProps> & { multiline?: false };
type TextareaProps = FieldOwnProps &
  Omit<ComponentProps<'textarea'>, keyof FieldOwnProps> & { multiline: true };

export type TextFieldProps = InputProps | TextareaProps;

export type CounterState = 'normal' | 'warning' | 'over';

export function counterState(count: number, limit: number, warnAt = Math.floor(limit * 0.9)): CounterState {
  if (count > limit) return 'over';
  if (count >= warnAt) return 'warning';
  return 'normal';
}

/** Text input or textarea with label, hint, error and optional character counter. */
export function TextField(props: TextFieldProps) {
  const {
    label,
    hint,
    error,
    optionalText,
    characterLimit,
    warnAt,
    formatCounter = (count, limit) => `${count} / ${limit}`,
    counterWarningText,
    fieldClassName,
    id,
    className,
    value,
    defaultValue,
    onChange,
    multiline,
    ...rest
  } = props;
  const ids = useFieldIds(id);
  // The counter needs the length in both controlled and uncontrolled use.
  const [ownLength, setOwnLength] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : ownLength;
  const invalid = hasContent(error);
  const state = characterLimit === undefined ? undefined : counterState(length, characterLimit, warnAt);

  const common = {
    id: ids.control,
    className: classNames('iv-input', multiline && 'iv-input--multiline', className),
    value,
    defaultValue,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(
      rest['aria-describedby'],
      hasContent(hint) && ids.hint,
      state !== undefined && ids.counter,
      invalid && ids.error,
    ),
    onChange: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      setOwnLength(event.target.value.length);
      (onChange as ((e: typeof event) => void) | undefined)?.(event);
    },
  };

  const counter =
    characterLimit !== undefined && state !== undefined ? (
      <div className="iv-counter" data-state={state}>
        <span id={ids.counter}>{formatCounter(length, characterLimit)}</span>
        {/* A separate polite region: announcing every keystroke would drown the user. */}
        <span className="iv-visually-hidden" aria-live="polite">
          {state !== 'normal' && counterWarningText ? counterWarningText : ''}
        </span>
      </div>
    ) : undefined;

  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      optionalText={optionalText}
      className={fieldClassName}
      after={counter}
    >
      {multiline ? (
        <textarea {...(rest as ComponentProps<'textarea'>)} {...common} />
      ) : (
        <input {...(rest as ComponentProps<'input'>)} {...common} />
      )}
    </FieldShell>
  );
}
