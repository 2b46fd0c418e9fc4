import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyText } from '@innerview/crypto';
import { createEvent } from '@innerview/kit';
import { useStoredCopy } from '@innerview/kit/testing/stored-copy';
import { useStarted } from '@innerview/kit/testing/use-started';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './domain/limits.ts';
import {
  exifWithGps,
  makeDeeplyNestedPdf,
  makeDocx,
  makeElf,
  makeExe,
  makeJpeg,
  makePdf,
  makePng,
  makeWebp,
  makeZipBombDocx,
} from './testing/fixtures.ts';
import { eventually, type FilesHarness, startFilesHarness } from './testing/harness.ts';

// The files service on the real PostgreSQL, its events on Redis Streams, contents on local disk,
// as in a single-node deployment. Tables and stored objects are then read directly, as someone
// holding a copy of them (or a backup) would.
const MB = 1024 * 1024;
const QUOTA = 25 * MB;
const stored = useStoredCopy('iv_files');
let h: FilesHarness;
useStarted(
  () =>
    startFilesHarness({
      bus: stored.bus,
      env: {
        DATABASE_URL: stored.url,
        MASTER_KEY: generateKeyText(1),
        // Small enough to reach with a few 10 MB files.
        FILES_QUOTA_BYTES: String(QUOTA),
      },
    }),
  (harness) => {
    h = harness;
  },
);

const blobsDir = () => path.join(h.dataDir, 'files', 'blobs');

/** Every stored object on disk: name → bytes. */
function storedObjects(): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  if (!existsSync(blobsDir())) return found;
  for (const fan of readdirSync(blobsDir()))
    for (const name of readdirSync(path.join(blobsDir(), fan)))
      found.set(name, readFileSync(path.join(blobsDir(), fan, name)));
  return found;
}

const storageKeysOf = async (userId: string) =>
  (
    await stored.sql.query<{ storage_key: string }>('select storage_key from files where user_id = $1', [
      userId,
    ])
  ).rows.map((r) => r.storage_key);

const listOf = async (userId: string, query = '') =>
  (await h.call('GET', `/api/v1/files/${query}`, { userId })).body.files as Array<{
    id: string;
    name: string;
  }>;

describe('files service on PostgreSQL and Redis', () => {
  it('accepts every allowed type, recognised by content, and answers the spec’s result shape', async () => {
    const me = randomUUID();
    const session = randomUUID();
    h.chat.own(me, session);
    const first = await h.upload(
      me,
      'upload-multiple-to-session',
      [
        { name: 'report.pdf', bytes: makePdf(['Quarterly reflection']) },
        { name: 'journal.docx', bytes: makeDocx(['Dear diary']) },
        { name: 'notes.txt', bytes: Buffer.from('plain notes') },
        { name: 'plan.md', bytes: Buffer.from('# Plan\n- rest') },
        { name: 'photo.png', bytes: makePng() },
      ],
      { session_id: session, file_type: 'chat_storage' },
    );
    expect(first.status).toBe(200);
    expect(first.body.files.map((f: { type: string }) => f.type)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
      'text/markdown',
      'image/png',
    ]);
    for (const file of first.body.files) {
      expect(Object.keys(file).sort()).toEqual(
        ['created_at', 'description', 'file_type', 'id', 'name', 'session_id', 'size', 'type'].sort(),
      );
      expect(file).toMatchObject({ session_id: session, file_type: 'chat_storage' });
    }
    const second = await h.upload(me, 'upload-multiple-to-session', [
      { name: 'photo.jpg', bytes: makeJpeg() },
      { name: 'photo.webp', bytes: makeWebp() },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.files).toMatchObject([
      { type: 'image/jpeg', session_id: null, file_type: 'chat_storage' },
      { type: 'image/webp', session_id: null },
    ]);
    const single = await h.upload(me, 'upload', [{ name: 'letter.txt', bytes: Buffer.from('hello') }], {
      description: 'A letter to myself',
    });
    expect(single.status).toBe(200);
    expect(single.body.files).toEqual([
      expect.objectContaining({
        name: 'letter.txt',
        size: 5,
        type: 'text/plain',
        file_type: 'user_upload',
        description: 'A letter to myself',
        session_id: null,
      }),
    ]);
    expect(await listOf(me)).toHaveLength(8);
    expect(await listOf(me, `?session_id=${session}`)).toHaveLength(5);
  });

  it.each([
    ['a Windows executable renamed report.pdf', 'report.pdf', makeExe()],
    ['a Linux executable renamed notes.txt', 'notes.txt', makeElf()],
    ['a GIF renamed photo.png', 'photo.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a Latin-1 text', 'notes.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x00, 0x01])],
  ])('refuses %s with 415 naming the allowed types, and stores nothing', async (_, name, bytes) => {
    const me = randomUUID();
    const answer = await h.upload(me, 'upload', [{ name, bytes, type: 'application/pdf' }]);
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(answer.body.detail).toContain(name);
    expect(answer.body.detail).toContain(
      'PDF, plain text (.txt), Markdown (.md), Word (.docx), PNG, JPEG and WebP',
    );
    expect(await listOf(me)).toEqual([]);
  });

  it('accepts a file of exactly 10 MB and refuses 10 MB + 1 byte with 413', async () => {
    const me = randomUUID();
    const exact = await h.upload(me, 'upload', [
      { name: 'big.txt', bytes: Buffer.alloc(MAX_FILE_BYTES, 0x61) },
    ]);
    expect(exact.status).toBe(200);
    expect(exact.body.files[0].size).toBe(10 * MB);
    const over = await h.upload(me, 'upload', [
      { name: 'bigger.txt', bytes: Buffer.alloc(MAX_FILE_BYTES + 1, 0x61) },
    ]);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      detail: '"bigger.txt" is larger than 10 MB, the largest file you can upload.',
      code: 'FILE_TOO_LARGE',
    });
    expect(await listOf(me)).toHaveLength(1);
  });

  it('refuses a sixth file in one message with 422, storing none of them', async () => {
    const me = randomUUID();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `n${i}.txt`, bytes: Buffer.from(`note ${i}`) }));
    const answer = await h.upload(me, 'upload-multiple-to-session', six);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('TOO_MANY_FILES');
    expect(answer.body.detail[0].msg).toBe('At most 5 files can be attached to one message.');
    expect(await listOf(me)).toEqual([]);
    expect((await h.upload(me, 'upload-multiple-to-session', six.slice(0, 5))).status).toBe(200);
  });

  it('refuses an upload whose every file is fine but one, storing none of them', async () => {
    const me = randomUUID();
    const before = storedObjects().size;
    const answer = await h.upload(me, 'upload-multiple-to-session', [
      { name: 'ok.txt', bytes: Buffer.from('fine') },
      { name: 'bad.pdf', bytes: makeExe() },
    ]);
    expect(answer.status).toBe(415);
    expect(await listOf(me)).toEqual([]);
    expect(storedObjects().size).toBe(before);
  });

  it('refuses a zip-bomb DOCX with 422 well within the time limit', async () => {
    const me = randomUUID();
    const bomb = makeZipBombDocx(200);
    expect(bomb.length).toBeLessThan(MB);
    const started = Date.now();
    const answer = await h.upload(me, 'upload', [{ name: 'cv.docx', bytes: bomb }]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('UNSAFE_FILE');
    expect(answer.body.detail[0].msg).toContain('cv.docx');
  });

  it('refuses a deeply nested PDF with 422 well within the time limit', async () => {
    const me = randomUUID();
    const started = Date.now();
    const answer = await h.upload(me, 'upload', [
      { name: 'nested.pdf', bytes: makeDeeplyNestedPdf(2_000_000) },
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('FILE_NOT_READABLE');
  });

  it('refuses an empty file and an upload without a file with 422', async () => {
    const me = randomUUID();
    const empty = await h.upload(me, 'upload', [{ name: 'empty.txt', bytes: new Uint8Array(0) }]);
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('EMPTY_FILE');
    const none = await h.upload(me, 'upload', [], { description: 'no file' });
    expect(none.status).toBe(422);
    expect(none.body.detail[0]).toMatchObject({ loc: ['body', 'file'], msg: 'Choose a file to upload.' });
  });

  it('refuses bad fields with 422: unknown field, file_type, session_id, long description', async () => {
    const me = randomUUID();
    const file = [{ name: 'a.txt', bytes: Buffer.from('a') }];
    const bad: Record<string, string>[] = [
      { role: 'admin' },
      { file_type: 'system' },
      { session_id: 'not-a-session' },
      { description: 'x'.repeat(1001) },
    ];
    for (const fields of bad) {
      const answer = await h.upload(me, 'upload', file, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await h.upload(me, 'upload', file, { description: 'x'.repeat(1000) })).status).toBe(200);
  });

  it('keeps each person within the storage quota, also with uploads at the same time', async () => {
    const me = randomUUID();
    const tenMb = () => [{ name: 'ten.txt', bytes: Buffer.alloc(10 * MB, 0x62) }];
    expect((await h.upload(me, 'upload', tenMb())).status).toBe(200);
    // 15 MB left: of two 10 MB uploads at once, exactly one fits.
    const racing = await Promise.all([h.upload(me, 'upload', tenMb()), h.upload(me, 'upload', tenMb())]);
    expect(racing.map((a) => a.status).sort()).toEqual([200, 413]);
    const refused = racing.find((a) => a.status === 413)!;
    expect(refused.body).toEqual({
      detail:
        'Your file storage is full: files can take at most 25 MB in all. Delete some files and try again.',
      code: 'STORAGE_QUOTA_EXCEEDED',
    });
    // Someone else is not affected; deleting frees the space.
    expect((await h.upload(randomUUID(), 'upload', tenMb())).status).toBe(200);
    const [newest] = await listOf(me);
    expect((await h.call('DELETE', `/api/v1/files/${newest!.id}`, { userId: me })).status).toBe(204);
    expect((await h.upload(me, 'upload', tenMb())).status).toBe(200);
  });

  it('gives a person’s file to no one else: 404 on every call, and on the internal call', async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const [file] = (await h.upload(owner, 'upload', [{ name: 'private.txt', bytes: Buffer.from('mine') }]))
      .body.files;
    for (const [method, route] of [
      ['GET', `/api/v1/files/${file.id}`],
      ['GET', `/api/v1/files/${file.id}/download`],
      ['DELETE', `/api/v1/files/${file.id}`],
    ] as const) {
      const answer = await h.call(method, route, { userId: other });
      expect(answer.status, `${method} ${route}`).toBe(404);
      expect(answer.body).toEqual({ detail: 'Resource not found', code: 'NOT_FOUND' });
    }
    expect(await listOf(other)).toEqual([]);
    const internal = await h.extractedText({ user_id: other, file_ids: [file.id] });
    expect(internal.status).toBe(404);
    expect((await h.call('GET', `/api/v1/files/${file.id}`)).status).toBe(401);
    expect(
      (await h.call('GET', `/api/v1/files/${file.id}/download`, { userId: owner })).bytes.toString(),
    ).toBe('mine');
  });

  it('downloads the decrypted file as an attachment that is never rendered or sniffed', async () => {
    const me = randomUUID();
    const html = '<html><script>alert(1)</script></html>';
    const [file] = (
      await h.upload(me, 'upload', [{ name: 'page é.html', bytes: Buffer.from(html), type: 'text/html' }])
    ).body.files;
    expect(file.type).toBe('text/plain');
    const answer = await h.call('GET', `/api/v1/files/${file.id}/download`, { userId: me });
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString()).toBe(html);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    // Saved under the type it really is (issue 18): an .html that opens as a page could run.
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="page _.html.txt"; filename*=UTF-8''page%20%C3%A9.html.txt`,
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('strips the GPS position from a JPEG before storing it', async () => {
    const me = randomUUID();
    const photo = makeJpeg({ exif: exifWithGps('47.3769 N') });
    const [file] = (await h.upload(me, 'upload', [{ name: 'holiday.jpg', bytes: photo }])).body.files;
    const back = (await h.call('GET', `/api/v1/files/${file.id}/download`, { userId: me })).bytes;
    expect(back.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(back.includes(Buffer.from('Exif'))).toBe(false);
    const stored = await sharp(back).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 2, height: 2 });
    expect(stored.exif).toBeUndefined();
    expect(file.size).toBe(back.length);
  });

  it('stores only ciphertext: no content, name, description or extracted text in any table or object', async () => {
    const me = randomUUID();
    const marker = `marker${randomUUID().replaceAll('-', '')}`;
    await h.upload(
      me,
      'upload',
      [{ name: `${marker}-name.txt`, bytes: Buffer.from(`text ${marker}-content`) }],
      {
        description: `${marker}-description`,
      },
    );
    await h.upload(me, 'upload', [{ name: 'doc.pdf', bytes: makePdf([`${marker}-pdf`]) }]);
    const texts = await h.extractedText({ user_id: me, file_ids: (await listOf(me)).map((f) => f.id) });
    expect(texts.body.map((t: { text: string }) => t.text).join(' ')).toContain(`${marker}-pdf`);
    expect(await stored.wholeDatabase()).not.toContain(marker);
    const keys = await storageKeysOf(me);
    const objects = storedObjects();
    for (const key of keys) {
      const object = objects.get(key)!;
      expect(object).toBeDefined();
      expect(object.includes(Buffer.from(marker))).toBe(false);
      expect(object.includes(Buffer.from('%PDF-'))).toBe(false);
    }
    // Objects are named by random keys, never after the file or its owner.
    for (const name of objects.keys()) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives chat the texts of a message’s files, refusing files of another session and binding unbound ones', async () => {
    const me = randomUUID();
    const session = randomUUID();
    const otherSession = randomUUID();
    h.chat.own(me, otherSession);
    const [pdf, photo] = (
      await h.upload(me, 'upload-multiple-to-session', [
        { name: 'cv.pdf', bytes: makePdf(['Ten years of gardening']) },
        { name: 'me.png', bytes: makePng() },
      ])
    ).body.files;
    const [elsewhere] = (
      await h.upload(me, 'upload-multiple-to-session', [{ name: 'x.txt', bytes: Buffer.from('x') }], {
        session_id: otherSession,
      })
    ).body.files;
    const answer = await h.extractedText({ user_id: me, file_ids: [pdf.id, photo.id], session_id: session });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: pdf.id,
        name: 'cv.pdf',
        type: 'application/pdf',
        text: 'Ten years of gardening',
        image: false,
        truncated: false,
        size: expect.any(Number),
      },
      {
        id: photo.id,
        name: 'me.png',
        type: 'image/png',
        text: null,
        image: true,
        truncated: false,
        size: expect.any(Number),
      },
    ]);
    // The unbound files joined the session they were used in.
    expect((await listOf(me, `?session_id=${session}`)).map((f) => f.id).sort()).toEqual(
      [pdf.id, photo.id].sort(),
    );
    const refused = await h.extractedText({
      user_id: me,
      file_ids: [pdf.id, elsewhere.id],
      session_id: session,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('FILE_NOT_IN_SESSION');
    const wrongKey = await h.extractedText({ user_id: me, file_ids: [pdf.id] }, { key: 'x'.repeat(40) });
    expect(wrongKey.status).toBe(401);
    // Signed by the gateway (a browser's call), or by chat for another person than the body names.
    const asGateway = await h.call('POST', '/internal/extracted-text', {
      body: { user_id: me, file_ids: [pdf.id] },
      userId: me,
    });
    expect(asGateway.status).toBe(403);
    const otherPerson = await h.call('POST', '/internal/extracted-text', {
      body: { user_id: me, file_ids: [pdf.id] },
      userId: randomUUID(),
      caller: 'chat',
    });
    expect(otherPerson.status).toBe(403);
  });

  it('removes a session’s files (rows and stored objects) on chat.session.deleted, and refuses new ones there', async () => {
    const me = randomUUID();
    const doomed = randomUUID();
    const kept = randomUUID();
    h.chat.own(me, doomed);
    h.chat.own(me, kept);
    const two = [
      { name: 'a.txt', bytes: Buffer.from('a') },
      { name: 'b.png', bytes: makePng() },
    ];
    const gone = (await h.upload(me, 'upload-multiple-to-session', two, { session_id: doomed })).body.files;
    await h.upload(me, 'upload-multiple-to-session', [{ name: 'c.txt', bytes: Buffer.from('c') }], {
      session_id: kept,
    });
    const goneKeys = await stored.sql.query<{ storage_key: string }>(
      'select storage_key from files where session_id = $1',
      [doomed],
    );
    expect(goneKeys.rows).toHaveLength(2);
    await stored.bus.publish([createEvent('chat.session.deleted', me, { userId: me, sessionId: doomed })]);
    await eventually(async () => (await listOf(me, `?session_id=${doomed}`)).length === 0);
    for (const file of gone)
      expect((await h.call('GET', `/api/v1/files/${file.id}`, { userId: me })).status).toBe(404);
    await eventually(async () => goneKeys.rows.every((r) => !storedObjects().has(r.storage_key)));
    expect(await listOf(me, `?session_id=${kept}`)).toHaveLength(1);
    // Even while chat (its answer given before the deletion) still confirms the session.
    const late = await h.upload(me, 'upload-multiple-to-session', two, { session_id: doomed });
    expect(late.status).toBe(404);
    expect(late.body.code).toBe('SESSION_NOT_FOUND');
  });

  it('erases everything of a person on auth.user.erased and destroys their key', async () => {
    const me = randomUUID();
    const neighbour = randomUUID();
    await h.upload(me, 'upload-multiple-to-session', [
      { name: 'a.txt', bytes: Buffer.from('a') },
      { name: 'b.pdf', bytes: makePdf(['b']) },
    ]);
    await h.upload(neighbour, 'upload', [{ name: 'n.txt', bytes: Buffer.from('n') }]);
    const keys = await storageKeysOf(me);
    await stored.bus.publish([createEvent('auth.user.erased', me, { userId: me })]);
    await eventually(async () => (await storageKeysOf(me)).length === 0);
    await eventually(async () => keys.every((key) => !storedObjects().has(key)));
    const key = await stored.sql.query('select wrapped_key, destroyed_at from data_keys where user_id = $1', [
      me,
    ]);
    expect(key.rows[0]).toMatchObject({ wrapped_key: null });
    expect(key.rows[0].destroyed_at).not.toBeNull();
    expect(await listOf(me)).toEqual([]);
    expect(await listOf(neighbour)).toHaveLength(1);
    // No row of any table names the person but their key's tombstone (which holds no key).
    await eventually(async () =>
      (await stored.everyRow()).every(({ table, row }) => !row.includes(me) || table === 'data_keys'),
    );
  });
});

describe("GET /internal/export (the person's data export, ADR 17)", () => {
  // As the auth service asks (signed by auth); a string signs with that key, `null` as the gateway with an unknown one.
  const exportOf = (userId: string, key: string | null = h.signingKey) =>
    key === null
      ? h.call('GET', '/internal/export', { userId, key: 'an-unknown-key-so-this-call-is-unsigned' })
      : h.call('GET', '/internal/export', { userId, caller: 'auth', key });

  it("lists the person's files with names, types, sizes, dates and sessions, not the contents, and no one else's", async () => {
    const me = randomUUID();
    const other = randomUUID();
    const session = randomUUID();
    h.chat.own(me, session);
    await h.upload(me, 'upload', [{ name: 'Tagebuch März.txt', bytes: Buffer.from('secret diary words') }], {
      description: 'my notes',
    });
    await h.upload(
      me,
      'upload-multiple-to-session',
      [{ name: 'plan.pdf', bytes: makePdf(['quarterly plan']) }],
      {
        session_id: session,
      },
    );
    await h.upload(other, 'upload', [{ name: 'not-mine.txt', bytes: Buffer.from('other person') }]);

    const answer = await exportOf(me);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const files = answer.body.files;
    expect(files).toEqual([
      {
        id: expect.any(String),
        name: 'Tagebuch März.txt',
        type: 'text/plain',
        file_type: 'user_upload',
        size_bytes: 18,
        session_id: null,
        description: 'my notes',
        uploaded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({ name: 'plan.pdf', type: 'application/pdf', session_id: session }),
    ]);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain('secret diary words');
    expect(text).not.toContain('quarterly plan');
    expect(text).not.toContain('not-mine');
    for (const key of await storageKeysOf(me)) expect(text).not.toContain(key);
  });

  it('answers an empty list for someone without files, and refuses a call without the right token', async () => {
    expect((await exportOf(randomUUID())).body).toEqual({ files: [] });
    expect((await exportOf(randomUUID(), null)).status).toBe(401);
    expect((await exportOf(randomUUID(), 'wrong-token-wrong-token-wrong-token-0')).status).toBe(401);
    expect((await exportOf('not-a-uuid')).status).toBe(422);
  });
});
