import { Button, useToast } from '@innerview/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useResendVerificationMutation } from './auth-api.ts';
import { apiErrorText, asApiError } from './auth-errors.ts';

/**
 * Sends a new verification link (`POST /users/verify/resend`) and says so with the docs/product.md#error-messages toasts
 * 'Verification Email Sent' or 'Failed to Send Email'. The server answers alike whether or not the
 * address waits for verification, so the success toast says "if".
 */
export function useResendVerification() {
  const { t } = useTranslation('shell');
  const { toast } = useToast();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const send = useCallback(
    async (email: string) => {
      const result = await resend({ email });
      if (result.error) {
        toast({
          title: t('auth.verificationSent.failedTitle'),
          description: apiErrorText(t, asApiError(result.error)),
          variant: 'destructive',
        });
        return false;
      }
      toast({
        title: t('auth.verificationSent.sentTitle'),
        description: t('auth.verificationSent.sentBody'),
        variant: 'success',
      });
      return true;
    },
    [resend, t, toast],
  );
  return { send, isLoading };
}

/** Resend for an address the screen already has (the login form, the sign-up in this tab). */
export function ResendVerificationButton({ email, label }: { email: string; label: string }) {
  const { send, isLoading } = useResendVerification();
  return (
    <Button variant="secondary" size="sm" loading={isLoading} onClick={() => void send(email)}>
      {label}
    </Button>
  );
}
