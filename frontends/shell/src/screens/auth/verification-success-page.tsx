import { type ApiError, type AppDispatch, useAppDispatch } from '@innerview/api-client';
import { Alert, Button, Spinner, useToast } from '@innerview/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../routing/paths.ts';
import { authApi } from './auth-api.ts';
import { apiErrorText, asApiError, linkProblem } from './auth-errors.ts';
import { AuthScreen } from './auth-screen.tsx';
import { forgetPendingVerification } from './pending-verification.ts';
import { ResendVerificationForm } from './resend-verification-form.tsx';

type Outcome =
  | { kind: 'verified' | 'alreadyVerified' | 'expired' | 'invalid' }
  | { kind: 'failed'; error: ApiError };

// A verification token works once: the same token is sent once per page, even when React mounts
// the screen twice (StrictMode) or the user comes back to it.
const verifications = new Map<string, Promise<Outcome>>();

function verifyOnce(dispatch: AppDispatch, token: string): Promise<Outcome> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = dispatch(authApi.endpoints.verifyEmail.initiate({ token })).then((result) => {
      if (!result.error) return { kind: result.data?.already_verified ? 'alreadyVerified' : 'verified' };
      const error = asApiError(result.error);
      const problem = linkProblem(error);
      if (problem) return { kind: problem };
      // The server could not answer (network, time-out): the same link may work on a retry.
      verifications.delete(token);
      return { kind: 'failed', error };
    });
    verifications.set(token, pending);
  }
  return pending;
}

/**
 * docs/product.md#e-mail-verification-screens "/auth/verification-success": reads `?token=` from the mail's link, calls
 * POST /users/verify and shows 'Email Verified', or the 'Verification Failed' state (expired, or
 * invalid or used) with a way to ask for a new link.
 */
export function VerificationSuccessPage() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'invalid' });

  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyOnce(dispatch, token).then((result) => {
      if (!current) return;
      setOutcome(result);
      if (result.kind === 'verified') {
        forgetPendingVerification();
        toast({ id: 'verification', title: t('auth.verification.verifiedTitle'), variant: 'success' });
      } else if (result.kind === 'alreadyVerified') {
        // Nothing went wrong: one calm state on the page, no toast beside it.
        forgetPendingVerification();
      } else {
        toast({ id: 'verification', title: t('auth.verification.failedTitle'), variant: 'destructive' });
      }
    });
    return () => {
      current = false;
    };
  }, [dispatch, token, toast, t]);

  if (!outcome) {
    return (
      <AuthScreen screen="verificationSuccess" title={t('screens.verificationSuccess')}>
        <div className="iv-auth__status">
          <Spinner size="md" label={t('auth.verification.checking')} />
          <span aria-hidden="true">{t('auth.verification.checking')}</span>
        </div>
      </AuthScreen>
    );
  }
  if (outcome.kind === 'verified' || outcome.kind === 'alreadyVerified') {
    const already = outcome.kind === 'alreadyVerified';
    return (
      <AuthScreen screen="verificationSuccess" title={t('screens.verificationSuccess')}>
        <Alert
          variant={already ? 'info' : 'success'}
          title={t(already ? 'auth.verification.alreadyTitle' : 'auth.verification.verifiedTitle')}
        >
          {t(already ? 'auth.verification.alreadyBody' : 'auth.verification.verifiedBody')}
        </Alert>
        <div className="iv-auth__actions">
          <Button asChild variant="primary" size="lg" block>
            <Link to={PATHS.login}>{t('auth.verification.logIn')}</Link>
          </Button>
        </div>
      </AuthScreen>
    );
  }
  const reason =
    outcome.kind === 'failed' ? apiErrorText(t, outcome.error) : t(`auth.verification.${outcome.kind}`);
  return (
    <AuthScreen screen="verificationSuccess" title={t('auth.verification.failedTitle')}>
      <div className="iv-stack">
        {/* The heading and the toast already say 'Verification Failed': the alert gives the reason. */}
        <Alert variant="error">{reason}</Alert>
        {outcome.kind === 'failed' ? (
          <div className="iv-auth__actions">
            {/* The server did not answer: the same link is tried again with the page. */}
            <Button variant="primary" onClick={() => window.location.reload()}>
              {t('auth.login.tryAgain')}
            </Button>
          </div>
        ) : (
          <ResendVerificationForm label={t('auth.verification.requestNew')} />
        )}
        <p className="iv-auth__footer">
          <Link to={PATHS.login}>{t('auth.verificationSent.backToLogin')}</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
