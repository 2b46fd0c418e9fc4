import { describe, expect, it } from 'vitest';
import {
  ageOn,
  authMessages,
  confirmPasswordProblem,
  dateOfBirthProblem,
  emailProblem,
  passwordProblem,
  signupProblems,
  toLanguageCode,
} from './auth.ts';

const today = '2026-11-21';

describe('date of birth (docs/product.md#sign-up-form)', () => {
  it.each([
    ['', 'Date of birth is required'],
    ['   ', 'Date of birth is required'],
    ['21.11.2000', 'Date must be in YYYY-MM-DD format'],
    ['2000-13-01', 'Date must be in YYYY-MM-DD format'],
    ['2001-02-29', 'Date must be in YYYY-MM-DD format'],
    ['2000-1-01', 'Date must be in YYYY-MM-DD format'],
    ['200-01-01', 'Year must be exactly 4 digits'],
    ['20000-01-01', 'Year must be exactly 4 digits'],
    ['2026-11-22', 'Date cannot be in the future'],
    ['2010-11-22', 'You must be at least 16 years old'],
    ['1905-11-21', 'Age must be 120 years or younger'],
  ])('%j → %s', (value, message) => {
    const key = dateOfBirthProblem(value, today);
    expect(key && authMessages[key]).toBe(message);
  });

  it.each(['2010-11-21', '1906-11-21', '1905-11-22', '2000-02-29', '1990-06-15'])('accepts %s', (value) => {
    expect(dateOfBirthProblem(value, today)).toBeNull();
  });

  it('counts birthdays, including 29 February', () => {
    expect(ageOn('2010-11-21', '2026-11-21')).toBe(16);
    expect(ageOn('2010-11-22', '2026-11-21')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
  });
});

describe('e-mail (docs/product.md#input-rules)', () => {
  it('requires an address', () => {
    expect(authMessages[emailProblem('')!]).toBe('Email is required');
  });
  it.each(['plain', 'a@b', 'a b@c.ch', '@c.ch', 'a@.ch', `${'x'.repeat(256)}@example.ch`])(
    'refuses %s',
    (value) => {
      expect(authMessages[emailProblem(value)!]).toBe('Invalid email address');
    },
  );
  it.each(['anna@example.ch', 'a.b+c@mail.example.com', `${'x'.repeat(255)}@example.ch`])(
    'accepts %s',
    (value) => {
      expect(emailProblem(value)).toBeNull();
    },
  );
});

describe('password (docs/product.md#password-rules)', () => {
  it('requires one', () => {
    expect(authMessages[passwordProblem('')!]).toBe('Password is required');
  });
  it.each(['Short1!', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitOrSymbol', `Aa1${'x'.repeat(38)}`])(
    'refuses %s',
    (value) => {
      expect(passwordProblem(value)).toBe('passwordRule');
    },
  );
  it.each(['Abcdefg1', 'Abcdefg!', `Aa1${'x'.repeat(37)}`, 'Zürich-Berg'])('accepts %s', (value) => {
    expect(passwordProblem(value)).toBeNull();
  });
  it('asks to confirm and to match', () => {
    expect(authMessages[confirmPasswordProblem('Abcdefg1', '')!]).toBe('Please confirm your password');
    expect(authMessages[confirmPasswordProblem('Abcdefg1', 'Abcdefg2')!]).toBe('Passwords do not match');
    expect(confirmPasswordProblem('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('whole sign-up form', () => {
  const valid = {
    first_name: 'Anna',
    last_name: 'Muster',
    email: 'anna@example.ch',
    date_of_birth: '1990-04-02',
    password: 'Secret-123',
    confirm_password: 'Secret-123',
    terms_accepted: true,
    privacy_accepted: true,
  };
  it('passes a valid form', () => {
    expect(signupProblems(valid, today)).toEqual({});
  });
  it('names every broken field with its message', () => {
    const problems = signupProblems(
      {
        ...valid,
        first_name: 'A',
        last_name: 'x'.repeat(256),
        terms_accepted: false,
        privacy_accepted: false,
      },
      today,
    );
    expect(problems).toEqual({
      first_name: 'firstNameLength',
      last_name: 'lastNameLength',
      terms_accepted: 'termsRequired',
      privacy_accepted: 'privacyRequired',
    });
    expect(authMessages.termsRequired).toBe('You must agree to the General Terms and Conditions');
    expect(authMessages.privacyRequired).toBe('You must agree to the Privacy Policy');
  });
});

describe('language codes', () => {
  it.each([
    ['fr-CH', 'fr'],
    ['de_AT', 'de'],
    ['IT', 'it'],
    ['es', 'es'],
    ['pt-BR', null],
    ['', null],
  ])('%s → %s', (input, code) => {
    expect(toLanguageCode(input)).toBe(code);
  });
});
