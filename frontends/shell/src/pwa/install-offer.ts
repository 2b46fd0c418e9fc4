import { messagesSent, onMessageSent } from '@innerview/api-client';
import { useCallback, useSyncExternalStore } from 'react';
import {
  installOfferAnswered,
  installPrompt,
  onInstallPromptChange,
  rememberInstallAnswer,
} from './install-prompt-capture.ts';

/** The install offer comes after this many messages sent in this browser ("chatted a few times"). */
export const INSTALL_AFTER_MESSAGES = 3;

/** Pure: whether to show the offer now. Once answered (or installed) it never comes back. */
export function shouldOfferInstall(state: {
  canPrompt: boolean;
  messagesSent: number;
  answered: boolean;
}): boolean {
  return state.canPrompt && !state.answered && state.messagesSent >= INSTALL_AFTER_MESSAGES;
}

function offeredNow(): boolean {
  return shouldOfferInstall({
    canPrompt: installPrompt() !== null,
    messagesSent: messagesSent(),
    answered: installOfferAnswered(),
  });
}

function subscribe(listener: () => void): () => void {
  const stopPrompt = onInstallPromptChange(listener);
  const stopSent = onMessageSent(listener);
  return () => {
    stopPrompt();
    stopSent();
  };
}

export type InstallOffer = { offered: boolean; install(): Promise<void>; dismiss(): void };

/** The offer's state for the main layout: shown once the person has chatted a few times. */
export function useInstallOffer(): InstallOffer {
  const offered = useSyncExternalStore(subscribe, offeredNow, () => false);
  const install = useCallback(async () => {
    const event = installPrompt();
    if (!event) return;
    await event.prompt();
    rememberInstallAnswer((await event.userChoice).outcome);
  }, []);
  const dismiss = useCallback(() => rememberInstallAnswer('dismissed'), []);
  return { offered, install, dismiss };
}
