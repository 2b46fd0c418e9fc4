import { emailProblem } from '@innerview/contracts/auth';
import { Button } from '@innerview/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from './auth-fields.tsx';
import { useResendVerification } from './resend-verification.tsx';

/** Resend for an address the user types (a verification link opened in another browser). */
export function ResendVerificationForm({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  const { send, isLoading } = useResendVerification();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    const problem = emailProblem(address);
    setError(problem ? t(`auth.validation.${problem}`) : undefined);
    if (problem) {
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    await send(address);
  };
  return (
    <form className="iv-auth__form" noValidate onSubmit={onSubmit}>
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={error} />
      <Button type="submit" variant="secondary" loading={isLoading}>
        {label}
      </Button>
    </form>
  );
}
