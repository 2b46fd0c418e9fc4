import { runtimeConfig } from './runtime-config.ts';

// Fetch /config.json while the bootstrap chunk downloads: the two happen in parallel.
void runtimeConfig().catch(() => {
  // Reported by whoever needs the configuration (the remote loader shows it with a retry).
});
// Async boundary: shared singletons (React, router, store…) are negotiated before any of them runs.
void import('./bootstrap.tsx');
