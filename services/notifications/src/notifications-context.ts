import { type NotificationsServiceContext, type PushContext, pushContext } from './push-context.ts';

/** What the notifications service's routes, consumers and jobs share: the kit's context and push. */
export interface NotificationsContext {
  service: NotificationsServiceContext;
  push: PushContext;
}

export function notificationsContext(service: NotificationsServiceContext): NotificationsContext {
  return { service, push: pushContext(service) };
}
