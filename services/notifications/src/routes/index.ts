import type { RouteDefinition, ServiceContext } from '@innerview/kit';
import { devMailboxEnabled, mailDir, type NotificationsConfig } from '../config.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { exportRoutes } from './export-routes.ts';

/** Every HTTP route of the notifications service. The feature issues add theirs here. */
export function routes(ctx: ServiceContext<NotificationsConfig>): RouteDefinition[] {
  return [
    ...exportRoutes(ctx),
    ...(devMailboxEnabled(ctx.config) ? devMailboxRoutes(mailDir(ctx.config)) : []),
  ];
}
