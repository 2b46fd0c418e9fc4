import type { RouteDefinition } from '@innerview/kit';
import type { AuthContext } from '../auth-context.ts';
import { accountRoutes } from './account-routes.ts';
import { jwksRoute } from './jwks-route.ts';
import { loginRoutes } from './login-routes.ts';
import { meRoutes } from './me-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { revocationRoute } from './revocation-route.ts';
import { settingsRoutes } from './settings-routes.ts';
import { signupRoutes } from './signup-routes.ts';

/** Every HTTP route of the auth service. */
export function routes(auth: AuthContext): RouteDefinition[] {
  return [
    ...signupRoutes(auth),
    ...loginRoutes(auth),
    ...passwordRoutes(auth),
    ...meRoutes(auth),
    ...accountRoutes(auth),
    ...settingsRoutes(auth),
    jwksRoute(auth),
    revocationRoute(auth),
  ];
}
