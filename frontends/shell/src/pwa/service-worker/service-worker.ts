// The app's service worker (ADR 54), bundled after the shell's build by build/write-service-worker.ts,
// which injects the shell's file list (`self.__WB_MANIFEST`) and its release id.
//
// - The shell's files are precached as one release; navigations go to the network first and fall
//   back to this release's index.html (offline, or a network slower than NAVIGATION_TIMEOUT_S).
// - /config.json: network first, the last one offline (the remotes are found through it).
// - The remotes (wherever the configuration puts them): manifests, entries and texts network first,
//   hashed chunks cache first, in a cache of this release's own.
// - Nothing under /api is touched: no API answer is ever cached here.
// - Reminders (ADR 59): a push message is shown as a notification; a click opens or focuses its page.

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type RouteHandlerCallbackOptions } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  CONFIG_CACHE,
  NOT_APP_PAGES,
  outdatedRemotesCaches,
  remoteBases,
  remoteFileKind,
  remotesCacheName,
} from './caching-rules.ts';
import { reminderFromPush, windowToFocus } from './push-message.ts';

type Extendable = { waitUntil(p: Promise<unknown>): void };
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type WorkerScope = {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; icon: string; badge: string; lang?: string; data: unknown },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: Extendable) => void): void;
  addEventListener(
    type: 'push',
    listener: (event: Extendable & { data: { text(): string } | null }) => void,
  ): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: Extendable & { notification: { data: unknown; close(): void } }) => void,
  ): void;
};
declare const self: WorkerScope;
/** Hash of the precache list: changes with any file of the shell (write-service-worker.ts). */
declare const INNERVIEW_RELEASE: string;

const NAVIGATION_TIMEOUT_S = 4;
const remotesCache = remotesCacheName(INNERVIEW_RELEASE);
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });

// The new release takes over at once: the page that installed it keeps the files it already has
// (hashed names), and the next load is served entirely by this release.
self.addEventListener('install', () => void self.skipWaiting());
// …and again when a page asks (register-service-worker.ts): Chromium can park a release whose
// activation met a page fetch, and only a second skipWaiting wakes it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations first: the precache route below would answer "/" from the cache before the network.
const network = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_S });
const releaseShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options: RouteHandlerCallbackOptions) => {
      try {
        return await network.handle(options);
      } catch {
        return releaseShell(options);
      }
    },
    { denylist: NOT_APP_PAGES },
  ),
);

addRoute();

// Where the remotes are: from the configuration, read again each time the page reads it.
let bases: string[] = [];
const configPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }: { cachedResponse?: Response }) {
    if (cachedResponse) await learnRemotes(cachedResponse.clone());
    return cachedResponse;
  },
  async fetchDidSucceed({ response }: { response: Response }) {
    if (response.ok) await learnRemotes(response.clone());
    return response;
  },
};
async function learnRemotes(response: Response): Promise<void> {
  try {
    bases = remoteBases(await response.json(), self.location.origin);
  } catch {
    // A configuration that is not JSON: the shell shows the failure; the remotes stay uncached.
  }
}

const configStrategy = new NetworkFirst({ cacheName: CONFIG_CACHE, plugins: [okOnly(), configPlugin] });
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  configStrategy,
);

registerRoute(
  ({ url }) => remoteFileKind(url, bases) === 'current',
  new NetworkFirst({ cacheName: remotesCache, plugins: [okOnly()] }),
);
registerRoute(
  ({ url }) => remoteFileKind(url, bases) === 'immutable',
  new CacheFirst({
    cacheName: remotesCache,
    plugins: [okOnly(), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of outdatedRemotesCaches(await caches.keys(), INNERVIEW_RELEASE))
        await caches.delete(name);
      // The remotes are known before the first page of this release asks for them.
      const config = await caches.match('/config.json', { cacheName: CONFIG_CACHE });
      if (config) await learnRemotes(config);
      else
        await configStrategy
          .handle({ request: new Request('/config.json'), event: event as never })
          .catch(() => undefined);
    })(),
  );
});

// A reminder arrives: always shown (userVisibleOnly), in the words the server chose for the person.
self.addEventListener('push', (event) => {
  const reminder = reminderFromPush(event.data?.text());
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: reminder.url },
    }),
  );
});

// A click opens the reminder's page: in a window of the app already open, else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = reminderFromPush(JSON.stringify({ title: 'x', ...(event.notification.data as object) }));
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windowToFocus(windows, url, self.location.origin);
      if (!open) return self.clients.openWindow(url);
      if (open.url !== new URL(url, self.location.origin).href) await open.navigate(url);
      return open.focus();
    })(),
  );
});
