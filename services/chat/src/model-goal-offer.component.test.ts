import { randomUUID } from 'node:crypto';
import { goalOffers, offersGoal } from '@innerview/contracts/goal-statement';
import { describe, expect, it } from 'vitest';
import { type ModelChatHarness, useModelChatHarness } from './testing/model-chat.ts';
import { readSse, replyText } from './testing/sse-client.ts';

// docs/product.md#goals "The coach proposes a goal" with a model configured (a local fake model):
// the reply to a stated goal ends with the offer, so the chat shows "Add as goal"; other replies not.
let h: ModelChatHarness;
useModelChatHarness((harness) => {
  h = harness;
});

async function reply(userId: string, message: string): Promise<string> {
  h.fake.queue.push({ kind: 'stream', pieces: ['What would ', 'a first step be?'] });
  const response = await h.call('POST', '/api/v1/chat/stream', { message, session_id: null }, { userId });
  return replyText(await readSse(response));
}

describe('the model coach and a stated goal', () => {
  it('ends the model’s reply with the offer in the person’s language, and only after a goal', async () => {
    const me = randomUUID();
    await h.subscribe(me, 'monthly');
    expect(await reply(me, 'My goal is to run 5 km by June.')).toBe(
      `What would a first step be?\n\n${goalOffers.en}`,
    );
    expect(await reply(me, 'Il mio obiettivo è correre 5 km entro giugno.')).toContain(goalOffers.it);
    expect(offersGoal(await reply(me, 'Work has been very busy lately.'))).toBe(false);
  });
});
