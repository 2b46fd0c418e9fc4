import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventEnvelope } from '@innerview/contracts';
import {
  type EventBus,
  type Logger,
  type ManualClock,
  type RunningService,
  USER_ID_HEADER,
} from '@innerview/kit';
import { signedFetch, testSigningKey } from '@innerview/kit/testing/signed-calls';
import { startTestService } from '@innerview/kit/testing/test-service';
import { hookFor } from '@innerview/kit/testing/use-started';
import type { Caller } from '@innerview/kit/trust';
import { createFilesService } from '../app.ts';
import { type FakeChat, startFakeChat } from './fake-chat.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies field by field.
type Json = any;

export interface Upload {
  name: string;
  bytes: Uint8Array;
  /** What the browser would claim; the service ignores it. */
  type?: string;
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
  bytes: Buffer;
}

/** A running files service for tests, called the way the gateway (and chat) call it. */
export interface FilesHarness {
  url: string;
  service: RunningService;
  dataDir: string;
  /** `INTERNAL_SIGNING_KEY` of this run (ADR 43). */
  signingKey: string;
  bus: EventBus;
  clock: ManualClock;
  /** The chat service the files service asks whose sessions are whose (`CHAT_URL`). */
  chat: FakeChat;
  call(
    method: string,
    path: string,
    options?: {
      userId?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** Signed as this caller (default the gateway); `key` signs with another key than the run's. */
      caller?: Caller;
      key?: string;
    },
  ): Promise<Answer>;
  /** A multipart upload: `files` under `field`, plus text fields. */
  upload(
    userId: string,
    route: 'upload' | 'upload-multiple-to-session',
    files: Upload[],
    fields?: Record<string, string>,
  ): Promise<Answer>;
  /** `POST /internal/extracted-text` signed by chat for `body.user_id`, with the run's key unless another is given. */
  extractedText(
    body: { user_id?: unknown; [field: string]: unknown },
    options?: { key?: string; caller?: Caller },
  ): Promise<Answer>;
  publish(event: EventEnvelope): Promise<void>;
  stop(): Promise<void>;
}

export async function startFilesHarness(
  options: {
    env?: Record<string, string>;
    bus?: EventBus;
    logger?: Logger;
    clock?: ManualClock;
    /** A real chat service's address (known once it started); the fake chat's otherwise. */
    chatUrl?: () => string | undefined;
  } = {},
): Promise<FilesHarness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iv-files-'));
  const signingKey = options.env?.INTERNAL_SIGNING_KEY ?? testSigningKey;
  const chat = await startFakeChat(signingKey);
  const test = await startTestService(
    createFilesService(options.chatUrl ? { chatUrl: options.chatUrl } : {}),
    {
      ...options,
      env: {
        DATA_DIR: dataDir,
        JOBS: 'memory',
        FILES_SWEEP_INTERVAL_MS: '100',
        CHAT_URL: chat.url,
        ...options.env,
        INTERNAL_SIGNING_KEY: signingKey,
      },
    },
  );
  const { service } = test;
  const answer = async (response: Response): Promise<Answer> => {
    const bytes = Buffer.from(await response.arrayBuffer());
    const json = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      body: json && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined,
    };
  };
  const call: FilesHarness['call'] = async (
    method,
    route,
    { userId, body, headers = {}, caller, key } = {},
  ) =>
    answer(
      await test.request(method, route, {
        userId,
        body,
        headers,
        ...(caller ? { caller } : {}),
        ...(key ? { keys: { current: key } } : {}),
      }),
    );
  const upload: FilesHarness['upload'] = async (userId, route, files, fields = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const field = route === 'upload' ? 'file' : 'files';
    for (const file of files)
      form.append(
        field,
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    return answer(
      await signedFetch(service, `${service.url}/api/v1/files/${route}`, {
        method: 'POST',
        headers: { [USER_ID_HEADER]: userId },
        body: form,
      }),
    );
  };
  return {
    url: service.url,
    service,
    dataDir,
    signingKey,
    bus: test.bus,
    clock: test.clock,
    chat,
    call,
    upload,
    extractedText: (body, as = {}) =>
      call('POST', '/internal/extracted-text', {
        body,
        caller: as.caller ?? 'chat',
        ...(as.key ? { key: as.key } : {}),
        ...(typeof body.user_id === 'string' ? { userId: body.user_id } : {}),
      }),
    publish: (event) => test.publish(event),
    stop: async () => {
      await test.stop();
      await chat.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until a check holds (events and sweeps are asynchronous): the kit's shared helper. */
export { eventually } from '@innerview/kit/testing/eventually';

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useFilesHarness = hookFor(startFilesHarness);
