import type { ApiError } from '@innerview/api-client';
import { confirmPasswordProblem, passwordProblem } from '@innerview/contracts/auth';
import { Button, PasswordField } from '@innerview/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewPasswordRequest } from './auth-api.ts';
import { fieldProblems, problemText } from './auth-errors.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type Errors = { current_password?: string; new_password?: string; confirm_new_password?: string };

export type NewPasswordFormProps = {
  submitLabel: string;
  /** Sends the passwords; resolves with the failure (its 422 field list is shown on the fields), or null. */
  onSubmit: (passwords: NewPasswordRequest) => Promise<ApiError | null>;
  /** Under the submit button (a cancel link). */
  after?: ReactNode;
  /** Signed in: ask for the current password first (re-authentication, docs/adr/0046). */
  askCurrent?: boolean;
};

/**
 * New password and its confirmation (reset and update screens), with the sign-up rules of docs/product.md#input-rules
 * checked by the same functions as the server, and the helper text of docs/product.md#password-rules.
 */
export function NewPasswordForm({ submitLabel, onSubmit, after, askCurrent = false }: NewPasswordFormProps) {
  const { t } = useTranslation('shell');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const currentKey = askCurrent && current === '' ? ('currentPasswordRequired' as const) : null;
    const passwordKey = passwordProblem(password);
    const confirmKey = confirmPasswordProblem(password, confirm);
    const found: Errors = {
      ...(currentKey ? { current_password: problemText(t, currentKey) } : {}),
      ...(passwordKey ? { new_password: problemText(t, passwordKey) } : {}),
      ...(confirmKey ? { confirm_new_password: problemText(t, confirmKey) } : {}),
    };
    setErrors(found);
    if (currentKey || passwordKey || confirmKey) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const error = await onSubmit({
        ...(askCurrent ? { current_password: current } : {}),
        new_password: password,
        confirm_new_password: confirm,
      });
      if (!error) return;
      const fields = fieldProblems(error);
      const fromServer: Errors = {
        ...(fields.current_password ? { current_password: problemText(t, fields.current_password) } : {}),
        ...(fields.new_password ? { new_password: problemText(t, fields.new_password) } : {}),
        ...(fields.confirm_new_password
          ? { confirm_new_password: problemText(t, fields.confirm_new_password) }
          : {}),
      };
      setErrors(fromServer);
      if (fromServer.current_password || fromServer.new_password || fromServer.confirm_new_password)
        focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="iv-auth__form" noValidate onSubmit={submit}>
      {askCurrent && (
        <PasswordField
          label={t('auth.fields.currentPassword')}
          name="current_password"
          autoComplete="current-password"
          showLabel={t('auth.fields.showPassword')}
          hideLabel={t('auth.fields.hidePassword')}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current_password}
        />
      )}
      <PasswordField
        label={t('auth.fields.newPassword')}
        name="new_password"
        autoComplete="new-password"
        hint={t('auth.fields.passwordHint')}
        showLabel={t('auth.fields.showPassword')}
        hideLabel={t('auth.fields.hidePassword')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.new_password}
      />
      <PasswordField
        label={t('auth.fields.confirmNewPassword')}
        name="confirm_new_password"
        autoComplete="new-password"
        showLabel={t('auth.fields.showPassword')}
        hideLabel={t('auth.fields.hidePassword')}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm_new_password}
      />
      <Button type="submit" variant="primary" size="lg" block loading={busy}>
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
