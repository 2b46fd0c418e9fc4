// Not in auth-fields.tsx: the rules module (with zod) must not load with /login (see README).
import { emailProblem } from '@innerview/contracts/auth';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An e-mail field's state for a form that asks for nothing else: spread `field` on the EmailField;
 * `checked()` gives the trimmed address, or shows the rule it breaks, focuses the field and gives null.
 */
export function useCheckedEmail() {
  const { t } = useTranslation('shell');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const checked = () => {
    const address = email.trim();
    const problem = emailProblem(address);
    setError(problem ? t(`auth.validation.${problem}`) : undefined);
    if (!problem) return address;
    ref.current?.focus();
    return null;
  };
  const field = {
    ref,
    value: email,
    error,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setEmail(event.target.value),
  };
  return { field, checked };
}
