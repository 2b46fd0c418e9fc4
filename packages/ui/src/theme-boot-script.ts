import { DARK_SCHEME_QUERY, THEME_STORAGE_KEY } from './theme.ts';

/**
 * Inline this in `<head>` (before the stylesheet) so the page paints in the right theme at once,
 * before any bundle loads: `<script>${themeBootScript}</script>`. It mirrors `ThemeProvider`.
 * With a Content-Security-Policy, allow it by hash: `script-src 'self' ${THEME_BOOT_SCRIPT_HASH}`.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark"&&t!=="system")t="system";var r=t==="system"?(window.matchMedia&&window.matchMedia(${JSON.stringify(DARK_SCHEME_QUERY)}).matches?"dark":"light"):t;var d=document.documentElement;d.setAttribute("data-theme",r);d.style.colorScheme=r}catch(e){}})();`;

/** CSP source for `themeBootScript` (kept in step by a unit test). */
export const THEME_BOOT_SCRIPT_HASH = "'sha256-7hE3PUlMfW3DXnDfIgVIXqFn5EXKRhJtL8hIRVPqdd8='";
