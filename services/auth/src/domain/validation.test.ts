import type { SignupInput } from '@innerview/contracts';
import { describe, expect, it } from 'vitest';
import { isBreachedPassword } from '../adapters/security/breached-passwords.ts';
import {
  nameFieldError,
  newPasswordFieldErrors as newPasswordErrors,
  normaliseEmail,
  signupErrors,
} from './validation.ts';

const today = '2026-05-01';
const valid: SignupInput = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  date_of_birth: '1990-12-10',
  password: 'Analytical1',
  confirm_password: 'Analytical1',
  terms_accepted: true,
  privacy_accepted: true,
};

/** The messages for one field when only that field changes. */
function messagesFor(field: keyof SignupInput, value: unknown, extra: Partial<SignupInput> = {}): string[] {
  return signupErrors({ ...valid, ...extra, [field]: value } as SignupInput, today)
    .filter((e) => e.loc[1] === field)
    .map((e) => e.msg);
}

describe('sign-up rules of docs/product.md#sign-up-form, with their messages', () => {
  it('accepts a complete, valid form', () => {
    expect(signupErrors(valid, today)).toEqual([]);
  });

  it('date of birth: required, YYYY-MM-DD, 4-digit year, 16 to 120 years, not in the future', () => {
    expect(messagesFor('date_of_birth', '')).toEqual(['Date of birth is required']);
    expect(messagesFor('date_of_birth', undefined)).toEqual(['Date of birth is required']);
    expect(messagesFor('date_of_birth', '10/12/1990')).toEqual(['Date must be in YYYY-MM-DD format']);
    expect(messagesFor('date_of_birth', '1990-02-30')).toEqual(['Date must be in YYYY-MM-DD format']);
    expect(messagesFor('date_of_birth', '19900-01-01')).toEqual(['Year must be exactly 4 digits']);
    expect(messagesFor('date_of_birth', '990-01-01')).toEqual(['Year must be exactly 4 digits']);
    expect(messagesFor('date_of_birth', '2010-05-02')).toEqual(['You must be at least 16 years old']);
    expect(messagesFor('date_of_birth', '2010-05-01')).toEqual([]);
    expect(messagesFor('date_of_birth', '1906-05-01')).toEqual([]);
    expect(messagesFor('date_of_birth', '1905-05-01')).toEqual(['Age must be 120 years or younger']);
    expect(messagesFor('date_of_birth', '2026-05-02')).toEqual(['Date cannot be in the future']);
  });

  it('email: required, valid, local part at most 255 characters', () => {
    expect(messagesFor('email', '')).toEqual(['Email is required']);
    expect(messagesFor('email', '   ')).toEqual(['Email is required']);
    expect(messagesFor('email', 'ada.example.com')).toEqual(['Invalid email address']);
    expect(messagesFor('email', 'ada@localhost')).toEqual(['Invalid email address']);
    expect(messagesFor('email', 'ada lovelace@example.com')).toEqual(['Invalid email address']);
    expect(messagesFor('email', `${'a'.repeat(255)}@example.com`)).toEqual([]);
    expect(messagesFor('email', `${'a'.repeat(256)}@example.com`)).toEqual(['Invalid email address']);
    expect(messagesFor('email', '  Ada@Example.COM ')).toEqual([]);
  });

  it('password: required; 8 to 40 characters with an upper-case and a lower-case letter and a digit or symbol', () => {
    const rule =
      'Password must be 8 to 40 characters with an uppercase letter, a lowercase letter, and a number or symbol';
    const check = (password: string) => messagesFor('password', password, { confirm_password: password });
    expect(check('')).toEqual(['Password is required']);
    expect(check('Abcdef1')).toEqual([rule]);
    expect(check('Abcdefg1')).toEqual([]);
    expect(check(`Ab1${'c'.repeat(37)}`)).toEqual([]);
    expect(check(`Ab1${'c'.repeat(38)}`)).toEqual([rule]);
    expect(check('abcdefg1')).toEqual([rule]);
    expect(check('ABCDEFG1')).toEqual([rule]);
    expect(check('Abcdefgh')).toEqual([rule]);
    expect(check('Abcdefg!')).toEqual([]);
  });

  it('confirm password: required, equal to the password', () => {
    expect(messagesFor('confirm_password', '')).toEqual(['Please confirm your password']);
    expect(messagesFor('confirm_password', 'Analytical2')).toEqual(['Passwords do not match']);
  });

  it('first and last name: 2 to 255 characters each', () => {
    expect(messagesFor('first_name', 'A')).toEqual(['First name must be 2 to 255 characters']);
    expect(messagesFor('first_name', ' A ')).toEqual(['First name must be 2 to 255 characters']);
    expect(messagesFor('first_name', 'Al')).toEqual([]);
    expect(messagesFor('first_name', 'a'.repeat(255))).toEqual([]);
    expect(messagesFor('first_name', 'a'.repeat(256))).toEqual(['First name must be 2 to 255 characters']);
    expect(messagesFor('last_name', '')).toEqual(['Last name must be 2 to 255 characters']);
    expect(messagesFor('last_name', 'b'.repeat(256))).toEqual(['Last name must be 2 to 255 characters']);
  });

  it('terms and privacy (with the sensitive-data consent) must be accepted', () => {
    expect(messagesFor('terms_accepted', false)).toEqual([
      'You must agree to the General Terms and Conditions',
    ]);
    expect(messagesFor('terms_accepted', undefined)).toEqual([
      'You must agree to the General Terms and Conditions',
    ]);
    expect(messagesFor('privacy_accepted', false)).toEqual(['You must agree to the Privacy Policy']);
  });

  it('lists every broken field at once, in form order, as { loc, msg, type }', () => {
    const errors = signupErrors({}, today);
    expect(errors.map((e) => e.loc)).toEqual([
      ['body', 'first_name'],
      ['body', 'last_name'],
      ['body', 'email'],
      ['body', 'date_of_birth'],
      ['body', 'password'],
      ['body', 'confirm_password'],
      ['body', 'terms_accepted'],
      ['body', 'privacy_accepted'],
    ]);
    expect(errors[2]).toEqual({ loc: ['body', 'email'], msg: 'Email is required', type: 'emailRequired' });
  });
});

describe('new password (update and reset forms)', () => {
  const fields = { password: 'new_password', confirm: 'confirm_new_password' };
  const owner = { email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' };
  const newPasswordFieldErrors = (password: string, confirm: string, f: typeof fields) =>
    newPasswordErrors(password, confirm, f, owner, isBreachedPassword);

  it("refuses control characters, the owner's names or address, and leaked passwords (ASVS 5.0)", () => {
    const first = (password: string) => newPasswordFieldErrors(password, password, fields)[0]?.type;
    expect(first('Good\u0000pass1')).toBe('passwordControlCharacters');
    expect(first('Tab\tinside1')).toBe('passwordControlCharacters');
    expect(first('Lovelace-2024')).toBe('passwordPersonal');
    expect(first('xAda.Lovelace1')).toBe('passwordPersonal');
    expect(first('Password1')).toBe('passwordBreached');
    expect(first('Qwerty123')).toBe('passwordBreached');
    expect(newPasswordFieldErrors('Password1', 'Password1', fields)[0]?.msg).toBe(
      'This password is too common: it appears in lists of leaked passwords. Please choose another',
    );
    expect(first('Velvet-Harbour-92')).toBeUndefined();
  });

  it('applies the sign-up password rules and the confirmation', () => {
    expect(newPasswordFieldErrors('Better1pass', 'Better1pass', fields)).toEqual([]);
    expect(newPasswordFieldErrors('', '', fields).map((e) => e.msg)).toEqual([
      'Password is required',
      'Please confirm your password',
    ]);
    expect(newPasswordFieldErrors('short', 'other', fields)).toEqual([
      {
        loc: ['body', 'new_password'],
        msg: 'Password must be 8 to 40 characters with an uppercase letter, a lowercase letter, and a number or symbol',
        type: 'passwordRule',
      },
      { loc: ['body', 'confirm_new_password'], msg: 'Passwords do not match', type: 'passwordsDiffer' },
    ]);
  });
});

describe('profile names and addresses', () => {
  it('checks a changed name like sign-up does', () => {
    expect(nameFieldError('first_name', 'Grace')).toBeNull();
    expect(nameFieldError('last_name', 'H')?.msg).toBe('Last name must be 2 to 255 characters');
  });

  it('compares addresses without case or surrounding spaces', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
