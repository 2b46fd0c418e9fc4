import { hookFor } from '@innerview/kit/testing/use-started';
import { type ChatHarness, type ChatHarnessOptions, startChatHarness } from './chat-harness.ts';
import { type FakeBehaviour, type FakeOpenAiServer, startFakeOpenAi } from './fake-openai-server.ts';

/** A chat harness whose coach is the OpenAI-compatible one, talking to `fake`. */
export interface ModelChatHarness extends ChatHarness {
  fake: FakeOpenAiServer;
}

export interface ModelChatOptions extends ChatHarnessOptions {
  /** What the fake model streams when no behaviour is queued. */
  fallback?: FakeBehaviour;
}

/**
 * Chat with a model configured, as in production: the OpenAI-compatible coach and its crisis check
 * pointed at a local fake model (`fake`), which records every call. `stop` stops both.
 */
export async function startModelChatHarness(options: ModelChatOptions = {}): Promise<ModelChatHarness> {
  const { fallback, env, ...rest } = options;
  const fake = await startFakeOpenAi(fallback ? { fallback } : {});
  try {
    const harness = await startChatHarness({
      ...rest,
      env: {
        OPENAI_API_KEY: 'sk-local-test',
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MODEL: 'coach-test-model',
        ...env,
      },
    });
    return {
      ...harness,
      fake,
      async stop() {
        await harness.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/**
 * One harness for the whole test file: started before the file's tests (handed to `started`; the
 * start may take `timeoutMs`), stopped after them.
 */
export const useModelChatHarness = hookFor(startModelChatHarness);
