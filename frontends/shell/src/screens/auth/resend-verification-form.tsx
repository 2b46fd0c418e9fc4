import { Button } from '@innerview/ui';
import type { FormEvent } from 'react';
import { EmailField } from './auth-fields.tsx';
import { useResendVerification } from './resend-verification.tsx';
import { useCheckedEmail } from './use-checked-email.ts';

/** Resend for an address the user types (a verification link opened in another browser). */
export function ResendVerificationForm({ label }: { label: string }) {
  const { send, isLoading } = useResendVerification();
  const email = useCheckedEmail();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.checked();
    if (address !== null) await send(address);
  };
  return (
    <form className="iv-auth__form" noValidate onSubmit={onSubmit}>
      <EmailField {...email.field} />
      <Button type="submit" variant="secondary" loading={isLoading}>
        {label}
      </Button>
    </form>
  );
}
