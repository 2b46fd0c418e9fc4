import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import type { ChatContext } from '../chat-context.ts';
import { exportChat } from '../actions/export-chat.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); only other services may call it (ADR 43). */
export function exportRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: "the person's chat sessions and messages, decrypted, for their data export",
      exportUser: (userId) => exportChat(chat, userId),
    }),
  ];
}
