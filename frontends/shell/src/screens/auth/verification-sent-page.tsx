import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { AuthScreen } from './auth-screen.tsx';
import { pendingVerificationEmail } from './pending-verification.ts';
import { ResendVerificationButton } from './resend-verification.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/**
 * docs/product.md#e-mail-verification-screens "Email verification: a sent notice with a resend link". The address comes from the
 * sign-up in this tab (session storage); opened elsewhere, the screen asks for it before resending.
 */
export function VerificationSentPage() {
  const { t } = useTranslation('shell');
  const [email] = useState(pendingVerificationEmail);
  return (
    <AuthScreen screen="verificationSent" title={t('screens.verificationSent')}>
      <div className="iv-stack">
        <p>
          {email ? (
            <Trans
              t={t}
              i18nKey="auth.verificationSent.body"
              values={{ email }}
              components={{ email: <span className="iv-auth__email" /> }}
            />
          ) : (
            t('auth.verificationSent.bodyNoAddress')
          )}
        </p>
        <p className="iv-auth__muted">{t('auth.verificationSent.notReceived')}</p>
        {email ? (
          <div className="iv-auth__actions">
            <ResendVerificationButton email={email} label={t('auth.verificationSent.resend')} />
          </div>
        ) : (
          <ResendVerificationForm label={t('auth.verificationSent.resend')} />
        )}
        <p className="iv-auth__footer">
          <Link to={PATHS.login}>{t('auth.verificationSent.backToLogin')}</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
