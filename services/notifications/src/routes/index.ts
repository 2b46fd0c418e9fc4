import type { RouteDefinition } from '@innerview/kit';
import { devMailboxEnabled, localPushServiceEnabled, mailDir } from '../config.ts';
import type { NotificationsContext } from '../notifications-context.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { devPushRoutes } from './dev-push.ts';
import { exportRoutes } from './export-routes.ts';
import { pushRoutes } from './push-routes.ts';

/** Every HTTP route of the notifications service. The feature issues add theirs here. */
export function routes({ service: ctx, push }: NotificationsContext): RouteDefinition[] {
  return [
    ...exportRoutes(ctx, push),
    ...pushRoutes(push),
    ...(devMailboxEnabled(ctx.config) ? devMailboxRoutes(mailDir(ctx.config)) : []),
    ...(localPushServiceEnabled(ctx.config) ? devPushRoutes(push) : []),
  ];
}
