import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { gatewayHeaders } from '@innerview/kit/testing/signed-calls';
import { pino } from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exifWithGps, makeJpeg, makePdf, makePng } from './testing/fixtures.ts';
import { type FilesHarness, startFilesHarness } from './testing/harness.ts';

// The files service in its embedded form (PGlite in memory, in-process bus and jobs).
// Starting PGlite and migrating takes a few seconds on a busy machine.
const STARTUP_MS = 60_000;

describe('files service, embedded', () => {
  let h: FilesHarness;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
    h = await startFilesHarness({ logger });
  }, STARTUP_MS);
  afterAll(() => h?.stop());

  it('answers 415 to an upload that is not multipart', async () => {
    const answer = await h.call('POST', '/api/v1/files/upload', {
      userId: randomUUID(),
      body: { file: 'x' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({
      detail: 'Send the upload as multipart/form-data.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers 400 to a multipart body cut short', async () => {
    const me = randomUUID();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${h.url}/api/v1/files/upload`, {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=XYZ',
          ...gatewayHeaders(h.service, 'POST', '/api/v1/files/upload', { userId: me }),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi');
    });
    expect(status).toBe(400);
    expect((await h.call('GET', '/api/v1/files/', { userId: me })).body.files).toEqual([]);
  });

  it('answers 401 without a user and 404 for an id that cannot be a file', async () => {
    expect((await h.call('GET', '/api/v1/files/')).status).toBe(401);
    const me = randomUUID();
    expect((await h.call('GET', '/api/v1/files/not-a-uuid', { userId: me })).status).toBe(404);
    expect((await h.call('DELETE', '/api/v1/files/../../etc', { userId: me })).status).toBe(404);
  });

  it('lists newest first, pages, and deletes', async () => {
    const me = randomUUID();
    for (const name of ['one.txt', 'two.txt', 'three.txt']) {
      await h.upload(me, 'upload', [{ name, bytes: Buffer.from(name) }]);
      h.clock.advance(1000);
    }
    const all = (await h.call('GET', '/api/v1/files/', { userId: me })).body.files;
    expect(all.map((f: { name: string }) => f.name)).toEqual(['three.txt', 'two.txt', 'one.txt']);
    const page = (await h.call('GET', '/api/v1/files/?limit=1&offset=1', { userId: me })).body.files;
    expect(page.map((f: { name: string }) => f.name)).toEqual(['two.txt']);
    expect((await h.call('GET', '/api/v1/files/?limit=0', { userId: me })).status).toBe(422);
    expect((await h.call('DELETE', `/api/v1/files/${all[0].id}`, { userId: me })).status).toBe(204);
    expect((await h.call('DELETE', `/api/v1/files/${all[0].id}`, { userId: me })).status).toBe(404);
    expect((await h.call('GET', `/api/v1/files/${all[1].id}`, { userId: me })).body).toMatchObject({
      id: all[1].id,
      name: 'two.txt',
    });
  });

  it('serves an image back without its metadata, as an attachment', async () => {
    const me = randomUUID();
    const [file] = (
      await h.upload(me, 'upload', [{ name: 'me.jpg', bytes: makeJpeg({ exif: exifWithGps('46.2044 N') }) }])
    ).body.files;
    const answer = await h.call('GET', `/api/v1/files/${file.id}/download`, { userId: me });
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(answer.bytes.includes(Buffer.from('46.2044'))).toBe(false);
  });

  it('refuses an image claiming more pixels than it may have, as not readable, and logs only why', async () => {
    const me = randomUUID();
    // A real PNG whose header says 10 000 × 10 000: 100 megapixels from a hundred bytes.
    const png = makePng();
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const answer = await h.upload(me, 'upload', [{ name: 'huge.png', bytes: png }]);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('FILE_NOT_READABLE');
    expect(answer.body.detail[0].msg).toMatch(/^"huge.png" could not be read/);
    expect(logLines.some((line) => line.includes('too-many-pixels') && !line.includes('huge.png'))).toBe(
      true,
    );
  });

  it.each([
    ['page.html', '<html><script>alert(document.cookie)</script></html>', 'page.html.txt'],
    ['page.HTM', '<script>alert(1)</script>', 'page.HTM.txt'],
    ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg.txt'],
    ['app.js', 'fetch("/api/v1/users/me")', 'app.js.txt'],
    ['doc.xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>x()</script></html>', 'doc.xhtml.txt'],
    ['run.hta', '<hta:application/>', 'run.hta.txt'],
    ['README', 'no extension at all', 'README.txt'],
    ['notes.md', '# kept as it is', 'notes.md'],
  ])(
    'downloads a text upload named %s under a safe name, an attachment never rendered or sniffed',
    async (name, text, saved) => {
      const me = randomUUID();
      const upload = await h.upload(me, 'upload', [{ name, bytes: Buffer.from(text), type: 'text/html' }]);
      expect(upload.status).toBe(200);
      // The name the person gave is kept for lists; only the download's name changes.
      expect(upload.body.files[0].name).toBe(name);
      const answer = await h.call('GET', `/api/v1/files/${upload.body.files[0].id}/download`, { userId: me });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/(plain|markdown); charset=utf-8$/);
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="${saved}"; filename*=UTF-8''${saved}`,
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.bytes.toString('utf8')).toBe(text);
    },
  );

  it('reports its storage in readiness', async () => {
    const ready = await fetch(`${h.url}/readyz`).then((r) => r.json());
    expect(ready.checks.storage).toEqual({ ok: true });
  });

  it('never logs file names, descriptions or contents', async () => {
    const me = randomUUID();
    const secret = `secret${randomUUID().slice(0, 8)}`;
    await h.upload(me, 'upload', [{ name: `${secret}.txt`, bytes: Buffer.from(secret) }], {
      description: secret,
    });
    await h.upload(me, 'upload', [{ name: `${secret}.pdf`, bytes: Buffer.from(`%PDF-1.4 ${secret}`) }]);
    await h.upload(me, 'upload', [{ name: `${secret}.exe`, bytes: Buffer.from(`MZ${secret}\0\0`) }]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(secret);
  });
});

describe('files service, extraction time limit', () => {
  let h: FilesHarness;
  beforeAll(async () => {
    h = await startFilesHarness({ env: { FILES_EXTRACTION_TIMEOUT_MS: '50' } });
  }, STARTUP_MS);
  afterAll(() => h?.stop());

  it('refuses a document that cannot be read within the limit, and stays responsive', async () => {
    const me = randomUUID();
    const pages = Array.from({ length: 50 }, (_, i) => `Page ${i} `.repeat(300));
    const started = Date.now();
    const answer = await h.upload(me, 'upload', [{ name: 'long.pdf', bytes: makePdf(pages) }]);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('FILE_NOT_READABLE');
    expect(Date.now() - started).toBeLessThan(5000);
    // Text and images need no worker and are not affected.
    expect((await h.upload(me, 'upload', [{ name: 'a.png', bytes: makePng() }])).status).toBe(200);
  });
});

describe('files service on S3-compatible storage (s3rver)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'iv-files-s3svc-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'files', configs: [] }],
  });
  let h: FilesHarness;
  let raw: S3Client;
  beforeAll(async () => {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    h = await startFilesHarness({
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    raw = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  }, STARTUP_MS);
  afterAll(async () => {
    await h?.stop();
    raw?.destroy();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const objects = async () => (await raw.send(new ListObjectsV2Command({ Bucket: 'files' }))).Contents ?? [];

  it('keeps only ciphertext under random names in the bucket, and removes it with the file', async () => {
    const me = randomUUID();
    const marker = `bucket${randomUUID().slice(0, 8)}`;
    const [file] = (await h.upload(me, 'upload', [{ name: `${marker}.txt`, bytes: Buffer.from(marker) }]))
      .body.files;
    const stored = await objects();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.Key).toMatch(/^[0-9a-f]{32}$/);
    const object = await raw.send(new GetObjectCommand({ Bucket: 'files', Key: stored[0]!.Key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.includes(Buffer.from(marker))).toBe(false);
    expect((await h.call('GET', `/api/v1/files/${file.id}/download`, { userId: me })).bytes.toString()).toBe(
      marker,
    );
    expect((await h.call('DELETE', `/api/v1/files/${file.id}`, { userId: me })).status).toBe(204);
    expect(await objects()).toEqual([]);
  });

  it('reports the bucket in readiness', async () => {
    const ready = await fetch(`${h.url}/readyz`).then((r) => r.json());
    expect(ready.checks.storage).toEqual({ ok: true });
  });
});
