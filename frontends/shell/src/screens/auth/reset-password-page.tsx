import { Alert, Button, useToast } from '@innerview/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { type NewPasswordRequest, useResetPasswordMutation } from './auth-api.ts';
import { apiErrorText, asApiError, linkProblem } from './auth-errors.ts';
import { AuthScreen } from './auth-screen.tsx';
import { NewPasswordForm } from './new-password-form.tsx';

/**
 * docs/product.md#password-reset-screens: reads `?token=` from the mail's link; new and confirm
 * password (POST /reset-password/); the expired-link and invalid-or-used-link states of docs/product.md#password-and-account-errors. A
 * reset unlocks the account and ends every session, so the user logs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { toast } = useToast();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [resetPassword] = useResetPasswordMutation();
  const [linkState, setLinkState] = useState<'expired' | 'invalid' | null>(token ? null : 'invalid');

  const onSubmit = async (passwords: NewPasswordRequest) => {
    const result = await resetPassword({ token, ...passwords });
    if (!result.error) {
      toast({
        title: t('auth.resetPassword.doneTitle'),
        description: t('auth.resetPassword.doneBody'),
        variant: 'success',
      });
      await navigate(PATHS.login, { replace: true });
      return null;
    }
    const error = asApiError(result.error);
    const problem = linkProblem(error);
    if (problem) {
      setLinkState(problem);
      return null;
    }
    if (error.status !== 422) {
      toast({
        title: t('auth.resetPassword.failed'),
        description: apiErrorText(t, error),
        variant: 'destructive',
      });
    }
    return error;
  };

  if (linkState) {
    return (
      <AuthScreen screen="resetPassword" title={t(`auth.resetPassword.${linkState}Title`)}>
        <Alert variant="error">{t(`auth.resetPassword.${linkState}`)}</Alert>
        <div className="iv-auth__actions">
          <Button asChild variant="primary" size="lg" block>
            <Link to={PATHS.passwordReset}>{t('auth.resetPassword.requestNew')}</Link>
          </Button>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      screen="resetPassword"
      title={t('screens.resetPassword')}
      description={t('auth.resetPassword.intro')}
    >
      <NewPasswordForm submitLabel={t('auth.resetPassword.submit')} onSubmit={onSubmit} />
    </AuthScreen>
  );
}
