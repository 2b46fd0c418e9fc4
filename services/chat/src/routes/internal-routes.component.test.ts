import { randomUUID } from 'node:crypto';
import { fetchAsGateway } from '@innerview/kit/testing/signed-calls';
import { describe, expect, it } from 'vitest';
import { type ChatHarness, useChatHarness } from '../testing/chat-harness.ts';

// The files service's question (issue 18): is this session the person's? Only a service may ask,
// and the answer never tells another person's session from one that does not exist.
let h: ChatHarness;
useChatHarness((harness) => {
  h = harness;
});

const ask = (userId: string, sessionId: string, caller: 'files' | 'gateway' = 'files') =>
  fetchAsGateway(h.service, h.url, `/internal/chat-sessions/${sessionId}`, {}, { userId, caller });

describe('GET /internal/chat-sessions/:id', () => {
  it("answers 204 for the person's own session and 404 for another's, a deleted, an unknown or a malformed id", async () => {
    const owner = randomUUID();
    const other = randomUUID();
    const created = await h.call('POST', '/api/v1/chat-sessions/', {}, { userId: owner });
    const { id } = (await created.json()) as { id: string };
    expect((await ask(owner, id)).status).toBe(204);
    const foreign = await ask(other, id);
    const unknown = await ask(other, randomUUID());
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect((await ask(owner, 'not-a-session')).status).toBe(404);
    expect((await h.call('DELETE', `/api/v1/chat-sessions/${id}`, undefined, { userId: owner })).status).toBe(
      200,
    );
    expect((await ask(owner, id)).status).toBe(404);
  });

  it('refuses a call the gateway signed (a browser cannot ask it)', async () => {
    const owner = randomUUID();
    const created = await h.call('POST', '/api/v1/chat-sessions/', {}, { userId: owner });
    const { id } = (await created.json()) as { id: string };
    expect((await ask(owner, id, 'gateway')).status).toBe(403);
  });
});
