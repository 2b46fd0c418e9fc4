export * from './claims.ts';
export * from './create-revocation-store.ts';
export * from './memory-revocation-store.ts';
export * from './redis-revocation-store.ts';
export * from './revocation-fallback.ts';
export * from './revocation-store.ts';
export * from './token-verifier.ts';
