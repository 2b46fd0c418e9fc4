import { Checkbox as RadixCheckbox } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { describedBy, FieldError, hasContent, useFieldIds } from './field.tsx';
import { CheckIcon } from './icons.tsx';

export type CheckboxProps = Omit<
  ComponentProps<typeof RadixCheckbox.Root>,
  'checked' | 'defaultChecked' | 'onCheckedChange' | 'children'
> & {
  /** Visible label (may hold links, e.g. to the terms). */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  fieldClassName?: string;
};

/** Checkbox with label, hint and error; in a `<form>` with a `name` it submits like a native one. */
export function Checkbox({
  label,
  hint,
  error,
  onCheckedChange,
  fieldClassName,
  id,
  className,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds(id);
  const invalid = hasContent(error);
  return (
    <div className={classNames('iv-checkbox-field', invalid && 'iv-field--invalid', fieldClassName)}>
      <div className="iv-checkbox-field__row">
        <RadixCheckbox.Root
          {...rest}
          id={ids.control}
          className={classNames('iv-checkbox', className)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            rest['aria-describedby'],
            hasContent(hint) && ids.hint,
            invalid && ids.error,
          )}
          onCheckedChange={(state) => onCheckedChange?.(state === true)}
        >
          <RadixCheckbox.Indicator className="iv-checkbox__indicator">
            <CheckIcon />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <label className="iv-checkbox-field__label" htmlFor={ids.control}>
          {label}
        </label>
      </div>
      {hasContent(hint) && (
        <p className="iv-field__hint iv-checkbox-field__text" id={ids.hint}>
          {hint}
        </p>
      )}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
