// The model with fixed token timing: TOKENS pieces, one every TOKEN_MS (the first TOKEN_MS after
// the response starts). Started by run.ts in its own process.
import { startFakeOpenAi } from '../../services/chat/src/testing/fake-openai-server.ts';
import { serveBenchChild } from './child.ts';

const tokens = Number(process.env.TOKENS ?? 60);
const tokenMs = Number(process.env.TOKEN_MS ?? 50);
const fake = await startFakeOpenAi({
  fallback: {
    kind: 'stream',
    pieces: Array.from({ length: tokens }, (_, i) => (i === 0 ? 'Hello' : ' word')),
    delayMs: tokenMs,
    usage: { prompt_tokens: 200, completion_tokens: tokens },
  },
});
fake.titleText = 'A benchmark conversation';
serveBenchChild(fake.baseUrl.replace(/\/v1$/, ''), () => fake.close());
