import { noteMessageSent } from '@innerview/api-client';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishI18n } from '../test-support/render-app.tsx';
import { INSTALL_AFTER_MESSAGES, shouldOfferInstall } from './install-offer.ts';
import { InstallOfferBanner } from './install-offer-banner.tsx';
import { captureInstallPrompt, INSTALL_OFFER_KEY } from './install-prompt-capture.ts';

describe('shouldOfferInstall', () => {
  it('offers only with the browser prompt, after a few messages, and never once answered', () => {
    expect(
      shouldOfferInstall({ canPrompt: true, messagesSent: INSTALL_AFTER_MESSAGES, answered: false }),
    ).toBe(true);
    expect(
      shouldOfferInstall({ canPrompt: true, messagesSent: INSTALL_AFTER_MESSAGES - 1, answered: false }),
    ).toBe(false);
    expect(shouldOfferInstall({ canPrompt: false, messagesSent: 10, answered: false })).toBe(false);
    expect(shouldOfferInstall({ canPrompt: true, messagesSent: 10, answered: true })).toBe(false);
  });
});

function browserOffersInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeAll(() => captureInstallPrompt());
beforeEach(() => localStorage.clear());

describe('install offer', () => {
  it('appears after the third message, and Not now is remembered', async () => {
    render(
      <I18nextProvider i18n={englishI18n()}>
        <InstallOfferBanner />
      </I18nextProvider>,
    );
    const event = browserOffersInstall('dismissed');
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      noteMessageSent();
      noteMessageSent();
    });
    expect(screen.queryByRole('region', { name: 'Install Innerview on this device' })).toBeNull();
    act(() => noteMessageSent());
    const offer = await screen.findByRole('region', { name: 'Install Innerview on this device' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer.isConnected).toBe(false);
    expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe('dismissed');
    expect(event.prompt).not.toHaveBeenCalled();
  });

  it('Install opens the browser prompt and remembers the answer', async () => {
    render(
      <I18nextProvider i18n={englishI18n()}>
        <InstallOfferBanner />
      </I18nextProvider>,
    );
    for (let i = 0; i < INSTALL_AFTER_MESSAGES; i += 1) act(() => noteMessageSent());
    const event = browserOffersInstall('accepted');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe('accepted'));
    expect(screen.queryByTestId('install-offer')).toBeNull();
  });
});
