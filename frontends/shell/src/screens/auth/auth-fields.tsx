import { PasswordField, type PasswordFieldProps, TextField, type TextFieldProps } from '@innerview/ui';
import { useTranslation } from 'react-i18next';

/** The e-mail address input of the accounts screens (sign-in passes `autoComplete="username"`). */
export function EmailField(
  props: Omit<Extract<TextFieldProps, { multiline?: false }>, 'label' | 'type' | 'name'>,
) {
  const { t } = useTranslation('shell');
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A password input of the accounts screens: its show/hide toggle is named in the shell's texts. */
export function AuthPasswordField(props: Omit<PasswordFieldProps, 'showLabel' | 'hideLabel'>) {
  const { t } = useTranslation('shell');
  return (
    <PasswordField
      {...props}
      showLabel={t('auth.fields.showPassword')}
      hideLabel={t('auth.fields.hidePassword')}
    />
  );
}

export type NewPasswordFieldsProps<Name extends string> = {
  /** The form's names of the new password and of its confirmation, in that order. */
  names: readonly [Name, Name];
  labels: readonly [string, string];
  values: { [N in Name]: string };
  errors: { [N in Name]?: string };
  onChange: (name: Name, value: string) => void;
};

/**
 * A new password, with the helper text of docs/product.md#password-rules, and its confirmation:
 * the same pair on the sign-up, reset and update screens.
 */
export function NewPasswordFields<Name extends string>({
  names,
  labels,
  values,
  errors,
  onChange,
}: NewPasswordFieldsProps<Name>) {
  const { t } = useTranslation('shell');
  return names.map((name, index) => (
    <AuthPasswordField
      key={name}
      label={labels[index]}
      name={name}
      autoComplete="new-password"
      hint={index === 0 ? t('auth.fields.passwordHint') : undefined}
      value={values[name]}
      onChange={(event) => onChange(name, event.target.value)}
      error={errors[name]}
    />
  ));
}
