import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { fileStorageContract } from './storage-contract.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'iv-files-disk-'));
const storage = createLocalDiskStorage(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rawPath = (key: string) => path.join(dir, key.slice(0, 2), key);

fileStorageContract('local disk', () => ({
  storage,
  rawObject: async (key) => {
    try {
      return readFileSync(rawPath(key));
    } catch {
      return null;
    }
  },
}));

describe('local disk storage', () => {
  it('writes objects readable by the service user only, under their random key', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('private'));
    expect(statSync(rawPath(key)).mode & 0o077).toBe(0);
    expect(statSync(path.dirname(rawPath(key))).mode & 0o077).toBe(0);
  });

  it('fails its ping when the folder cannot be written', async () => {
    const file = path.join(dir, 'not-a-folder');
    await createLocalDiskStorage(dir).put(newStorageKey(), Buffer.from('x'));
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'x'));
    await expect(createLocalDiskStorage(path.join(file, 'inside')).ping()).rejects.toThrow();
  });
});
