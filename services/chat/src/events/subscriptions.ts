import type { EventHandlerDefinition, ServiceContext } from '@innerview/kit';

/** Every event the chat service consumes, in one place. */
export function subscriptions(_ctx: ServiceContext): EventHandlerDefinition[] {
  return [];
}
