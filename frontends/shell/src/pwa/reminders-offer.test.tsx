import { installFakePush } from '@innerview/api-client/testing/fake-push';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, resetBrowserState, restoreGlobals, testI18n } from '../screens/auth/auth-test-support.tsx';
import { RemindersOffer } from './reminders-offer.tsx';

let push: ReturnType<typeof installFakePush> | undefined;
beforeEach(resetBrowserState);
afterEach(() => {
  restoreGlobals();
  push?.restore();
  push = undefined;
});

const show = (lng: 'en' | 'fr' = 'en') =>
  render(
    <I18nextProvider i18n={testI18n(lng)}>
      <RemindersOffer />
    </I18nextProvider>,
  );

describe('the one-time reminders offer after the trial starts (docs/product.md#reminders)', () => {
  it('explains itself, asks the browser only on "Turn on", and is offered once per browser', async () => {
    push = installFakePush();
    fakeApi([
      { method: 'GET', path: '/push/key', body: { public_key: `B${'A'.repeat(86)}` } },
      { method: 'POST', path: '/push/subscriptions', status: 201, body: { created: true } },
    ]);
    show();
    const offer = await screen.findByRole('region', { name: 'A reminder before your trial ends?' });
    expect(offer.textContent).toContain('It never shows what you wrote');
    expect(push.prompts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on reminders' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reminders are on for this device.');
    expect(push.prompts).toEqual(['asked']);

    cleanup();
    show();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('"Not now" closes it without asking; a refusal says reminders come by e-mail', async () => {
    push = installFakePush({ answer: 'denied' });
    show('fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Pas maintenant' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(push.prompts).toEqual([]);

    localStorage.clear();
    cleanup();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on reminders' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Notifications are blocked in this browser, so reminders come by email.',
    );
  });

  it('is not offered where the browser cannot do it, or was already asked', async () => {
    push = installFakePush({ supported: false });
    show();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
    cleanup();
    push.restore();
    push = installFakePush({ permission: 'denied' });
    show();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
