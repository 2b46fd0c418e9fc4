import type { RouteDefinition } from '@innerview/kit';
import { internalExportRoute } from '@innerview/kit/internal';
import { exportChat } from '../actions/export-chat.ts';
import type { ChatContext } from '../chat-context.ts';

/** `GET /internal/export` for the auth service's data export (ADR 17); only other services may call it (ADR 43). */
export function exportRoutes(chat: ChatContext): RouteDefinition[] {
  return [
    internalExportRoute({
      summary: "the person's chat sessions and messages, decrypted, for their data export",
      exportUser: (userId) => exportChat(chat, userId),
    }),
  ];
}
