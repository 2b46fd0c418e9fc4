import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import { fileStorageContract } from './storage-contract.ts';

// The S3 adapter against s3rver, an S3-compatible server from npm that runs in this process
// (PutObject, GetObject, DeleteObject, HeadBucket over real HTTP with SigV4 signing).
const dir = mkdtempSync(path.join(tmpdir(), 'iv-files-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: 'innerview-files', configs: [] }],
});
let options: S3StorageOptions;
let storage: FileStorage;
let raw: S3Client;

beforeAll(async () => {
  const { port } = await server.run();
  options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'innerview-files',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'files/',
  };
  storage = createS3Storage(options);
  raw = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  await storage?.close();
  raw?.destroy();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

fileStorageContract('S3-compatible (s3rver)', () => ({
  storage,
  rawObject: async (key) => {
    try {
      const answer = await raw.send(new GetObjectCommand({ Bucket: options.bucket, Key: `files/${key}` }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch {
      return null;
    }
  },
}));

describe('S3 storage', () => {
  it('fails its ping when the bucket does not exist', async () => {
    const missing = createS3Storage({ ...options, bucket: 'no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
    await missing.close();
  });

  it('fails its ping when the server cannot be reached', async () => {
    const away = createS3Storage({ ...options, endpoint: 'http://127.0.0.1:9', requestTimeoutMs: 1000 });
    await expect(away.ping()).rejects.toThrow();
    await away.close();
  });
});
