import type { RouteDefinition, ServiceContext } from '@innerview/kit';

/** Every HTTP route of the auth service. The feature issues add theirs here. */
export function routes(_ctx: ServiceContext): RouteDefinition[] {
  return [];
}
