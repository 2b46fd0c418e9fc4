import { type ReactNode, useId } from 'react';
import { classNames } from './class-names.ts';

// Shared wiring of every form field: one id per part, so the label names the control and the
// hint, counter and error describe it (aria-describedby), whatever the control is.

export type FieldIds = {
  control: string;
  hint: string;
  error: string;
  counter: string;
};

export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const control = id ?? `iv-field-${generated}`;
  return { control, hint: `${control}-hint`, error: `${control}-error`, counter: `${control}-counter` };
}

/** The ids for aria-describedby: the caller's own ids first, then hint, counter and error. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

export type FieldShellProps = {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown next to the label for optional fields ("optional"), translated by the caller. */
  optionalText?: ReactNode;
  className?: string;
  children: ReactNode;
  after?: ReactNode;
};

export function FieldShell({
  ids,
  label,
  hint,
  error,
  optionalText,
  className,
  children,
  after,
}: FieldShellProps) {
  const invalid = hasContent(error);
  return (
    <div className={classNames('iv-field', invalid && 'iv-field--invalid', className)}>
      <label className="iv-field__label" htmlFor={ids.control}>
        {label}
        {hasContent(optionalText) && <span className="iv-field__optional"> {optionalText}</span>}
      </label>
      {hasContent(hint) && (
        <p className="iv-field__hint" id={ids.hint}>
          {hint}
        </p>
      )}
      {children}
      {after}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: ReactNode }) {
  if (!hasContent(error)) return null;
  return (
    <p className="iv-field__error" id={id}>
      {error}
    </p>
  );
}

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}
