import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../clock.ts';
import { eventually } from '../testing/eventually.ts';
import { epochSeconds, type RevocationStore } from './revocation-store.ts';

/**
 * The one behaviour suite every `RevocationStore` adapter passes. `makeStore(namespace)` returns a
 * handle on the backing store of `namespace`: two calls with the same namespace must see each
 * other's writes (two gateway replicas, or auth and the gateway in one process). A store on an
 * injected `clock` is tested on it, moved past an expiry; one whose backend keeps time itself
 * (Redis expires its keys) is tested on the real clock: one test waits until the store has forgotten
 * an expired session (a second or two), not for a fixed time.
 */
export function revocationStoreContract(
  name: string,
  makeStore: (namespace: string) => RevocationStore | Promise<RevocationStore>,
  clock?: ManualClock,
): void {
  describe(`RevocationStore contract: ${name}`, () => {
    const opened: RevocationStore[] = [];
    // Each store is marked complete, as auth does once it has filled it from its database.
    const open = async (namespace: string) => {
      const store = await makeStore(namespace);
      opened.push(store);
      await store.markComplete();
      return store;
    };
    const now = () => epochSeconds(clock?.now() ?? new Date());

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it('knows no session it was not told about', async () => {
      const store = await open(randomUUID());
      expect(await store.isRevoked(randomUUID())).toBe(false);
    });

    it('reports a revoked session as revoked, and only that one', async () => {
      const store = await open(randomUUID());
      const revoked = randomUUID();
      const other = randomUUID();
      await store.revokeSession(revoked, now() + 3600);
      expect(await store.isRevoked(revoked)).toBe(true);
      expect(await store.isRevoked(other)).toBe(false);
    });

    it('shares a revocation between handles on the same store', async () => {
      const namespace = randomUUID();
      const writer = await open(namespace);
      const reader = await open(namespace);
      const session = randomUUID();
      await writer.revokeSession(session, now() + 3600);
      expect(await reader.isRevoked(session)).toBe(true);
      const elsewhere = await open(randomUUID());
      expect(await elsewhere.isRevoked(session)).toBe(false);
    });

    it('ignores a bound already in the past: such a session has no valid token left', async () => {
      const store = await open(randomUUID());
      const session = randomUUID();
      await store.revokeSession(session, now() - 10);
      expect(await store.isRevoked(session)).toBe(false);
    });

    it('forgets a session after its bound, and keeps the later bound when revoked twice', async () => {
      const store = await open(randomUUID());
      const shortLived = randomUUID();
      const extended = randomUUID();
      const notShortened = randomUUID();
      const start = now();
      await store.revokeSession(shortLived, start + 1);
      await store.revokeSession(extended, start + 1);
      await store.revokeSession(extended, start + 3600);
      await store.revokeSession(notShortened, start + 3600);
      await store.revokeSession(notShortened, start + 1);
      expect(await store.isRevoked(shortLived)).toBe(true);
      // Past the bound: a moved clock, or (a store on another clock, such as Redis's) the time it
      // takes for the short-lived one to be forgotten.
      clock?.advance(2100);
      await eventually(async () => !(await store.isRevoked(shortLived)), {
        what: 'the short-lived revocation forgotten',
      });
      expect(await store.isRevoked(extended)).toBe(true);
      // Had the second revocation shortened it, it would have had the short-lived one's bound and gone with it.
      expect(await store.isRevoked(notShortened)).toBe(true);
    });

    it('answers ping', async () => {
      const store = await open(randomUUID());
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
