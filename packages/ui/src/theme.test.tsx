import { createHash } from 'node:crypto';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from './test-support.ts';
import { THEME_STORAGE_KEY, THEMES } from './theme.ts';
import { THEME_BOOT_SCRIPT_HASH, themeBootScript } from './theme-boot-script.ts';
import { ThemeProvider, useTheme } from './theme-provider.tsx';

function ThemeSettings() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p data-testid="state">
        {theme}/{resolvedTheme}
      </p>
      {THEMES.map((option) => (
        <button key={option} type="button" onClick={() => setTheme(option)}>
          {option}
        </button>
      ))}
    </div>
  );
}

const html = document.documentElement;
const state = () => screen.getByTestId('state').textContent;

beforeEach(() => {
  localStorage.clear();
  html.removeAttribute('data-theme');
  html.style.colorScheme = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ThemeProvider', () => {
  it('starts on system, applies the choice to <html> and keeps it across reloads', async () => {
    installMatchMedia(false);
    const user = userEvent.setup();
    const first = render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    expect(state()).toBe('system/light');
    expect(html.dataset.theme).toBe('light');

    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(state()).toBe('dark/dark');
    expect(html.dataset.theme).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    first.unmount();
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    expect(state()).toBe('dark/dark');
  });

  it('on system, follows the device preference live', () => {
    const device = installMatchMedia(false);
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    expect(html.dataset.theme).toBe('light');

    act(() => device.setMatches(true));
    expect(state()).toBe('system/dark');
    expect(html.dataset.theme).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');

    act(() => device.setMatches(false));
    expect(state()).toBe('system/light');
    expect(html.dataset.theme).toBe('light');
  });

  it('an explicit choice ignores the device preference', async () => {
    const device = installMatchMedia(true);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    expect(state()).toBe('system/dark');
    await user.click(screen.getByRole('button', { name: 'light' }));
    act(() => device.setMatches(true));
    expect(state()).toBe('light/light');
    expect(html.dataset.theme).toBe('light');
  });

  it('ignores an unknown stored value and stops listening when unmounted', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    const device = installMatchMedia(true);
    const view = render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    expect(state()).toBe('system/dark');
    expect(device.listenerCount()).toBe(1);
    view.unmount();
    expect(device.listenerCount()).toBe(0);
  });

  it('picks up a change made in another tab', () => {
    installMatchMedia(false);
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(state()).toBe('dark/dark');
  });

  it('still works when storage is blocked', async () => {
    installMatchMedia(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeSettings />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'dark' }));
    expect(html.dataset.theme).toBe('dark');
  });

  it('useTheme refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ThemeSettings />)).toThrow(/ThemeProvider/);
  });
});

describe('themeBootScript', () => {
  const runBootScript = () => new Function(themeBootScript)();

  it.each([
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['system', true, 'dark'],
    [null, false, 'light'],
    ['bogus', true, 'dark'],
  ])('stored %s with a dark device = %s sets %s before first paint', (stored, deviceDark, expected) => {
    if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored);
    installMatchMedia(deviceDark);
    runBootScript();
    expect(html.dataset.theme).toBe(expected);
    expect(html.style.colorScheme).toBe(expected);
  });

  it('has a CSP hash that matches its text', () => {
    const digest = createHash('sha256').update(themeBootScript, 'utf8').digest('base64');
    expect(THEME_BOOT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });
});
