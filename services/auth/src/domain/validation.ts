import type { FieldError } from '@innerview/contracts';
import {
  type AuthMessageKey,
  authMessages,
  confirmPasswordProblem,
  NAME_MAX,
  NAME_MIN,
  passwordProblem,
  type SignupInput,
  signupProblems,
} from '@innerview/contracts';
import { z } from 'zod';

/** `{ loc: ['body', field], msg, type }` for one broken rule; `type` is the message key. */
export function fieldError(field: string, key: AuthMessageKey): FieldError {
  return { loc: ['body', field], msg: authMessages[key], type: key };
}

// Mail has to reach the address: beyond spec §5's shape check, it must be one a mailer accepts.
const deliverable = z.email();

/**
 * Every broken sign-up rule of spec §5, as the 422 field list in form order, checked on `today`
 * (YYYY-MM-DD).
 */
export function signupErrors(input: SignupInput, today: string): FieldError[] {
  const problems = signupProblems(input, today);
  if (!problems.email && !deliverable.safeParse(normaliseEmail(input.email ?? '')).success)
    problems.email = 'emailInvalid';
  const order = Object.keys(signupFieldOrder) as Array<keyof SignupInput>;
  return order.flatMap((field) => {
    const key = problems[field];
    return key ? [fieldError(field, key)] : [];
  });
}

const signupFieldOrder: Record<keyof SignupInput, true> = {
  first_name: true,
  last_name: true,
  email: true,
  date_of_birth: true,
  password: true,
  confirm_password: true,
  terms_accepted: true,
  privacy_accepted: true,
};

/** A new password and its confirmation (update and reset forms), by the sign-up rules. */
export function newPasswordFieldErrors(
  password: string,
  confirm: string,
  fields: { password: string; confirm: string },
): FieldError[] {
  const errors: FieldError[] = [];
  const problem = passwordProblem(password);
  if (problem) errors.push(fieldError(fields.password, problem));
  const mismatch = confirmPasswordProblem(password, confirm);
  if (mismatch) errors.push(fieldError(fields.confirm, mismatch));
  return errors;
}

/** A changed first or last name: 2 to 255 characters after trimming (spec §5, §9). */
export function nameFieldError(field: 'first_name' | 'last_name', value: string): FieldError | null {
  const length = [...value.trim()].length;
  if (length >= NAME_MIN && length <= NAME_MAX) return null;
  return fieldError(field, field === 'first_name' ? 'firstNameLength' : 'lastNameLength');
}

/** Addresses are compared without case or surrounding spaces: one account per mailbox. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Today's date in UTC as YYYY-MM-DD, the reference for age rules. */
export function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
