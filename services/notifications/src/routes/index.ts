import type { RouteDefinition, ServiceContext } from '@innerview/kit';
import { devMailboxEnabled, localPushServiceEnabled, mailDir, type NotificationsConfig } from '../config.ts';
import { pushContextOf } from '../push/push-context.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { devPushRoutes } from './dev-push.ts';
import { exportRoutes } from './export-routes.ts';
import { pushRoutes } from './push-routes.ts';

/** Every HTTP route of the notifications service. The feature issues add theirs here. */
export function routes(ctx: ServiceContext<NotificationsConfig>): RouteDefinition[] {
  const push = pushContextOf(ctx);
  return [
    ...exportRoutes(ctx),
    ...pushRoutes(push),
    ...(devMailboxEnabled(ctx.config) ? devMailboxRoutes(mailDir(ctx.config)) : []),
    ...(localPushServiceEnabled(ctx.config) ? devPushRoutes(push) : []),
  ];
}
