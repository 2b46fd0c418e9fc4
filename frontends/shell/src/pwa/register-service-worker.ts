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
    const registration = await new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' }).register();
    if (registration) takeOverWhenParked(registration);
  };
  const start = () => void register().catch((error: unknown) => console.error(error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** How long an installed release may stay waiting before it is asked again to take over. */
const PARKED_AFTER_MS = 1000;

/**
 * A new release calls skipWaiting when it installs, but Chromium parks it in "waiting" when a
 * page fetch reaches the old worker just as the new one is about to take over (seen in the e2e
 * run of 2026-11-28: waiting for more than a minute); it would then wait until every tab closes.
 * Asked again by message (service-worker.ts), it takes over once the old worker is idle. Asked for
 * the release already waiting at registration, and for each one that installs afterwards.
 */
export function takeOverWhenParked(registration: ServiceWorkerRegistration): void {
  const askIfStillWaiting = (worker: ServiceWorker) => {
    if (registration.waiting === worker) worker.postMessage({ type: 'SKIP_WAITING' });
  };
  const watch = (worker: ServiceWorker | null) => {
    if (!worker) return;
    if (worker.state === 'installed') askIfStillWaiting(worker);
    const onState = () => {
      if (worker.state === 'installed') setTimeout(() => askIfStillWaiting(worker), PARKED_AFTER_MS);
      else if (worker.state !== 'installing') worker.removeEventListener('statechange', onState);
    };
    worker.addEventListener('statechange', onState);
  };
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}
