import type { ApiError } from '@innerview/api-client';
import { confirmPasswordProblem, passwordProblem } from '@innerview/contracts/auth';
import { Button } from '@innerview/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewPasswordRequest } from './auth-api.ts';
import { fieldProblems, problemText } from './auth-errors.ts';
import { AuthPasswordField, NewPasswordFields } from './auth-fields.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

const FIELDS = ['current_password', 'new_password', 'confirm_new_password'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
/** A broken rule: a message key, or the server's own words. */
type Problem = Parameters<typeof problemText>[1];

const EMPTY: Values = { current_password: '', new_password: '', confirm_new_password: '' };

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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  /** Shows the problems found (as translation keys) on their fields; true when there were any. */
  const show = (problems: Partial<Record<Field, Problem | null>>) => {
    const found: Errors = {};
    for (const field of FIELDS) {
      const key = problems[field];
      if (key) found[field] = problemText(t, key);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) return false;
    focusFirstInvalid();
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { current_password, new_password, confirm_new_password } = values;
    const invalid = show({
      current_password: askCurrent && current_password === '' ? 'currentPasswordRequired' : null,
      new_password: passwordProblem(new_password),
      confirm_new_password: confirmPasswordProblem(new_password, confirm_new_password),
    });
    if (invalid) return;
    setBusy(true);
    try {
      const error = await onSubmit({
        ...(askCurrent ? { current_password } : {}),
        new_password,
        confirm_new_password,
      });
      if (error) show(fieldProblems(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="iv-auth__form" noValidate onSubmit={submit}>
      {askCurrent && (
        <AuthPasswordField
          label={t('auth.fields.currentPassword')}
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={(event) => set('current_password', event.target.value)}
          error={errors.current_password}
        />
      )}
      <NewPasswordFields
        names={['new_password', 'confirm_new_password']}
        labels={[t('auth.fields.newPassword'), t('auth.fields.confirmNewPassword')]}
        values={values}
        errors={errors}
        onChange={set}
      />
      <Button type="submit" variant="primary" size="lg" block loading={busy}>
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}
