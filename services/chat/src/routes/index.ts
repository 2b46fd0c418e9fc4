import type { RouteDefinition } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import { exportRoutes } from '../export/export-routes.ts';
import { chatRoutes } from './chat-routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/** Every HTTP route of the chat service. */
export function routes(chat: ChatContext): RouteDefinition[] {
  return [...chatRoutes(chat), ...sessionRoutes(chat), ...exportRoutes(chat), ...internalRoutes(chat)];
}
