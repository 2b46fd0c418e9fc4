// Theme rules shared by the provider and the boot script (docs/product.md#theme, docs/product.md#languages-and-themes-accepted accepted values).

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** Local-storage key of the chosen theme (the device keeps it; it is not a server setting). */
export const THEME_STORAGE_KEY = 'innerview.theme';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Reads the stored theme; anything unknown, or storage being blocked, falls back. */
export function readStoredTheme(storageKey = THEME_STORAGE_KEY, fallback: Theme = 'system'): Theme {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

export function storeTheme(theme: Theme, storageKey = THEME_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(storageKey, theme);
  } catch {
    // Private mode or blocked storage: the choice still applies for this visit.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Sets `data-theme` (the CSS tokens key off it) and `color-scheme` (native controls, scrollbars). */
export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}
