import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useOpenChatMutation } from '../chat-api.ts';

/**
 * A new chat the coach may open (docs/product.md#goals "Check-ins",
 * docs/product.md#the-coachs-first-opening): a new chat (no session yet, nothing on screen, nothing
 * being sent or loaded, no intro handed over) asks once whether the coach opens it, with a due
 * check-in or, after the questionnaire, with its personal opening; if so, the chat moves to that
 * session (whose reply may still be streaming: the conversation follows it). Otherwise the chat
 * stays as it is and the first reply greets. A failure changes nothing.
 */
export function useCoachOpening(
  routeSessionId: string | null,
  ready: boolean,
  stillReady: () => boolean,
  /** Just after the questionnaire was sent: the coach may not have its answers for a moment. */
  expectOpening = false,
): void {
  const [openChat] = useOpenChatMutation();
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    // Each new chat asks once: leaving it for a session makes the next new chat ask again.
    if (routeSessionId !== null) asked.current = false;
    if (!ready || asked.current) return;
    asked.current = true;
    void (async () => {
      // The answers reach the chat service as an event: right after sending them a few more asks,
      // half a second apart, while the chat is still new.
      for (let tries = expectOpening ? OPENING_TRIES : 1; tries > 0; tries -= 1) {
        const result = await openChat();
        const sessionId = 'data' in result ? result.data?.session_id : undefined;
        // The person may have started writing meanwhile: their chat wins.
        if (sessionId && stillReady()) void navigate(`/chat/${encodeURIComponent(sessionId)}`);
        if (sessionId || 'error' in result || tries === 1) return;
        await new Promise((resolve) => setTimeout(resolve, OPENING_RETRY_MS));
        if (!stillReady()) return;
      }
    })();
  }, [routeSessionId, ready, openChat, navigate, stillReady, expectOpening]);
}

const OPENING_TRIES = 6;
const OPENING_RETRY_MS = 500;
