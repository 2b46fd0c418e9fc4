// Kept apart from the offer's React code so the tiny entry script (index.ts) can start listening
// at once without pulling React or the API client into the first download.

export const INSTALL_OFFER_KEY = 'innerview.installOffer';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

// The browser fires `beforeinstallprompt` once per page, possibly before React has rendered: it
// is kept here from the start until the offer is shown and answered.
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the person already answered the offer (or installed the app): it never comes back. */
export function installOfferAnswered(): boolean {
  try {
    return localStorage.getItem(INSTALL_OFFER_KEY) !== null;
  } catch {
    return true;
  }
}

export function rememberInstallAnswer(answer: 'accepted' | 'dismissed' | 'installed'): void {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, answer);
  } catch {
    // Storage blocked: the offer is gone for this page anyway (the event is used up).
  }
  deferred = null;
  notify();
}

/** Starts listening for the browser's install events; call once, as early as possible. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers it at a better moment.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => rememberInstallAnswer('installed'));
}
