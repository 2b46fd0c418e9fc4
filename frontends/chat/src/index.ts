// Async boundary: shared singletons (React, router, store…) are negotiated before any of them runs.
void import('./bootstrap.tsx');
