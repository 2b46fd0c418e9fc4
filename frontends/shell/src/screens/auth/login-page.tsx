import { type ApiError, useAppDispatch } from '@innerview/api-client';
import {
  Alert,
  Button,
  Checkbox,
  LinkButton,
  TOAST_LOCK_MS,
  TOAST_WARNING_MS,
  useToast,
} from '@innerview/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useSignInMutation } from './auth-api.ts';
import { apiErrorText, asApiError, type LoginFailure, loginFailure, problemText } from './auth-errors.ts';
import { AuthPasswordField, EmailField } from './auth-fields.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { finishSignIn } from './finish-sign-in.ts';
import { ResendVerificationButton } from './resend-verification.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';

/** Where "Contact support" leads (the address the legal texts name). */
export const SUPPORT_MAILTO = 'mailto:support@innerview.ch';
/**
 * The shared rules (`@innerview/contracts/auth`) load with the first submit, not with the page:
 * that module also holds the server's zod schemas, which would add zod to the JavaScript of /login
 * (web budget). If it cannot load, the server checks the same rule and answers in the same words.
 */
async function loginEmailIsValid(address: string): Promise<boolean> {
  try {
    const { isValidEmail } = await import('@innerview/contracts/auth');
    return isValidEmail(address);
  } catch {
    return true;
  }
}

// One toast for the latest failed attempt: a new attempt replaces it instead of stacking.
const FAILURE_TOAST_ID = 'login-failure';

type FieldErrors = { email?: string; password?: string };

/**
 * docs/product.md#sign-in-screen: e-mail, password, remember me, the forgot-password and create-account links,
 * and the lockout and warning messages of docs/product.md#sign-in-errors with their toast durations (docs/product.md#numbers-and-limits). After login,
 * postLoginRoute decides where the user goes (finish-sign-in.ts).
 */
export function LoginPage({ level = 1 }: { level?: 1 | 2 } = {}) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [signIn] = useSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // The latest refusal, kept on the form (the toast goes after a few seconds) until the person
  // types again: a wrong password under the password field, anything else above the fields.
  const [refusal, setRefusal] = useState<{ text: string; onPassword: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const focusPassword = () => {
    passwordInput.current?.focus();
    passwordInput.current?.select();
  };

  const showFailure = (error: ApiError) => {
    const found = loginFailure(error);
    setFailure(found);
    switch (found.kind) {
      case 'locked':
        toast({
          id: FAILURE_TOAST_ID,
          title: t('auth.login.lockedTitle'),
          description: t('auth.login.lockedBody', { count: found.minutes }),
          variant: 'destructive',
          durationMs: TOAST_LOCK_MS,
          action: {
            label: t('auth.login.contactSupport'),
            onClick: () => window.location.assign(SUPPORT_MAILTO),
          },
        });
        return;
      case 'notVerified':
      case 'deleted':
        return;
      case 'incorrect':
        setRefusal({
          text:
            found.warning && found.remainingAttempts !== null
              ? t('auth.login.warningBody', { count: found.remainingAttempts })
              : t(found.recognised ? 'auth.login.incorrect' : 'auth.login.invalidFallback'),
          onPassword: true,
        });
        if (found.warning && found.remainingAttempts !== null) {
          toast({
            id: FAILURE_TOAST_ID,
            title: t('auth.login.warningTitle'),
            description: t('auth.login.warningBody', { count: found.remainingAttempts }),
            variant: 'destructive',
            durationMs: TOAST_WARNING_MS,
          });
        } else {
          toast({
            id: FAILURE_TOAST_ID,
            title: t('auth.login.errorTitle'),
            description: t(found.recognised ? 'auth.login.incorrect' : 'auth.login.invalidFallback'),
            variant: 'destructive',
            action: { label: t('auth.login.tryAgain'), onClick: focusPassword },
          });
        }
        focusPassword();
        return;
      case 'invalid':
        setErrors({
          ...(found.fields.username ? { email: problemText(t, found.fields.username) } : {}),
          ...(found.fields.password ? { password: problemText(t, found.fields.password) } : {}),
        });
        focusFirstInvalid();
        return;
      case 'other':
        setRefusal({ text: apiErrorText(t, found.error), onPassword: false });
        toast({
          id: FAILURE_TOAST_ID,
          title: t('auth.login.errorTitle'),
          description: apiErrorText(t, found.error),
          variant: 'destructive',
        });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first attempt runs would count as a second failed attempt.
    if (submitting.current) return;
    submitting.current = true;
    try {
      await submit();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const submit = async () => {
    const address = email.trim();
    const found: FieldErrors = {};
    if (!(await loginEmailIsValid(address))) found.email = t('auth.validation.loginEmailInvalid');
    if (password === '') found.password = t('auth.validation.passwordRequired');
    setErrors(found);
    if (found.email || found.password) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setFailure(null);
    setRefusal(null);
    const result = await signIn({ email: address, password, rememberMe });
    if (result.error) {
      showFailure(asApiError(result.error));
      return;
    }
    const outcome = await finishSignIn(dispatch, result.data.access_token, rememberMe);
    if (outcome.ok) {
      await navigate(outcome.to, { replace: true });
      return;
    }
    const text = outcome.error ? apiErrorText(t, outcome.error) : t('auth.errors.unknown');
    setRefusal({ text, onPassword: false });
    toast({
      id: FAILURE_TOAST_ID,
      title: t('auth.login.errorTitle'),
      description: text,
      variant: 'destructive',
    });
  };

  return (
    <AuthScreen screen="login" title={t('screens.login')} description={t('auth.login.intro')} level={level}>
      <form ref={form} className="iv-auth__form" noValidate onSubmit={onSubmit}>
        {refusal && !refusal.onPassword && (
          <Alert variant="error" title={t('auth.login.errorTitle')}>
            {refusal.text}
          </Alert>
        )}
        {failure?.kind === 'locked' && (
          <Alert
            variant="error"
            title={t('auth.login.lockedTitle')}
            actions={<a href={SUPPORT_MAILTO}>{t('auth.login.contactSupport')}</a>}
          >
            {t('auth.login.lockedBody', { count: failure.minutes })}
          </Alert>
        )}
        {failure?.kind === 'deleted' && (
          <Alert
            variant="error"
            title={t('auth.login.deletedTitle')}
            actions={<a href={SUPPORT_MAILTO}>{t('auth.login.contactSupport')}</a>}
          >
            {t('auth.login.deletedBody')}
          </Alert>
        )}
        {failure?.kind === 'notVerified' && (
          <Alert
            variant="warning"
            title={t('auth.login.notVerifiedTitle')}
            actions={<ResendVerificationButton email={email.trim()} label={t('auth.login.resend')} />}
          >
            {t('auth.login.notVerifiedBody')}
          </Alert>
        )}
        <EmailField
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setRefusal(null);
          }}
          error={errors.email}
        />
        <AuthPasswordField
          ref={passwordInput}
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setRefusal(null);
          }}
          error={
            errors.password ?? (refusal?.onPassword ? <span role="alert">{refusal.text}</span> : undefined)
          }
        />
        <div className="iv-auth__inline">
          <Checkbox
            name="remember_me"
            label={t('auth.login.rememberMe')}
            hint={t('auth.login.rememberMeHint')}
            checked={rememberMe}
            onCheckedChange={setRememberMe}
          />
          <LinkButton asChild>
            <Link to={PATHS.passwordReset}>{t('auth.login.forgotPassword')}</Link>
          </LinkButton>
        </div>
        <Button type="submit" variant="primary" size="lg" block loading={busy}>
          {t('auth.login.submit')}
        </Button>
      </form>
      {/* Beside the landing page, its own call to start the trial says this already. */}
      {level === 1 && (
        <p className="iv-auth__footer">
          {t('auth.login.noAccount')} <Link to={PATHS.signup}>{t('auth.login.createAccount')}</Link>
        </p>
      )}
    </AuthScreen>
  );
}
