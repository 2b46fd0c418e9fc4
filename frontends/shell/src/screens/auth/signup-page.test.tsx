import type { MessageResponse } from '@innerview/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, findToast, renderShell, resetBrowserState, restoreGlobals } from './auth-test-support.tsx';
import { PENDING_VERIFICATION_KEY } from './pending-verification.ts';
import { localToday } from './today.ts';

beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
});

/** The message an input's aria-describedby points at last (its error). */
function errorOf(element: HTMLElement): string | undefined {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.classList.contains('iv-field__error'))?.textContent;
}

const field = {
  firstName: () => screen.getByRole('textbox', { name: 'First name' }),
  lastName: () => screen.getByRole('textbox', { name: 'Last name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  dateOfBirth: () => screen.getByLabelText('Date of birth'),
  password: () => screen.getByLabelText('Password'),
  confirm: () => screen.getByLabelText('Confirm password'),
  terms: () => screen.getByRole('checkbox', { name: /General Terms and Conditions/ }),
  privacy: () => screen.getByRole('checkbox', { name: /Privacy Policy/ }),
};

function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + days);
  return localToday(date);
}

type Values = Partial<Record<Exclude<keyof typeof field, 'terms' | 'privacy'>, string>> & {
  terms?: boolean;
  privacy?: boolean;
};
const VALID: Values = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.ch',
  dateOfBirth: '1990-12-10',
  password: 'Secret#123',
  confirm: 'Secret#123',
  terms: true,
  privacy: true,
};

async function fill(user: UserEvent, values: Values) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'terms' || name === 'privacy') {
      if (value) await user.click(field[name]());
    } else if (name === 'dateOfBirth') {
      // A native date input: typing depends on the browser; its value is YYYY-MM-DD.
      const input = field.dateOfBirth() as HTMLInputElement;
      await user.clear(input);
      if (value) await user.type(input, value as string);
    } else if (value) {
      await user.click(field[name as 'email']());
      await user.paste(value as string);
    }
  }
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('signup screen', () => {
  it('has every field of docs/product.md#screens-and-navigation with labels, autocomplete and the password helper text of docs/product.md#password-rules', async () => {
    renderShell('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    expect(field.firstName().getAttribute('autocomplete')).toBe('given-name');
    expect(field.lastName().getAttribute('autocomplete')).toBe('family-name');
    expect(field.email().getAttribute('autocomplete')).toBe('email');
    expect(field.dateOfBirth().getAttribute('type')).toBe('date');
    expect(field.dateOfBirth().getAttribute('autocomplete')).toBe('bday');
    expect(field.password().getAttribute('autocomplete')).toBe('new-password');
    expect(field.confirm().getAttribute('autocomplete')).toBe('new-password');
    const hint = document.getElementById(field.password().getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe(
      'At least 8 characters including one uppercase letter, one number and one symbol.',
    );
  });

  it('links the two consents to the terms and privacy pages; privacy asks for explicit consent to sensitive data', async () => {
    renderShell('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    const labelOf = (box: HTMLElement) => document.querySelector<HTMLElement>(`label[for="${box.id}"]`)!;
    const termsLabel = labelOf(field.terms());
    const termsLink = within(termsLabel).getByRole('link');
    expect(termsLink.getAttribute('href')).toBe('/auth/terms-of-service');
    expect(termsLink.textContent).toBe('General Terms and Conditions (opens in a new tab)');
    const privacyLabel = labelOf(field.privacy());
    expect(within(privacyLabel).getByRole('link').getAttribute('href')).toBe('/auth/privacy-policy');
    expect(within(privacyLabel).getByRole('link').textContent).toBe('Privacy Policy (opens in a new tab)');
    expect(privacyLabel.textContent).toContain(
      'explicitly consent to the processing of my sensitive personal data',
    );
    expect(within(privacyLabel).getByRole('link').getAttribute('target')).toBe('_blank');
  });

  it('an empty form: every message of docs/product.md#input-rules, focus on the first field, nothing sent', async () => {
    const api = fakeApi([]);
    renderShell('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await submit(user);
    await waitFor(() => expect(document.activeElement).toBe(field.firstName()));
    expect(errorOf(field.firstName())).toBe('First name must be 2 to 255 characters');
    expect(errorOf(field.lastName())).toBe('Last name must be 2 to 255 characters');
    expect(errorOf(field.email())).toBe('Email is required');
    expect(errorOf(field.dateOfBirth())).toBe('Date of birth is required');
    expect(errorOf(field.password())).toBe('Password is required');
    expect(errorOf(field.confirm())).toBe('Please confirm your password');
    expect(errorOf(field.terms())).toBe('You must agree to the General Terms and Conditions');
    expect(errorOf(field.privacy())).toBe('You must agree to the Privacy Policy');
    expect(api.requests).toHaveLength(0);
  });

  it('a year typed with two digits (the field shows 0090) asks for four digits, not "YYYY-MM-DD"', async () => {
    const api = fakeApi([]);
    renderShell('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, { ...VALID, dateOfBirth: '0090-12-10' });
    await submit(user);
    await waitFor(() => expect(document.activeElement).toBe(field.dateOfBirth()));
    expect(errorOf(field.dateOfBirth())).toBe('Enter the year with four digits, for example 1990.');
    expect(api.requests).toHaveLength(0);
  });

  it('an impossible date (02/30/2000, which the browser empties) says so, not "Date of birth is required"', async () => {
    fakeApi([]);
    renderShell('/signup', { lng: 'fr' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    const input = screen.getByLabelText('Date de naissance') as HTMLInputElement;
    // What Chromium reports for 02/30/2000: no value, and input it could not read (jsdom has no
    // date parsing of its own).
    Object.defineProperty(input, 'validity', { value: { ...input.validity, badInput: true, valid: false } });
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() =>
      expect(errorOf(input)).toBe(
        "Cette date est incomplète ou n'existe pas\u00a0: vérifiez le jour, le mois et l'année.",
      ),
    );
  });

  it.each([
    [{ dateOfBirth: yearsAgo(16, 1) }, 'dateOfBirth', 'You must be at least 16 years old'],
    [{ dateOfBirth: yearsAgo(121) }, 'dateOfBirth', 'Age must be 120 years or younger'],
    [{ dateOfBirth: yearsAgo(-1) }, 'dateOfBirth', 'Date cannot be in the future'],
    [{ email: 'ada@example' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(256)}@example.ch` }, 'email', 'Invalid email address'],
    [
      { password: 'secret123', confirm: 'secret123' },
      'password',
      'Password must be 8 to 40 characters with an uppercase letter, a lowercase letter, and a number or symbol',
    ],
    [{ confirm: 'Secret#124' }, 'confirm', 'Passwords do not match'],
    [{ firstName: 'A' }, 'firstName', 'First name must be 2 to 255 characters'],
    [{ terms: false }, 'terms', 'You must agree to the General Terms and Conditions'],
    [{ privacy: false }, 'privacy', 'You must agree to the Privacy Policy'],
  ] as const)('%o → %s: "%s" and focus there', async (change, name, message) => {
    const api = fakeApi([]);
    renderShell('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, { ...VALID, ...change });
    await submit(user);
    const input = field[name]();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(errorOf(input)).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it('a valid form: the body of the auth service, the success toast, then /auth/verification-sent with resend', async () => {
    const api = fakeApi([
      {
        method: 'POST',
        path: '/users/signup',
        status: 201,
        body: { message: 'Account created.' } satisfies MessageResponse,
      },
      { method: 'POST', path: '/users/verify/resend', body: { message: 'If…' } satisfies MessageResponse },
    ]);
    const { router } = renderShell('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, { ...VALID, email: ' ada@example.ch ' });
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verification-sent'));
    expect(await api.calls('POST', '/users/signup')[0]!.clone().json()).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.ch',
      date_of_birth: '1990-12-10',
      password: 'Secret#123',
      confirm_password: 'Secret#123',
      terms_accepted: true,
      privacy_accepted: true,
      language: 'en',
    });
    expect((await findToast('Account Created Successfully')).variant).toBe('success');
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEY)).toBe('ada@example.ch');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('ada@example.ch')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((await findToast('Verification Email Sent')).variant).toBe('success');
    expect(await api.calls('POST', '/users/verify/resend')[0]!.clone().json()).toEqual({
      email: 'ada@example.ch',
    });
  });

  it("the server's 422: its field message in this language, and 'Signup Failed'", async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/users/signup',
        status: 422,
        body: {
          detail: [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'emailInvalid' }],
          code: 'VALIDATION_ERROR',
        },
      },
    ]);
    renderShell('/signup', { lng: 'fr' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Créer votre compte' });
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.ch');
    await user.type(screen.getByLabelText('Date de naissance'), '1990-12-10');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: /Conditions générales/ }));
    await user.click(screen.getByRole('checkbox', { name: /Politique de confidentialité/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const toast = await findToast("Échec de l'inscription");
    expect(toast.variant).toBe('destructive');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(errorOf(email)).toBe('Adresse e-mail non valide');
  });

  it('a server failure keeps the form and says "Signup Failed"', async () => {
    fakeApi([{ method: 'POST', path: '/users/signup', status: 500, body: { detail: 'boom' } }]);
    const { router } = renderShell('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await fill(user, VALID);
    await submit(user);
    expect((await findToast('Signup Failed')).text).toContain('Internal server error');
    expect(router.state.location.pathname).toBe('/signup');
    expect((field.firstName() as HTMLInputElement).value).toBe('Ada');
  });
});
