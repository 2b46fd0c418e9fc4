import { type SignupInput, signupProblems } from '@innerview/contracts/auth';
import { Button, Checkbox, TextField, useToast, VisuallyHidden } from '@innerview/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useSignUpMutation } from './auth-api.ts';
import { apiErrorText, asApiError, fieldProblems, problemText } from './auth-errors.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { rememberPendingVerification } from './pending-verification.ts';
import { localToday } from './today.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

type Field = keyof SignupInput;
type Values = {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  password: string;
  confirm_password: string;
  terms_accepted: boolean;
  privacy_accepted: boolean;
};

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  email: '',
  date_of_birth: '',
  password: '',
  confirm_password: '',
  terms_accepted: false,
  privacy_accepted: false,
};

/**
 * A link to a legal page inside a consent label (`<doc>…</doc>` in the texts: `<link>` would be read
 * as the void HTML element); a new tab keeps what was typed in the form.
 */
function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> {t('auth.signup.opensInNewTab')}</VisuallyHidden>
    </Link>
  );
}

/**
 * What the native date field shows but its value cannot say, as a key under `auth.validation`.
 * Chromium empties the value of a date that is incomplete or does not exist (02/30/2000) and flags
 * it `badInput`; a year typed with two digits stays 00YY. The shared rules (written for the API's
 * YYYY-MM-DD) would call these "Date of birth is required" and "Date must be in YYYY-MM-DD format",
 * which is not what the person sees in the field (issue 20).
 */
export function dateFieldProblem(input: HTMLInputElement | null | undefined, value: string) {
  if (value === '' && input?.validity.badInput) return 'dateOfBirthUnreadable';
  if (/^0\d{3}-/.test(value)) return 'dateOfBirthYearShort';
  return null;
}

/**
 * docs/product.md#sign-up-screen with the rules and messages of docs/product.md#sign-up-form, checked here with the same functions as the
 * server (`@innerview/contracts/auth`) and again by the server. Then /auth/verification-sent.
 */
export function SignupPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const { toast } = useToast();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const today = localToday();

  const set =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const input = { ...values, email: values.email.trim() };
    const problems = signupProblems(input, localToday());
    const found: Partial<Record<Field, string>> = {};
    for (const [field, key] of Object.entries(problems)) found[field as Field] = problemText(t, key);
    const dateInput = form.current?.elements.namedItem('date_of_birth');
    const dateProblem = dateFieldProblem(
      dateInput instanceof HTMLInputElement ? dateInput : null,
      values.date_of_birth,
    );
    if (dateProblem) found.date_of_birth = t(`auth.validation.${dateProblem}`);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const result = await signUp({ ...input, language: i18n.resolvedLanguage ?? 'en' });
    if (result.error) {
      const error = asApiError(result.error);
      const fromServer: Partial<Record<Field, string>> = {};
      for (const [field, problem] of Object.entries(fieldProblems(error))) {
        if (field in EMPTY) fromServer[field as Field] = problemText(t, problem);
      }
      setErrors(fromServer);
      if (Object.keys(fromServer).length > 0) focusFirstInvalid();
      toast({
        title: t('auth.signup.failedTitle'),
        description: apiErrorText(t, error),
        variant: 'destructive',
      });
      return;
    }
    rememberPendingVerification(input.email);
    toast({
      title: t('auth.signup.createdTitle'),
      description: t('auth.signup.createdBody'),
      variant: 'success',
    });
    await navigate(PATHS.verificationSent);
  };

  return (
    <AuthScreen screen="signup" size="wide" title={t('screens.signup')} description={t('auth.signup.intro')}>
      <form ref={form} className="iv-auth__form" noValidate onSubmit={onSubmit}>
        <div className="iv-auth__row">
          <TextField
            label={t('auth.signup.firstName')}
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={(event) => set('first_name')(event.target.value)}
            error={errors.first_name}
          />
          <TextField
            label={t('auth.signup.lastName')}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={(event) => set('last_name')(event.target.value)}
            error={errors.last_name}
          />
        </div>
        <EmailField
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          error={errors.email}
        />
        <TextField
          label={t('auth.signup.dateOfBirth')}
          type="date"
          name="date_of_birth"
          autoComplete="bday"
          max={today}
          value={values.date_of_birth}
          onChange={(event) => set('date_of_birth')(event.target.value)}
          error={errors.date_of_birth}
        />
        <NewPasswordFields
          names={['password', 'confirm_password']}
          labels={[t('auth.fields.password'), t('auth.signup.confirmPassword')]}
          values={values}
          errors={errors}
          onChange={(field, value) => set(field)(value)}
        />
        <Checkbox
          name="terms_accepted"
          label={
            <Trans
              t={t}
              i18nKey="auth.signup.terms"
              components={{ doc: <LegalLink to={PATHS.termsOfService} /> }}
            />
          }
          checked={values.terms_accepted}
          onCheckedChange={set('terms_accepted')}
          error={errors.terms_accepted}
        />
        <Checkbox
          name="privacy_accepted"
          label={
            <Trans
              t={t}
              i18nKey="auth.signup.privacy"
              components={{ doc: <LegalLink to={PATHS.privacyPolicy} /> }}
            />
          }
          checked={values.privacy_accepted}
          onCheckedChange={set('privacy_accepted')}
          error={errors.privacy_accepted}
        />
        <Button type="submit" variant="primary" size="lg" block loading={isLoading}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <p className="iv-auth__footer">
        {t('auth.signup.haveAccount')} <Link to={PATHS.login}>{t('auth.signup.logIn')}</Link>
      </p>
    </AuthScreen>
  );
}
