import { chatSessionCheckPath } from '@innerview/contracts/chat';
import { HttpError, type Logger } from '@innerview/kit';
import type { CallSigner } from '@innerview/kit/trust';

/** Whose chat sessions are whose: the chat service is the only one that knows. */
export interface ChatSessions {
  /** True when `sessionId` is `userId`'s session and not deleted; false for anything else. */
  isOwnSession(userId: string, sessionId: string): Promise<boolean>;
}

/**
 * Asks the chat service (`GET /internal/chat-sessions/:id`, signed for the person, ADR 43). Without
 * its address (a files service started alone) no session can be confirmed: uploads into a session
 * are refused, uploads without one still work. No answer is a 503 the browser may retry, never a
 * guess.
 */
export function chatSessionsAt(options: {
  baseUrl: () => string | undefined;
  calls: CallSigner;
  log: Logger;
  timeoutMs?: number;
}): ChatSessions {
  let warned = false;
  return {
    async isOwnSession(userId, sessionId) {
      const baseUrl = options.baseUrl();
      if (!baseUrl) {
        if (!warned) options.log.warn('uploads into a chat session are refused: CHAT_URL is not set');
        warned = true;
        return false;
      }
      const url = new URL(chatSessionCheckPath(sessionId), baseUrl);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: options.calls.headers('GET', url, { userId }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        await response.body?.cancel();
      } catch (err) {
        options.log.warn({ reason: (err as Error).name }, 'chat service did not confirm a session');
        throw new HttpError(503);
      }
      if (response.status === 204) return true;
      if (response.status === 404) return false;
      options.log.warn({ status: response.status }, 'chat service did not confirm a session');
      throw new HttpError(503);
    },
  };
}
