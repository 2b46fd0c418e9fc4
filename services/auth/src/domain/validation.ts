import type { FieldError } from '@innerview/contracts';
import {
  type AuthMessageKey,
  authMessages,
  confirmPasswordProblem,
  NAME_MAX,
  NAME_MIN,
  passwordProblem,
  personalPasswordProblem,
  type SignupInput,
  signupProblems,
} from '@innerview/contracts';
import { z } from 'zod';

/** `{ loc: ['body', field], msg, type }` for one broken rule; `type` is the message key. */
export function fieldError(field: string, key: AuthMessageKey): FieldError {
  return { loc: ['body', field], msg: authMessages[key], type: key };
}

// Mail has to reach the address: beyond docs/product.md#input-rules's shape check, it must be one a mailer accepts.
const deliverable = z.email();

/**
 * Every broken sign-up rule of docs/product.md#sign-up-form, as the 422 field list in form order, checked on `today`
 * (YYYY-MM-DD).
 */
export function signupErrors(
  input: SignupInput,
  today: string,
  isBreached: (password: string) => boolean = () => false,
): FieldError[] {
  const problems = signupProblems(input, today);
  if (!problems.password && isBreached(input.password ?? '')) problems.password = 'passwordBreached';
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

/** Whose password it is: what it must not contain (ASVS 5.0, docs/adr/0046). */
export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The password's first broken rule: the spec's, then the owner's own details, then the list of
 * leaked passwords (`isBreached`, a local look-up kept out of this pure module).
 */
export function passwordRuleProblem(
  password: string,
  owner: Partial<PasswordOwner>,
  isBreached: (password: string) => boolean,
): AuthMessageKey | null {
  return (
    passwordProblem(password) ??
    personalPasswordProblem(password, owner) ??
    (isBreached(password) ? 'passwordBreached' : null)
  );
}

/** A new password and its confirmation (update and reset forms), by the sign-up rules. */
export function newPasswordFieldErrors(
  password: string,
  confirm: string,
  fields: { password: string; confirm: string },
  owner: PasswordOwner,
  isBreached: (password: string) => boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  const problem = passwordRuleProblem(password, owner, isBreached);
  if (problem) errors.push(fieldError(fields.password, problem));
  const mismatch = confirmPasswordProblem(password, confirm);
  if (mismatch) errors.push(fieldError(fields.confirm, mismatch));
  return errors;
}

/** A changed first or last name: 2 to 255 characters after trimming (docs/product.md#sign-up-form, docs/product.md#people-and-inputs). */
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
