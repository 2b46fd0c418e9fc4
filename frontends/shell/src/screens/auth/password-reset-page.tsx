import { Alert, Button, useToast } from '@innerview/ui';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { useRequestPasswordResetMutation } from './auth-api.ts';
import { apiErrorText, asApiError } from './auth-errors.ts';
import { EmailField } from './auth-fields.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { useCheckedEmail } from './use-checked-email.ts';

/**
 * docs/product.md#password-reset-screens: e-mail and send link (POST /password-recovery/{email}). The
 * server answers the same whether or not the address has an account, and so does this screen.
 */
export function PasswordResetPage() {
  const { t } = useTranslation('shell');
  const { toast } = useToast();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const email = useCheckedEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.checked();
    if (address === null) return;
    const result = await requestReset({ email: address });
    if (result.error) {
      toast({
        title: t('auth.verificationSent.failedTitle'),
        description: `${t('auth.passwordReset.failed')} ${apiErrorText(t, asApiError(result.error))}`,
        variant: 'destructive',
      });
      return;
    }
    setSentTo(address);
  };

  if (sentTo) {
    return (
      <AuthScreen screen="passwordReset" title={t('auth.passwordReset.sentTitle')}>
        <Alert variant="success">
          <Trans
            t={t}
            i18nKey="auth.passwordReset.sentBody"
            values={{ email: sentTo }}
            components={{ email: <span className="iv-auth__email" /> }}
          />
        </Alert>
        <p className="iv-auth__footer">
          <Link to={PATHS.login}>{t('auth.passwordReset.backToLogin')}</Link>
        </p>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      screen="passwordReset"
      title={t('screens.passwordReset')}
      description={t('auth.passwordReset.intro')}
    >
      <form className="iv-auth__form" noValidate onSubmit={onSubmit}>
        <EmailField {...email.field} />
        <Button type="submit" variant="primary" size="lg" block loading={isLoading}>
          {t('auth.passwordReset.submit')}
        </Button>
      </form>
      <p className="iv-auth__footer">
        <Link to={PATHS.login}>{t('auth.passwordReset.backToLogin')}</Link>
      </p>
    </AuthScreen>
  );
}
