import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { phrases } from '../../domain/offline-coach/phrases.ts';
import { type ChatHarness, startChatHarness } from '../../testing/chat-harness.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '../../testing/fake-openai-server.ts';
import { readSse, replyText } from '../../testing/sse-client.ts';
import type { AttachmentTexts, ReadAttachmentsInput } from './attachment-texts.ts';

// The chat service's side of attachments on the embedded database, with the files service
// replaced by a stand-in (or absent): what the coach is given and says.
let h: ChatHarness | undefined;
let fake: FakeOpenAiServer | undefined;
afterEach(async () => {
  await h?.stop();
  await fake?.close();
  h = undefined;
  fake = undefined;
});

const PNG_BASE64 = Buffer.from('not really a png').toString('base64');

async function sendWithFiles(harness: ChatHarness, message: string) {
  const userId = randomUUID();
  await harness.subscribe(userId, 'monthly');
  const response = await harness.call(
    'POST',
    '/api/v1/chat/stream',
    { message, session_id: null, file_ids: [randomUUID()] },
    { userId },
  );
  expect(response.status).toBe(200);
  return readSse(response);
}

describe('attachments in the chat service', () => {
  it('sends images to a model that accepts them, as image parts of the message', async () => {
    fake = await startFakeOpenAi();
    const asked: ReadAttachmentsInput[] = [];
    const attachments: AttachmentTexts = {
      async read(input) {
        asked.push(input);
        return {
          unreadable: false,
          files: [
            {
              id: input.fileIds[0]!,
              name: 'desk.png',
              type: 'image/png',
              text: null,
              image: true,
              imageData: PNG_BASE64,
            },
          ],
        };
      },
    };
    h = await startChatHarness({
      attachments,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl, OPENAI_ACCEPTS_IMAGES: 'true' },
    });
    const events = await sendWithFiles(h, 'This is where I work');
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(asked[0]?.includeImages).toBe(true);
    const call = fake.calls.find((c) => c.body.stream)!;
    expect(call.body.messages!.at(-1)!.content).toEqual([
      { type: 'text', text: 'This is where I work' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
    ]);
  });

  it('never asks for image data when the model does not accept images', async () => {
    fake = await startFakeOpenAi();
    const asked: ReadAttachmentsInput[] = [];
    h = await startChatHarness({
      attachments: {
        async read(input) {
          asked.push(input);
          return { unreadable: false, files: [] };
        },
      },
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl },
    });
    await sendWithFiles(h, 'Here you go');
    expect(asked[0]?.includeImages).toBe(false);
  });

  it('lets the offline coach say it could not read the files when the files service does not answer', async () => {
    // Nothing listens on port 9 of the loopback: the call fails at once.
    h = await startChatHarness({ env: { FILES_URL: 'http://127.0.0.1:9' } });
    const events = await sendWithFiles(h, 'Files attached');
    expect(events.at(-1)?.data).toBe('[DONE]');
    expect(replyText(events)).toContain(phrases.en.attachmentUnreadable);
  });

  it('says so as well when no files service is configured', async () => {
    h = await startChatHarness();
    const events = await sendWithFiles(h, 'Files attached');
    expect(replyText(events)).toContain(phrases.en.attachmentUnreadable);
  });
});
