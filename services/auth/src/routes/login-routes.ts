import { authMessages, isValidEmail } from '@innerview/contracts';
import { CurrentUserResponse, MessageResponse, TokenResponse } from '@innerview/contracts/auth';
import { defineRoute, HttpError, type RouteDefinition } from '@innerview/kit';
import { logIn } from '../actions/login.ts';
import { currentUser } from '../actions/profile.ts';
import { isSessionActive, revokeSession } from '../actions/sessions.ts';
import type { AuthContext } from '../auth-context.ts';
import { accountMessages } from '../domain/messages.ts';
import { normaliseEmail } from '../domain/validation.ts';
import { clientAddress, enforceRateLimits } from './rate-limit.ts';
import { LoginForm, loginErrors } from './schemas.ts';

function wantsRememberMe(form: { remember_me?: string; scope: string }): boolean {
  if (form.remember_me !== undefined) return ['true', 'on', '1'].includes(form.remember_me);
  return form.scope.split(/\s+/).includes('remember_me');
}

export function loginRoutes(auth: AuthContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/login/access-token',
      summary:
        'Sign in with the OAuth2 password form; remember_me=true (or scope "remember_me") gives a 10-day session instead of 24 h',
      auth: 'none',
      bodyType: 'form',
      body: LoginForm,
      responses: { 200: { description: 'Signed in', schema: TokenResponse }, ...loginErrors },
      handler: async ({ body, req, res }) => {
        const email = normaliseEmail(body.username);
        const errors = [];
        if (!isValidEmail(email))
          errors.push({
            loc: ['body', 'username'],
            msg: authMessages.loginEmailInvalid,
            type: 'loginEmailInvalid',
          });
        if (body.password === '')
          errors.push({
            loc: ['body', 'password'],
            msg: authMessages.passwordRequired,
            type: 'passwordRequired',
          });
        if (errors.length > 0) throw new HttpError(422, errors);
        await enforceRateLimits(auth, req, res, { perIp: 'loginPerIp', email });
        res.setHeader('Cache-Control', 'no-store');
        return logIn(auth, {
          email,
          password: body.password,
          rememberMe: wantsRememberMe(body),
          client: clientAddress(req),
          onWrongPassword: () =>
            enforceRateLimits(auth, req, res, { perAccount: 'loginFailuresPerAccount', email }),
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/login/test-token',
      summary: 'Session check: the current user while the token and its session are valid',
      responses: { 200: { description: 'The current user', schema: CurrentUserResponse } },
      handler: async ({ userId, sessionId }) => {
        if (sessionId && !(await isSessionActive(auth, userId, sessionId))) throw new HttpError(401);
        return currentUser(auth, userId);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/login/logout',
      summary: 'Sign out: revokes the current session; its token is refused from the next request on',
      responses: { 200: { description: 'Signed out', schema: MessageResponse } },
      handler: async ({ userId, sessionId }) => {
        if (sessionId) await revokeSession(auth, userId, sessionId);
        return { message: accountMessages.loggedOut };
      },
    }),
  ];
}
