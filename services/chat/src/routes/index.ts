import type { RouteDefinition } from '@innerview/kit';
import type { ChatContext } from '../chat-context.ts';
import { chatRoutes } from './chat-routes.ts';
import { exportRoutes } from './export-routes.ts';
import { goalRoutes } from './goal-routes.ts';
import { internalRoutes } from './internal-routes.ts';
import { memoryRoutes } from './memory-routes.ts';
import { revisionRoutes } from './revision-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/** Every HTTP route of the chat service. */
export function routes(chat: ChatContext): RouteDefinition[] {
  return [
    ...chatRoutes(chat),
    ...searchRoutes(chat),
    ...revisionRoutes(chat),
    ...sessionRoutes(chat),
    ...goalRoutes(chat),
    ...exportRoutes(chat),
    ...memoryRoutes(chat),
    ...internalRoutes(chat),
  ];
}
