import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FilesClientError, fetchExtractedTexts } from '@innerview/files-client';
import { type CallSigner, callSigner } from '@innerview/kit/trust';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripImageMetadata } from './domain/strip-metadata.ts';
import { makeDocx, makePng } from './testing/fixtures.ts';
import { type FilesHarness, startFilesHarness } from './testing/harness.ts';

// The chat service's client for the internal call, against a running files service.
let h: FilesHarness;
let silent: Server;
let silentUrl: string;
/** The chat service's signer, with the key of the files service under test. */
let chat: CallSigner;

beforeAll(async () => {
  h = await startFilesHarness();
  chat = callSigner('chat', { current: h.signingKey });
  // A server that takes requests and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  silent?.closeAllConnections();
  silent?.close();
  await h?.stop();
});

describe('fetchExtractedTexts', () => {
  it('returns the texts of the user’s files, in order, with images marked', async () => {
    const me = randomUUID();
    const session = randomUUID();
    const [docx, png] = (
      await h.upload(me, 'upload-multiple-to-session', [
        { name: 'goals.docx', bytes: makeDocx(['Run a marathon']) },
        { name: 'photo.png', bytes: makePng() },
      ])
    ).body.files;
    const texts = await fetchExtractedTexts({
      baseUrl: h.url,
      calls: chat,
      userId: me,
      fileIds: [png.id, docx.id],
      sessionId: session,
    });
    // What is stored is the image as sharp re-encoded it, without metadata.
    const storedPng = await stripImageMetadata('png', makePng());
    expect(texts).toEqual([
      {
        id: png.id,
        name: 'photo.png',
        type: 'image/png',
        size: storedPng.length,
        text: null,
        image: true,
        truncated: false,
      },
      {
        id: docx.id,
        name: 'goals.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: makeDocx(['Run a marathon']).length,
        text: 'Run a marathon',
        image: false,
        truncated: false,
      },
    ]);
    const withImage = await fetchExtractedTexts({
      baseUrl: h.url,
      calls: chat,
      userId: me,
      fileIds: [png.id],
      includeImageData: true,
    });
    expect(Buffer.from(withImage[0]!.image_data!, 'base64').equals(storedPng)).toBe(true);
  });

  it('throws FilesClientError with the status and code of a refusal', async () => {
    const foreign = randomUUID();
    const error = await fetchExtractedTexts({
      baseUrl: h.url,
      calls: chat,
      userId: randomUUID(),
      fileIds: [foreign],
    }).catch((e) => e);
    expect(error).toBeInstanceOf(FilesClientError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: `File not found: ${foreign}` });
    const wrongKey = await fetchExtractedTexts({
      baseUrl: h.url,
      calls: callSigner('chat', { current: 'wrong'.repeat(10) }),
      userId: randomUUID(),
      fileIds: [foreign],
    }).catch((e) => e);
    expect(wrongKey).toMatchObject({ status: 401, code: 'UNTRUSTED_CALL' });
  });

  it('gives up after its time-out, and when its signal aborts', async () => {
    const started = Date.now();
    const late = await fetchExtractedTexts({
      baseUrl: silentUrl,
      calls: chat,
      userId: randomUUID(),
      fileIds: [randomUUID()],
      timeoutMs: 200,
    }).catch((e) => e);
    expect(late).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    const controller = new AbortController();
    const pending = fetchExtractedTexts({
      baseUrl: silentUrl,
      calls: chat,
      userId: randomUUID(),
      fileIds: [randomUUID()],
      signal: controller.signal,
    }).catch((e) => e);
    controller.abort();
    expect(await pending).toMatchObject({ status: 0, code: 'ABORTED' });
  });

  it('says NETWORK_ERROR when nothing listens', async () => {
    const error = await fetchExtractedTexts({
      baseUrl: 'http://127.0.0.1:9',
      calls: chat,
      userId: randomUUID(),
      fileIds: [randomUUID()],
    }).catch((e) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
