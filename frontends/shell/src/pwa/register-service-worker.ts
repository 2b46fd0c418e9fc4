/**
 * Registers the app's service worker (dist/sw.js, ADR 54) once the page has loaded, so it does not
 * compete with the first screen (workbox-window comes in its own small chunk then). Only the
 * production build has one (the development servers serve no sw.js), and only where browsers
 * allow it (https, localhost).
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    // `updateViaCache: 'none'`: each update check asks the server for sw.js, never the HTTP cache.
    await new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' }).register();
  };
  const start = () => void register().catch((error: unknown) => console.error(error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
