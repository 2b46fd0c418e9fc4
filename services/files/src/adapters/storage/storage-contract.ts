import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type FileStorage, newStorageKey, StoredObjectNotFoundError } from './file-storage.ts';

export interface StorageUnderTest {
  storage: FileStorage;
  /** The raw object as the backend holds it (a file on disk, an object in the bucket), or null. */
  rawObject(key: string): Promise<Buffer | null>;
}

/** The one behaviour suite every `FileStorage` adapter passes. */
export function fileStorageContract(name: string, open: () => StorageUnderTest): void {
  describe(`FileStorage contract: ${name}`, () => {
    it('gives back exactly the bytes it was given, binary and empty alike', async () => {
      const { storage } = open();
      const binary = Buffer.concat([Buffer.from([0, 255, 1, 254, 0x0d, 0x0a]), randomBytes(4096)]);
      const a = newStorageKey();
      const b = newStorageKey();
      await storage.put(a, binary);
      await storage.put(b, new Uint8Array(0));
      expect((await storage.get(a)).equals(binary)).toBe(true);
      expect((await storage.get(b)).length).toBe(0);
    });

    it('keeps a 10 MB object whole', async () => {
      const { storage } = open();
      const big = randomBytes(10 * 1024 * 1024 + 29);
      const key = newStorageKey();
      await storage.put(key, big);
      expect((await storage.get(key)).equals(big)).toBe(true);
    });

    it('replaces an object written again under the same key', async () => {
      const { storage } = open();
      const key = newStorageKey();
      await storage.put(key, Buffer.from('first'));
      await storage.put(key, Buffer.from('second'));
      expect((await storage.get(key)).toString()).toBe('second');
    });

    it('answers StoredObjectNotFoundError for a key never written, and after deletion', async () => {
      const { storage, rawObject } = open();
      await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(StoredObjectNotFoundError);
      const key = newStorageKey();
      await storage.put(key, Buffer.from('gone soon'));
      expect(await rawObject(key)).not.toBeNull();
      await storage.delete(key);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
      expect(await rawObject(key)).toBeNull();
    });

    it('deletes idempotently', async () => {
      const { storage } = open();
      const key = newStorageKey();
      await storage.delete(key);
      await storage.put(key, Buffer.from('x'));
      await storage.delete(key);
      await storage.delete(key);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
    });

    it('refuses keys that are not its own random keys (paths, traversal)', async () => {
      const { storage } = open();
      for (const key of [
        '../../etc/passwd',
        'a/b',
        'UPPERCASE0000000000000000000000000',
        '',
        'x'.repeat(32),
      ]) {
        await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
        await expect(storage.get(key)).rejects.toThrow('invalid storage key');
        await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
      }
    });

    it('keeps concurrent writes of different keys apart', async () => {
      const { storage } = open();
      const items = Array.from({ length: 12 }, () => ({ key: newStorageKey(), bytes: randomBytes(2048) }));
      await Promise.all(items.map((i) => storage.put(i.key, i.bytes)));
      const read = await Promise.all(items.map((i) => storage.get(i.key)));
      read.forEach((bytes, n) => {
        expect(bytes.equals(items[n]!.bytes)).toBe(true);
      });
    });

    it('answers its readiness ping', async () => {
      await expect(open().storage.ping()).resolves.toBeUndefined();
    });
  });
}
