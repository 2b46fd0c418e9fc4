import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  broadcastLogoutSignal,
  clearToken,
  LOGOUT_SIGNAL_KEY,
  onTokenChangeInOtherTab,
  REMEMBER_ME_KEY,
  readToken,
  saveToken,
  TOKEN_EXPIRY_KEY,
  TOKEN_KEY,
} from './token-storage.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * What closing and reopening the browser does: session storage is gone, local storage stays (and
 * so may session cookies, which browsers restore with "continue where you left off").
 */
function restartBrowser() {
  sessionStorage.clear();
}

/** What a new tab of the same browser sees: shared local storage, its own session storage. */
function openNewTab() {
  sessionStorage.clear();
}

beforeEach(() => {
  localStorage.clear();
  restartBrowser();
});
afterEach(() => vi.useRealTimers());

describe('saveToken / readToken', () => {
  it('without remember me keeps the token in session storage only (ADR 51)', () => {
    saveToken('tok-1', { rememberMe: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(localStorage.length).toBe(0);
    expect(readToken()).toBe('tok-1');
  });

  it('remember me keeps the token in both stores', () => {
    saveToken('tok-r', { rememberMe: true });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-r');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-r');
    expect(readToken()).toBe('tok-r');
  });

  it('remember me stores the flag and an expiry 10 days ahead', () => {
    const now = Date.UTC(2026, 0, 1);
    saveToken('tok-r', { rememberMe: true }, now);
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBe('true');
    expect(Number(localStorage.getItem(TOKEN_EXPIRY_KEY))).toBe(now + 10 * DAY);
  });

  it('a remembered token survives a browser restart for 10 days', () => {
    const now = Date.UTC(2026, 0, 1);
    saveToken('tok-r', { rememberMe: true }, now);
    restartBrowser();
    expect(readToken(now + 10 * DAY - 1)).toBe('tok-r');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-r');
  });

  it('a remembered token older than 10 days is cleared at the next read', () => {
    const now = Date.UTC(2026, 0, 1);
    saveToken('tok-r', { rememberMe: true }, now);
    expect(readToken(now + 10 * DAY + 1)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REMEMBER_ME_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_EXPIRY_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    // Stays cleared, even back in time.
    expect(readToken(now)).toBeNull();
  });

  it('uses the real clock by default', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    saveToken('tok-r', { rememberMe: true });
    vi.setSystemTime(Date.UTC(2026, 0, 11, 0, 0, 1));
    expect(readToken()).toBeNull();
  });

  it('a remembered token with a broken expiry is cleared', () => {
    saveToken('tok-r', { rememberMe: true });
    localStorage.setItem(TOKEN_EXPIRY_KEY, 'soon');
    expect(readToken()).toBeNull();
  });

  it('a token without remember me stays in its tab: a new tab asks for a login', () => {
    saveToken('tok-1', { rememberMe: false });
    openNewTab();
    expect(readToken()).toBeNull();
  });

  it('a token without remember me does not outlive the browser session', () => {
    saveToken('tok-1', { rememberMe: false });
    restartBrowser();
    expect(readToken()).toBeNull();
  });

  it('logging in again without remember me drops the earlier remembered token, flag and expiry', () => {
    saveToken('tok-r', { rememberMe: true });
    saveToken('tok-2', { rememberMe: false });
    expect(localStorage.length).toBe(0);
    expect(readToken()).toBe('tok-2');
    restartBrowser();
    expect(readToken()).toBeNull();
  });

  it('removes a token an earlier version kept in local storage for a login without remember me', () => {
    localStorage.setItem(TOKEN_KEY, 'tok-old');
    expect(readToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('when another tab removed the remembered token, this tab drops its own copy', () => {
    saveToken('tok-1', { rememberMe: true });
    localStorage.removeItem(TOKEN_KEY);
    expect(readToken()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("another tab's logout does not drop this tab's token without remember me", () => {
    saveToken('tok-1', { rememberMe: false });
    localStorage.removeItem(TOKEN_KEY);
    expect(readToken()).toBe('tok-1');
  });

  it('a newer token written by another tab wins over this tab’s copy', () => {
    saveToken('old', { rememberMe: true });
    localStorage.setItem(TOKEN_KEY, 'new');
    expect(readToken()).toBe('new');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('new');
  });

  it('falls back to session storage when local storage is unusable', () => {
    const realSetItem = Storage.prototype.setItem;
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key,
      value,
    ) {
      if (this === localStorage) throw new DOMException('quota', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    try {
      saveToken('tok-s', { rememberMe: true });
      expect(sessionStorage.getItem(TOKEN_KEY)).toBe('tok-s');
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(readToken()).toBe('tok-s');
    } finally {
      setItem.mockRestore();
    }
    // Once local storage takes writes again, the next remembered login is shared again.
    saveToken('tok-2', { rememberMe: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-2');
  });

  it('refuses an empty token', () => {
    expect(() => saveToken(' ', { rememberMe: false })).toThrow();
  });
});

describe('clearToken', () => {
  it('removes the token, flag and expiry everywhere and says whether other tabs were told', () => {
    saveToken('tok-r', { rememberMe: true });
    expect(clearToken()).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(readToken()).toBeNull();
    expect(clearToken()).toBe(false);
  });
});

describe('onTokenChangeInOtherTab', () => {
  function storageEvent(key: string | null, oldValue: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
  }

  it('reports a logout (token removed) and a login (new token) in another tab', () => {
    const seen: Array<string | null> = [];
    const stop = onTokenChangeInOtherTab((token) => seen.push(token));
    storageEvent(TOKEN_KEY, 'tok-1', null);
    storageEvent(TOKEN_KEY, null, 'tok-2');
    storageEvent(null, null, null);
    stop();
    storageEvent(TOKEN_KEY, 'tok-2', null);
    expect(seen).toEqual([null, 'tok-2', null]);
  });

  it('reports the explicit logout signal and ignores other keys', () => {
    const seen: Array<string | null> = [];
    const stop = onTokenChangeInOtherTab((token) => seen.push(token));
    storageEvent(LOGOUT_SIGNAL_KEY, null, '123');
    storageEvent(LOGOUT_SIGNAL_KEY, '123', null);
    storageEvent('i18nextLng', 'en', 'fr');
    storageEvent(TOKEN_KEY, 'same', 'same');
    stop();
    expect(seen).toEqual([null]);
  });

  it('broadcastLogoutSignal leaves nothing behind', () => {
    broadcastLogoutSignal();
    expect(localStorage.getItem(LOGOUT_SIGNAL_KEY)).toBeNull();
  });
});
