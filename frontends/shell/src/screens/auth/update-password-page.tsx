import { api, broadcastLogout, loggedOut, useAppDispatch } from '@innerview/api-client';
import { Button, useToast } from '@innerview/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { type NewPasswordRequest, useUpdatePasswordMutation } from './auth-api.ts';
import { apiErrorText, asApiError } from './auth-errors.ts';
import { AuthScreen } from './auth-screen.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { useGoBack } from './use-go-back.ts';

/**
 * docs/product.md#password-reset-screens (signed in): PATCH /users/me/password. The server then ends every
 * session of the user, this one included, so the screen clears the local session too (other tabs
 * follow) and sends the user to log in with the new password.
 */
export function UpdatePasswordPage() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [updatePassword] = useUpdatePasswordMutation();
  const goBack = useGoBack(PATHS.chat);

  const onSubmit = async (passwords: NewPasswordRequest) => {
    const result = await updatePassword(passwords);
    if (!result.error) {
      broadcastLogout();
      dispatch(loggedOut());
      dispatch(api.util.resetApiState());
      toast({
        title: t('auth.updatePassword.doneTitle'),
        description: t('auth.updatePassword.doneBody'),
        variant: 'success',
      });
      // The login screen at / (where the route guard sends a visitor too, so the two agree).
      await navigate(PATHS.root, { replace: true });
      return null;
    }
    const error = asApiError(result.error);
    if (error.status !== 422) {
      toast({
        title: t('auth.updatePassword.failed'),
        description: apiErrorText(t, error),
        variant: 'destructive',
      });
    }
    return error;
  };

  return (
    <AuthScreen
      screen="updatePassword"
      title={t('screens.updatePassword')}
      description={t('auth.updatePassword.intro')}
    >
      <NewPasswordForm
        submitLabel={t('auth.updatePassword.submit')}
        askCurrent
        onSubmit={onSubmit}
        after={
          <Button variant="ghost" block onClick={goBack}>
            {t('auth.updatePassword.cancel')}
          </Button>
        }
      />
    </AuthScreen>
  );
}
