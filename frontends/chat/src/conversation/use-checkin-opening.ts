import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useOpenChatMutation } from '../chat-api.ts';

/**
 * docs/product.md#goals "Check-ins": a new chat (no session yet, nothing on screen, nothing being
 * sent or loaded, no intro handed over) asks once whether the coach opens it with a due check-in;
 * if so, the chat moves to that session, whose first message is the coach's question. Otherwise
 * the chat stays as it is and the first reply greets. A failure changes nothing.
 */
export function useCheckinOpening(
  routeSessionId: string | null,
  ready: boolean,
  stillReady: () => boolean,
): void {
  const [openChat] = useOpenChatMutation();
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    // Each new chat asks once: leaving it for a session makes the next new chat ask again.
    if (routeSessionId !== null) asked.current = false;
    if (!ready || asked.current) return;
    asked.current = true;
    void openChat().then((result) => {
      const sessionId = 'data' in result ? result.data?.session_id : undefined;
      // The person may have started writing meanwhile: their chat wins.
      if (sessionId && stillReady()) void navigate(`/chat/${encodeURIComponent(sessionId)}`);
    });
  }, [routeSessionId, ready, openChat, navigate, stillReady]);
}
