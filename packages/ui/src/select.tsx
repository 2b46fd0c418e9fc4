import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { describedBy, FieldShell, hasContent, useFieldIds } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<'select'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The choices; or pass `<option>` children instead. */
  options?: readonly SelectOption[];
  fieldClassName?: string;
};

/** A styled native `<select>`: the platform's own picker is the most accessible one on mobile. */
export function Select({
  label,
  hint,
  error,
  options,
  fieldClassName,
  id,
  className,
  children,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id);
  const invalid = hasContent(error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={fieldClassName}>
      <div className="iv-select">
        <select
          {...rest}
          id={ids.control}
          className={classNames('iv-input', 'iv-select__control', className)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            rest['aria-describedby'],
            hasContent(hint) && ids.hint,
            invalid && ids.error,
          )}
        >
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDownIcon className="iv-select__icon" />
      </div>
    </FieldShell>
  );
}
