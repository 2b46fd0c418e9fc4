import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { consents, oneTimeTokens, users } from './db/schema.ts';
import { type AuthHarness, useAuthHarness } from './testing/auth-harness.ts';

let h: AuthHarness;
useAuthHarness((harness) => {
  h = harness;
});

const MIN = 60_000;
const json = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('sign-up', () => {
  it('creates a pending account, records consent, and asks for a verification mail', async () => {
    const body = h.signupBody({ language: 'fr-CH' });
    const response = await h.post('/api/v1/users/signup', body);
    expect(await json(response)).toEqual({
      status: 201,
      body: { message: 'Account created. Please check your email to verify your address.' },
    });
    const registered = await h.waitForEvent('auth.user.registered', (e) => e.data.email === body.email);
    expect(registered.data).toMatchObject({ firstName: 'Ada', language: 'fr' });
    const requested = await h.waitForEvent('auth.verification.requested', (e) => e.data.email === body.email);
    expect(h.tokenOf(requested)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(requested.data.expiresAt).getTime() - h.clock.now().getTime()).toBe(24 * 60 * MIN);

    const db = h.service.ctx.db;
    const [user] = (await db.select().from(users)).filter((u) => u.email === body.email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.isVerified).toBe(false);
    const [consent] = (await db.select().from(consents)).filter((c) => c.userId === user?.id);
    expect(consent).toMatchObject({
      termsVersion: '2025-09-12',
      privacyVersion: '1.0',
      sensitiveDataConsent: true,
    });
    expect(consent?.acceptedAt).toEqual(h.clock.now());
    const stored = (await db.select().from(oneTimeTokens)).map((t) => t.tokenHash);
    expect(stored).not.toContain(h.tokenOf(requested));
  });

  it('answers 422 with every broken field in the spec words', async () => {
    const response = await h.post('/api/v1/users/signup', {});
    const { status, body } = await json(response);
    expect(status).toBe(422);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.detail.map((e: { msg: string }) => e.msg)).toEqual([
      'First name must be 2 to 255 characters',
      'Last name must be 2 to 255 characters',
      'Email is required',
      'Date of birth is required',
      'Password is required',
      'Please confirm your password',
      'You must agree to the General Terms and Conditions',
      'You must agree to the Privacy Policy',
    ]);
    const young = await json(
      await h.post(
        '/api/v1/users/signup',
        h.signupBody({ date_of_birth: '2012-01-01', confirm_password: 'x' }),
      ),
    );
    expect(young.body.detail).toEqual([
      { loc: ['body', 'date_of_birth'], msg: 'You must be at least 16 years old', type: 'tooYoung' },
      { loc: ['body', 'confirm_password'], msg: 'Passwords do not match', type: 'passwordsDiffer' },
    ]);
    const unknownField = await h.post('/api/v1/users/signup', h.signupBody({ is_admin: true }));
    expect(unknownField.status).toBe(422);
  });

  it('answers a known, verified address exactly like a new one, changes nothing and tells the owner', async () => {
    const owner = await h.verifiedUser();
    const before = h.events.length;
    const again = await h.post(
      '/api/v1/users/signup',
      h.signupBody({
        email: owner.email.toUpperCase(),
        password: 'Intruder9!',
        confirm_password: 'Intruder9!',
      }),
    );
    expect(await json(again)).toEqual({
      status: 201,
      body: { message: 'Account created. Please check your email to verify your address.' },
    });
    const told = await h.waitForEvent('auth.signup.existing-account', (e) => e.data.userId === owner.userId);
    expect(told.data.email).toBe(owner.email);
    const since = h.events.slice(before);
    expect(
      since.some((e) => e.type === 'auth.user.registered' || e.type === 'auth.verification.requested'),
    ).toBe(false);
    expect((await h.login(owner.email, owner.password)).status).toBe(200);
    expect((await h.login(owner.email, 'Intruder9!')).status).toBe(401);
  });

  it('lets a newer sign-up replace a still-pending one: the mailbox owner decides the password', async () => {
    const first = h.signupBody({ password: 'Squatter1!', confirm_password: 'Squatter1!' });
    await h.post('/api/v1/users/signup', first);
    const oldToken = h.tokenOf(
      await h.waitForEvent('auth.verification.requested', (e) => e.data.email === first.email),
    );
    const second = await h.post('/api/v1/users/signup', {
      ...first,
      password: 'Rightful1!',
      confirm_password: 'Rightful1!',
    });
    expect(second.status).toBe(201);
    const newToken = h.tokenOf(
      await h.waitForEvent(
        'auth.verification.requested',
        (e) => e.data.email === first.email && h.tokenOf(e) !== oldToken,
      ),
    );
    expect((await h.post('/api/v1/users/verify', { token: oldToken })).status).toBe(400);
    expect((await h.post('/api/v1/users/verify', { token: newToken })).status).toBe(200);
    expect((await h.login(first.email, 'Squatter1!')).status).toBe(401);
    expect((await h.login(first.email, 'Rightful1!')).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('uses a token once; opened again, the link says the account is verified already (no failure)', async () => {
    const body = h.signupBody();
    await h.post('/api/v1/users/signup', body);
    const requested = await h.waitForEvent('auth.verification.requested', (e) => e.data.email === body.email);
    const { userId } = requested.data;
    const token = h.tokenOf(requested);
    expect(await json(await h.post('/api/v1/users/verify', { token }))).toEqual({
      status: 200,
      body: { message: 'Email verified. You can now sign in.' },
    });
    await h.waitForEvent('auth.user.verified', (e) => e.data.userId === userId);
    expect(await json(await h.post('/api/v1/users/verify', { token }))).toEqual({
      status: 200,
      body: { message: 'Your email address is already verified. You can sign in.', already_verified: true },
    });
    expect((await json(await h.post('/api/v1/users/verify', { token: 'made-up' }))).body.code).toBe(
      'TOKEN_INVALID',
    );
  });

  it('refuses a token after 24 hours as expired', async () => {
    const body = h.signupBody();
    await h.post('/api/v1/users/signup', body);
    const token = h.tokenOf(
      await h.waitForEvent('auth.verification.requested', (e) => e.data.email === body.email),
    );
    h.clock.advance(24 * 60 * MIN);
    expect(await json(await h.post('/api/v1/users/verify', { token }))).toEqual({
      status: 400,
      body: {
        detail: 'This verification link has expired. Please request a new one.',
        code: 'TOKEN_EXPIRED',
      },
    });
  });

  it('resends only for a pending account, with the same answer for any address', async () => {
    const pending = h.signupBody();
    await h.post('/api/v1/users/signup', pending);
    const first = await h.waitForEvent('auth.verification.requested', (e) => e.data.email === pending.email);
    const verified = await h.verifiedUser();
    const answers = [];
    for (const email of [pending.email, verified.email, 'nobody@example.com']) {
      answers.push(await json(await h.post('/api/v1/users/verify/resend', { email })));
    }
    const expected = {
      status: 200,
      body: {
        message:
          'If an account with this address is waiting for verification, a new verification email is on its way.',
      },
    };
    expect(answers).toEqual([expected, expected, expected]);
    const second = await h.waitForEvent(
      'auth.verification.requested',
      (e) => e.data.email === pending.email && e.data.sealedToken !== first.data.sealedToken,
    );
    await h.allJobsFinished();
    await h.allDelivered();
    const resentTo = h.events
      .filter((e) => e.type === 'auth.verification.requested')
      .map((e) => (e.data as { email: string }).email);
    expect(resentTo).not.toContain('nobody@example.com');
    expect(resentTo.filter((e) => e === verified.email)).toHaveLength(1);
    expect((await h.post('/api/v1/users/verify', { token: h.tokenOf(first) })).status).toBe(400);
    expect((await h.post('/api/v1/users/verify', { token: h.tokenOf(second) })).status).toBe(200);
    const bad = await json(await h.post('/api/v1/users/verify/resend', { email: 'not-an-address' }));
    expect(bad.body.detail).toEqual([
      { loc: ['body', 'email'], msg: 'Invalid email address', type: 'emailInvalid' },
    ]);
  });

  it('keeps an unverified account out with a clear message and a way to resend', async () => {
    const body = h.signupBody();
    await h.post('/api/v1/users/signup', body);
    expect(await json(await h.login(body.email, body.password))).toEqual({
      status: 403,
      body: {
        detail: 'Please verify your email address before signing in.',
        code: 'EMAIL_NOT_VERIFIED',
        resend_path: '/api/v1/users/verify/resend',
      },
    });
    expect((await h.login(body.email, 'Wrong-password1')).status).toBe(401);
  });
});

describe('login', () => {
  it('issues a bearer token for 24 hours, or 10 days with remember me, carrying the session id', async () => {
    const user = await h.verifiedUser();
    const short = await json(await h.login(user.email.toUpperCase(), user.password));
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 86_400,
    });
    const claims = decodeJwt(short.body.access_token);
    expect(claims).toMatchObject({ sub: user.userId, iss: 'innerview-auth', aud: 'innerview' });
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBe(86_400);
    expect(await h.asGateway(short.body.access_token)).toEqual({
      'x-innerview-user-id': user.userId,
      'x-innerview-session-id': claims.sid,
    });
    const long = await json(await h.login(user.email, user.password, { remember_me: 'true' }));
    expect(long.body.expires_in).toBe(864_000);
    const viaScope = await json(await h.login(user.email, user.password, { scope: 'remember_me' }));
    expect(viaScope.body.expires_in).toBe(864_000);
  });

  it('checks the form: a valid e-mail and a password', async () => {
    const bad = await json(await h.login('not-an-email', ''));
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ['body', 'username'], msg: 'Enter a valid email address.', type: 'loginEmailInvalid' },
      { loc: ['body', 'password'], msg: 'Password is required', type: 'passwordRequired' },
    ]);
    const grant = await h.login('ada@example.com', 'x', { grant_type: 'client_credentials' });
    expect(grant.status).toBe(422);
    const asJson = await h.post('/api/v1/login/access-token', { username: 'ada@example.com', password: 'x' });
    expect(asJson.status).toBe(415);
  });

  it('warns from 3 failures, locks at 5 for 15 minutes, and lets the right password in afterwards', async () => {
    const user = await h.verifiedUser();
    const attempt = async (password = 'Wrong-password1') => json(await h.login(user.email, password));
    const incorrect = 'Incorrect email or password. Please try again.';
    expect(await attempt()).toEqual({
      status: 401,
      body: {
        detail: incorrect,
        code: 'INVALID_CREDENTIALS',
        failed_login_attempts: 1,
        remaining_attempts: 4,
      },
    });
    expect((await attempt()).body).toMatchObject({ failed_login_attempts: 2, remaining_attempts: 3 });
    expect((await attempt()).body).toEqual({
      detail: incorrect,
      code: 'INVALID_CREDENTIALS',
      failed_login_attempts: 3,
      remaining_attempts: 2,
      warning: {
        title: 'Login Failed - Warning',
        message:
          'Incorrect email or password. 2 attempts remaining before your account is temporarily locked.',
      },
    });
    expect((await attempt()).body.warning.message).toContain('1 attempt remaining');
    const locked = await attempt();
    const lockedUntil = new Date(h.clock.now().getTime() + 15 * MIN).toISOString();
    expect(locked).toEqual({
      status: 403,
      body: {
        detail:
          'Too many failed sign-in attempts. Your account is temporarily locked. Please try again in 15 minutes.',
        code: 'ACCOUNT_LOCKED',
        title: 'Account Temporarily Locked',
        locked_until: lockedUntil,
        lock_minutes: 15,
        failed_login_attempts: 5,
        remaining_attempts: 0,
      },
    });
    // The right password does not open a locked account.
    expect((await attempt(user.password)).status).toBe(403);
    h.clock.advance(14 * MIN + 30_000);
    const stillLocked = await attempt(user.password);
    expect(stillLocked.body).toMatchObject({ lock_minutes: 1, locked_until: lockedUntil });
    expect(stillLocked.body.detail).toContain('Please try again in 1 minute.');
    h.clock.advance(30_000);
    expect((await attempt(user.password)).status).toBe(200);
    expect((await attempt()).body.failed_login_attempts).toBe(1);
  });

  it('resets the count on a successful login', async () => {
    const user = await h.verifiedUser();
    await h.login(user.email, 'Wrong-password1');
    await h.login(user.email, 'Wrong-password1');
    expect((await h.login(user.email, user.password)).status).toBe(200);
    expect((await json(await h.login(user.email, 'Wrong-password1'))).body.failed_login_attempts).toBe(1);
  });

  it('answers an address without an account exactly like a wrong password, lock included', async () => {
    const user = await h.verifiedUser();
    const nobody = 'nobody.at.all@example.com';
    for (let i = 1; i <= 6; i += 1) {
      const real = await json(await h.login(user.email, 'Wrong-password1'));
      const phantom = await json(await h.login(nobody, 'Wrong-password1'));
      expect(phantom).toEqual(real);
    }
  });
});

describe('sessions', () => {
  it('checks a session with test-token, and logout refuses its token from the next request on', async () => {
    const me = await h.signedIn();
    const check = await json(await h.post('/api/v1/login/test-token', undefined, me.headers));
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ id: me.userId, email: me.email });
    const other = await h.login(me.email, me.password);
    const otherToken = ((await other.json()) as { access_token: string }).access_token;

    expect(await json(await h.post('/api/v1/login/logout', undefined, me.headers))).toEqual({
      status: 200,
      body: { message: 'Logged out' },
    });
    expect(await h.asGateway(me.token)).toBeNull();
    // A forged header with the revoked session id is refused by the service's own check too.
    expect((await h.post('/api/v1/login/test-token', undefined, me.headers)).status).toBe(401);
    // Only that session ended.
    expect(await h.asGateway(otherToken)).not.toBeNull();
  });

  it("cannot end another user's session", async () => {
    const alice = await h.signedIn();
    const bob = await h.signedIn();
    const forged = { ...alice.headers, 'x-innerview-session-id': bob.headers['x-innerview-session-id']! };
    expect((await h.post('/api/v1/login/logout', undefined, forged)).status).toBe(200);
    expect(await h.asGateway(bob.token)).not.toBeNull();
  });

  it('needs a user for test-token and logout', async () => {
    expect(await json(await h.post('/api/v1/login/test-token'))).toEqual({
      status: 401,
      body: { detail: 'Authentication required', code: 'UNAUTHORIZED' },
    });
    expect((await h.post('/api/v1/login/logout')).status).toBe(401);
  });
});

describe('passwords', () => {
  it('changes the password with the sign-up rules and ends every session', async () => {
    const me = await h.signedIn();
    const second = ((await (await h.login(me.email, me.password)).json()) as { access_token: string })
      .access_token;
    // Re-authentication: a token alone changes nothing.
    for (const [current, type, msg] of [
      [undefined, 'currentPasswordRequired', 'Please enter your current password'],
      ['Not-my-password1', 'currentPasswordWrong', 'Your current password is incorrect'],
    ] as const) {
      const refused = await json(
        await h.call(
          'PATCH',
          '/api/v1/users/me/password',
          { current_password: current, new_password: 'Brand-new1', confirm_new_password: 'Brand-new1' },
          me.headers,
        ),
      );
      expect(refused).toEqual({
        status: 422,
        body: { code: 'VALIDATION_ERROR', detail: [{ loc: ['body', 'current_password'], msg, type }] },
      });
    }
    expect(await h.asGateway(me.token)).not.toBeNull();
    const invalid = await json(
      await h.call(
        'PATCH',
        '/api/v1/users/me/password',
        { current_password: me.password, new_password: 'short', confirm_new_password: 'other' },
        me.headers,
      ),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail.map((e: { msg: string }) => e.msg)).toEqual([
      'Password must be 8 to 40 characters with an uppercase letter, a lowercase letter, and a number or symbol',
      'Passwords do not match',
    ]);
    const changed = await json(
      await h.call(
        'PATCH',
        '/api/v1/users/me/password',
        { current_password: me.password, new_password: 'Brand-new1', confirm_new_password: 'Brand-new1' },
        me.headers,
      ),
    );
    expect(changed).toEqual({
      status: 200,
      body: { message: 'Password updated successfully. Please sign in with your new password.' },
    });
    expect(await h.asGateway(me.token)).toBeNull();
    expect(await h.asGateway(second)).toBeNull();
    await h.waitForEvent('auth.password.changed', (e) => e.data.userId === me.userId);
    expect((await h.login(me.email, me.password)).status).toBe(401);
    expect((await h.login(me.email, 'Brand-new1')).status).toBe(200);
  });

  it('answers recovery the same for any address and mails only an existing account', async () => {
    const user = await h.verifiedUser();
    const known = await json(await h.post(`/api/v1/password-recovery/${encodeURIComponent(user.email)}`));
    const unknown = await json(await h.post('/api/v1/password-recovery/nobody%40example.com'));
    expect(known).toEqual({
      status: 200,
      body: { message: 'If an account exists for this address, a link to reset the password is on its way.' },
    });
    expect(unknown).toEqual(known);
    const requested = await h.waitForEvent(
      'auth.password-reset.requested',
      (e) => e.data.userId === user.userId,
    );
    expect(new Date(requested.data.expiresAt).getTime() - h.clock.now().getTime()).toBe(60 * MIN);
    await h.allJobsFinished();
    await h.allDelivered();
    const mailed = h.events.filter((e) => e.type === 'auth.password-reset.requested');
    expect(mailed.map((e) => (e.data as { email: string }).email)).not.toContain('nobody@example.com');
    const bad = await json(await h.post('/api/v1/password-recovery/not-an-address'));
    expect(bad.body.detail).toEqual([
      { loc: ['path', 'email'], msg: 'Invalid email address', type: 'emailInvalid' },
    ]);
  });

  it('resets with a link once: expired and invalid-or-used links are told apart', async () => {
    const me = await h.signedIn();
    const reset = async (token: string, password = 'Reset-pass1', confirm = password) =>
      json(
        await h.post('/api/v1/reset-password/', {
          token,
          new_password: password,
          confirm_new_password: confirm,
        }),
      );
    const request = async () => {
      const before = h.events.length;
      await h.post(`/api/v1/password-recovery/${encodeURIComponent(me.email)}`);
      return h.tokenOf(
        await h.waitForEvent(
          'auth.password-reset.requested',
          (e) => e.data.userId === me.userId && h.events.indexOf(e as never) >= before,
        ),
      );
    };
    const invalid = {
      status: 400,
      body: {
        detail: 'This reset link is invalid or has been used. Please request a new one.',
        code: 'TOKEN_INVALID',
      },
    };
    expect(await reset('no-such-token')).toEqual(invalid);

    const expiring = await request();
    h.clock.advance(60 * MIN);
    expect(await reset(expiring)).toEqual({
      status: 400,
      body: { detail: 'This reset link has expired. Please request a new one.', code: 'TOKEN_EXPIRED' },
    });

    const token = await request();
    const weak = await reset(token, 'weak', 'weak');
    expect(weak.status).toBe(422);
    // A refused password does not use up the link.
    expect(await reset(token)).toEqual({
      status: 200,
      body: { message: 'Password updated successfully. Please sign in with your new password.' },
    });
    expect(await reset(token)).toEqual(invalid);
    expect(await h.asGateway(me.token)).toBeNull();
    expect((await h.login(me.email, 'Reset-pass1')).status).toBe(200);
  });

  it('a newer reset link retires the older one', async () => {
    const user = await h.verifiedUser();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const before = h.events.length;
      await h.post(`/api/v1/password-recovery/${encodeURIComponent(user.email)}`);
      const event = await h.waitForEvent(
        'auth.password-reset.requested',
        (e) => e.data.userId === user.userId && h.events.indexOf(e as never) >= before,
      );
      tokens.push(h.tokenOf(event));
    }
    const body = (token: string) => ({
      token,
      new_password: 'Reset-pass1',
      confirm_new_password: 'Reset-pass1',
    });
    expect((await json(await h.post('/api/v1/reset-password/', body(tokens[0]!)))).body.code).toBe(
      'TOKEN_INVALID',
    );
    expect((await h.post('/api/v1/reset-password/', body(tokens[1]!))).status).toBe(200);
  });

  it('a reset unlocks a locked account and proves the address of a pending one', async () => {
    const user = await h.verifiedUser();
    for (let i = 0; i < 5; i += 1) await h.login(user.email, 'Wrong-password1');
    expect((await h.login(user.email, user.password)).status).toBe(403);
    await h.post(`/api/v1/password-recovery/${encodeURIComponent(user.email)}`);
    const token = h.tokenOf(
      await h.waitForEvent('auth.password-reset.requested', (e) => e.data.userId === user.userId),
    );
    await h.post('/api/v1/reset-password/', {
      token,
      new_password: 'Unlocked-1',
      confirm_new_password: 'Unlocked-1',
    });
    expect((await h.login(user.email, 'Unlocked-1')).status).toBe(200);

    const pending = h.signupBody();
    await h.post('/api/v1/users/signup', pending);
    await h.post(`/api/v1/password-recovery/${encodeURIComponent(pending.email)}`);
    const reset = h.tokenOf(
      await h.waitForEvent('auth.password-reset.requested', (e) => e.data.email === pending.email),
    );
    await h.post('/api/v1/reset-password/', {
      token: reset,
      new_password: 'Proven-mail1',
      confirm_new_password: 'Proven-mail1',
    });
    expect((await h.login(pending.email, 'Proven-mail1')).status).toBe(200);
  });
});
