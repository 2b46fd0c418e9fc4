import { type ComponentProps, type ReactNode, useState } from 'react';
import { classNames } from './class-names.ts';
import { describedBy, FieldShell, hasContent, useFieldIds } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Accessible name of the toggle while the password is hidden ("Show password"). */
  showLabel: string;
  /** Accessible name of the toggle while the password is shown ("Hide password"). */
  hideLabel: string;
  fieldClassName?: string;
};

/** Password input with a show/hide toggle. Pass `autoComplete` ("current-password" or "new-password"). */
export function PasswordField({
  label,
  hint,
  error,
  showLabel,
  hideLabel,
  fieldClassName,
  id,
  className,
  ...rest
}: PasswordFieldProps) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  const invalid = hasContent(error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} className={fieldClassName}>
      <div className="iv-input-group">
        <input
          {...rest}
          id={ids.control}
          type={visible ? 'text' : 'password'}
          // Keeps browsers from "correcting" a password shown as plain text.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={classNames('iv-input', 'iv-input--with-button', className)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(
            rest['aria-describedby'],
            hasContent(hint) && ids.hint,
            invalid && ids.error,
          )}
        />
        <button
          type="button"
          className="iv-input-group__button"
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={ids.control}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}
