import { captureInstallPrompt } from './pwa/install-prompt-capture.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';
import { runtimeConfig } from './runtime-config.ts';

// The browser's install event may come before the app has rendered (install-offer.ts).
captureInstallPrompt();
registerServiceWorker();

// Fetch /config.json while the bootstrap chunk downloads: the two happen in parallel.
void runtimeConfig().catch(() => {
  // Reported by whoever needs the configuration (the remote loader shows it with a retry).
});
// This entry stays tiny so the fetch above starts at once; the app (React, router, store…) comes
// in the bootstrap chunk. The federation runtime is not part of either: it starts with the first
// remote (build/federation-host.ts).
void import('./bootstrap.tsx');
