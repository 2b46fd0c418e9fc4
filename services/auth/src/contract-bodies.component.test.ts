import {
  AccountDeletedResponse,
  CurrentUserResponse,
  MessageResponse,
  OnboardingStatusResponse,
  SettingsOptionsResponse,
  SettingsResponse,
  TokenResponse,
  VerifyResponse,
} from '@innerview/contracts/auth';
import { exactBody } from '@innerview/kit/testing/exact-body';
import { describe, expect, it } from 'vitest';
import { type AuthHarness, useAuthHarness } from './testing/auth-harness.ts';

// Every JSON answer of auth, parsed with the contract's schema and nothing more or less (ADR 0066):
// the api-client's types are `z.infer` of the same schemas, so a field added or dropped on either
// side fails here.
let h: AuthHarness;
useAuthHarness((harness) => {
  h = harness;
});

async function answer(response: Promise<Response>, status = 200): Promise<unknown> {
  const res = await response;
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body;
}

describe('the auth answers are the contract bodies', () => {
  it('from sign-up to account deletion', async () => {
    const signup = h.signupBody();
    exactBody(MessageResponse, await answer(h.post('/api/v1/users/signup', signup), 201));
    const requested = await h.waitForEvent(
      'auth.verification.requested',
      (e) => e.data.email === signup.email,
    );
    const { userId } = requested.data;
    const verify = () => h.post('/api/v1/users/verify', { token: h.tokenOf(requested) });
    expect(exactBody(VerifyResponse, await answer(verify())).already_verified).toBeUndefined();
    expect(exactBody(VerifyResponse, await answer(verify())).already_verified).toBe(true);
    exactBody(MessageResponse, await answer(h.post('/api/v1/users/verify/resend', { email: signup.email })));

    const signIn = async (password: string) => {
      const token = exactBody(TokenResponse, await answer(h.login(signup.email, password)));
      const headers = await h.asGateway(token.access_token);
      if (!headers) throw new Error('the gateway refused a fresh token');
      return headers;
    };
    let headers = await signIn(signup.password);
    const me = exactBody(
      CurrentUserResponse,
      await answer(h.post('/api/v1/login/test-token', undefined, headers)),
    );
    expect(me.user).toEqual({ id: userId, is_onboarding_completed: false });
    exactBody(CurrentUserResponse, await answer(h.call('GET', '/api/v1/users/me', undefined, headers)));
    const renamed = await answer(h.call('PATCH', '/api/v1/users/me', { first_name: 'Augusta' }, headers));
    expect(exactBody(CurrentUserResponse, renamed).first_name).toBe('Augusta');
    exactBody(
      OnboardingStatusResponse,
      await answer(h.call('GET', '/api/v1/users/me/onboarding-status', undefined, headers)),
    );

    exactBody(SettingsOptionsResponse, await answer(h.call('GET', '/api/v1/settings/options')));
    exactBody(SettingsResponse, await answer(h.call('GET', '/api/v1/settings/me', undefined, headers)));
    const saved = await answer(h.call('PUT', '/api/v1/settings/me', { language: 'fr-CH' }, headers));
    expect(exactBody(SettingsResponse, saved)).toEqual({ language: 'fr', theme: 'system' });
    exactBody(SettingsResponse, await answer(h.call('DELETE', '/api/v1/settings/me', undefined, headers)));

    // A reset link, then a change while signed in; each ends every session.
    exactBody(
      MessageResponse,
      await answer(h.post(`/api/v1/password-recovery/${encodeURIComponent(signup.email)}`)),
    );
    const reset = await h.waitForEvent('auth.password-reset.requested', (e) => e.data.userId === userId);
    const resetBody = {
      token: h.tokenOf(reset),
      new_password: 'Engine#2026',
      confirm_new_password: 'Engine#2026',
    };
    exactBody(MessageResponse, await answer(h.post('/api/v1/reset-password/', resetBody)));
    headers = await signIn('Engine#2026');
    const change = {
      current_password: 'Engine#2026',
      new_password: 'Difference3!',
      confirm_new_password: 'Difference3!',
    };
    exactBody(MessageResponse, await answer(h.call('PATCH', '/api/v1/users/me/password', change, headers)));

    headers = await signIn('Difference3!');
    exactBody(MessageResponse, await answer(h.post('/api/v1/login/logout', undefined, headers)));
    headers = await signIn('Difference3!');
    const deleted = await answer(
      h.call('DELETE', '/api/v1/users/me', { current_password: 'Difference3!' }, headers),
    );
    exactBody(AccountDeletedResponse, deleted);
  });

  it('as its OpenAPI document describes them', async () => {
    const doc = await answer(h.call('GET', '/openapi.json'));
    const schemas = (doc as { components: { schemas: Record<string, { properties: object }> } }).components
      .schemas;
    expect(Object.keys(schemas.CurrentUser!.properties)).toEqual(Object.keys(CurrentUserResponse.shape));
    expect(Object.keys(schemas.TokenResponse!.properties)).toEqual(Object.keys(TokenResponse.shape));
    expect(Object.keys(schemas.Settings!.properties)).toEqual(Object.keys(SettingsResponse.shape));
  });
});
