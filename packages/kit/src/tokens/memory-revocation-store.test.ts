import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { MemoryRevocationStore } from './memory-revocation-store.ts';
import { epochSeconds } from './revocation-store.ts';
import { revocationStoreContract } from './revocation-store-contract.ts';

// Handles of one namespace are one instance: that is how auth and the gateway share it in-process.
const stores = new Map<string, MemoryRevocationStore>();
const contractClock = new ManualClock('2026-03-01T10:00:00Z');
revocationStoreContract(
  'memory',
  (namespace) => {
    let store = stores.get(namespace);
    if (!store) {
      store = new MemoryRevocationStore({ clock: contractClock });
      stores.set(namespace, store);
    }
    return store;
  },
  contractClock,
);

describe('memory revocation store', () => {
  it('follows an injected clock', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00Z');
    const store = new MemoryRevocationStore({ clock });
    await store.revokeSession('s1', epochSeconds(clock.now()) + 60);
    expect(await store.isRevoked('s1')).toBe(true);
    clock.advance(61_000);
    expect(await store.isRevoked('s1')).toBe(false);
  });
});
