// Test-only: what a front-end test starts from, so nothing one test stored leaks into the next.

import { DEFAULT_API_BASE, setApiBase } from '../config.ts';
import { clearToken, saveToken } from '../token-storage.ts';

/**
 * Empty storage, no token, the default API base and no theme on <html>; `signedIn` stores a token
 * (the remotes' screens are only ever shown to someone signed in).
 */
export function resetBrowserState({ signedIn = false }: { signedIn?: boolean } = {}): void {
  localStorage.clear();
  sessionStorage.clear();
  clearToken();
  setApiBase(DEFAULT_API_BASE);
  document.documentElement.removeAttribute('data-theme');
  if (signedIn) saveToken('test-token', { rememberMe: true });
}
