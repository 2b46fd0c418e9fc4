import { createEvent } from '@innerview/kit';
import { describe, expect, it } from 'vitest';
import { type AuthHarness, useAuthHarness } from './testing/auth-harness.ts';

let h: AuthHarness;
useAuthHarness((harness) => {
  h = harness;
});

const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('GET /users/me', () => {
  it('needs a signed-in user', async () => {
    expect(await json(await h.call('GET', '/api/v1/users/me'))).toEqual({
      status: 401,
      body: { detail: 'Authentication required', code: 'UNAUTHORIZED' },
    });
  });

  it('returns the caller, with the nested user holding is_onboarding_completed', async () => {
    const me = await h.signedIn({
      first_name: 'Grace',
      last_name: 'Hopper',
      date_of_birth: '1980-02-29',
      language: 'de-CH',
    });
    const { status, body } = await json(await h.call('GET', '/api/v1/users/me', undefined, me.headers));
    expect(status).toBe(200);
    expect(body).toEqual({
      id: me.userId,
      email: me.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      date_of_birth: '1980-02-29',
      language: 'de',
      theme: 'system',
      is_verified: true,
      is_active: true,
      terms_accepted: true,
      privacy_accepted: true,
      created_at: h.clock.now().toISOString(),
      user: { id: me.userId, is_onboarding_completed: false },
    });
    expect(body).not.toHaveProperty('password_hash');
  });

  it('shows each user only themself', async () => {
    const alice = await h.signedIn();
    const bob = await h.signedIn();
    const seenByAlice = await json(await h.call('GET', '/api/v1/users/me', undefined, alice.headers));
    const seenByBob = await json(await h.call('GET', '/api/v1/users/me', undefined, bob.headers));
    expect(seenByAlice.body.id).toBe(alice.userId);
    expect(seenByBob.body.id).toBe(bob.userId);
  });
});

describe('PATCH /users/me', () => {
  it('changes first and last name, with the sign-up length rule', async () => {
    const me = await h.signedIn();
    const patch = (body: unknown) => h.call('PATCH', '/api/v1/users/me', body, me.headers);
    const updated = await json(await patch({ first_name: '  Augusta ', last_name: 'King' }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
    const invalid = await json(await patch({ first_name: 'A', last_name: 'x'.repeat(256) }));
    expect(invalid).toEqual({
      status: 422,
      body: {
        code: 'VALIDATION_ERROR',
        detail: [
          {
            loc: ['body', 'first_name'],
            msg: 'First name must be 2 to 255 characters',
            type: 'firstNameLength',
          },
          {
            loc: ['body', 'last_name'],
            msg: 'Last name must be 2 to 255 characters',
            type: 'lastNameLength',
          },
        ],
      },
    });
    expect((await patch({})).status).toBe(422);
  });

  it('does not offer changing the e-mail address', async () => {
    const me = await h.signedIn();
    const response = await h.call('PATCH', '/api/v1/users/me', { email: 'new@example.com' }, me.headers);
    expect(response.status).toBe(422);
    const after = await json(await h.call('GET', '/api/v1/users/me', undefined, me.headers));
    expect(after.body.email).toBe(me.email);
  });
});

describe('onboarding status', () => {
  it('is false until the questionnaire is submitted, then true (here and in /users/me)', async () => {
    const me = await h.signedIn();
    const status = () => h.call('GET', '/api/v1/users/me/onboarding-status', undefined, me.headers);
    expect(await json(await status())).toEqual({ status: 200, body: { onboarding_completed: false } });
    const submitted = createEvent('questionnaire.submitted', me.userId, {
      userId: me.userId,
      submittedAt: h.clock.now().toISOString(),
      skippedSteps: [],
    });
    await h.bus.publish([submitted]);
    await h.bus.publish([submitted]);
    const deadline = Date.now() + 5000;
    let body = (await json(await status())).body;
    while (!body.onboarding_completed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      body = (await json(await status())).body;
    }
    expect(body).toEqual({ onboarding_completed: true });
    const me2 = await json(await h.call('GET', '/api/v1/users/me', undefined, me.headers));
    expect(me2.body.user.is_onboarding_completed).toBe(true);
  });
});

describe('settings', () => {
  it('lists the language and theme options without sign-in', async () => {
    const { status, body } = await json(await h.call('GET', '/api/v1/settings/options'));
    expect(status).toBe(200);
    expect(body.languages).toEqual([
      { code: 'en', name: 'English', nativeName: 'English' },
      { code: 'fr', name: 'French', nativeName: 'Français' },
      { code: 'de', name: 'German', nativeName: 'Deutsch' },
      { code: 'it', name: 'Italian', nativeName: 'Italiano' },
      { code: 'es', name: 'Spanish', nativeName: 'Español' },
    ]);
    expect(body.themes).toEqual(['light', 'dark', 'system']);
    expect(body.defaults).toEqual({ language: 'en', theme: 'system' });
  });

  it('reads, changes (mapping regional variants) and restores the defaults, announcing each change', async () => {
    const me = await h.signedIn({ language: 'it' });
    const settings = (method: string, body?: unknown) =>
      h.call(method, '/api/v1/settings/me', body, me.headers);
    expect((await json(await settings('GET'))).body).toEqual({ language: 'it', theme: 'system' });
    expect((await json(await settings('PUT', { language: 'fr-CH' }))).body).toEqual({
      language: 'fr',
      theme: 'system',
    });
    expect((await json(await settings('PUT', { theme: 'dark' }))).body).toEqual({
      language: 'fr',
      theme: 'dark',
    });
    await h.waitForEvent(
      'auth.settings.changed',
      (e) => e.data.userId === me.userId && e.data.theme === 'dark',
    );
    expect((await json(await settings('DELETE'))).body).toEqual({ language: 'en', theme: 'system' });
    await h.waitForEvent(
      'auth.settings.changed',
      (e) => e.data.userId === me.userId && e.data.language === 'en' && e.data.theme === 'system',
    );
    expect((await json(await settings('GET'))).body).toEqual({ language: 'en', theme: 'system' });
  });

  it('refuses unknown languages and themes with a field list', async () => {
    const me = await h.signedIn();
    const bad = await json(
      await h.call('PUT', '/api/v1/settings/me', { language: 'pt', theme: 'blue' }, me.headers),
    );
    expect(bad).toEqual({
      status: 422,
      body: {
        code: 'VALIDATION_ERROR',
        detail: [
          { loc: ['body', 'language'], msg: 'Language must be one of en, fr, de, it, es', type: 'enum' },
          { loc: ['body', 'theme'], msg: 'Theme must be one of light, dark, system', type: 'enum' },
        ],
      },
    });
    expect((await h.call('PUT', '/api/v1/settings/me', {}, me.headers)).status).toBe(422);
    expect((await h.call('GET', '/api/v1/settings/me')).status).toBe(401);
  });
});

describe('service surface', () => {
  it('serves the public signing keys at /.well-known/jwks.json, never a private part', async () => {
    const { status, body } = await json(await h.call('GET', '/.well-known/jwks.json'));
    expect(status).toBe(200);
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(body.keys[0]).not.toHaveProperty('d');
  });

  it('documents every route in its OpenAPI document', async () => {
    const { body } = await json(await h.call('GET', '/openapi.json'));
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        '/.well-known/jwks.json',
        '/api/v1/login/access-token',
        '/api/v1/login/logout',
        '/api/v1/login/test-token',
        '/api/v1/password-recovery/{email}',
        '/api/v1/reset-password/',
        '/api/v1/settings/me',
        '/api/v1/settings/options',
        '/api/v1/users/me',
        '/api/v1/users/me/export',
        '/api/v1/users/me/onboarding-status',
        '/api/v1/users/me/password',
        '/api/v1/users/signup',
        '/api/v1/users/verify',
        '/api/v1/users/verify/resend',
        '/internal/sessions/{id}/revoked',
      ].sort(),
    );
    const me = body.paths['/api/v1/users/me'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(me)).toContain('CurrentUser');
  });
});
