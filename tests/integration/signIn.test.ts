// Signing in and out through /api-uaa as the web app does: the password grant with its client credential, the
// lockout after repeated failures, sign-out and expiry — and that neither passwords nor tokens are stored in clear.
// The verification code and the per-IP limit are in signInCaptcha.test.ts.

import { hashToken } from '@waterops/gateway/src/services/uaa/accessToken.ts';
import { hashCaptcha, saveCaptcha } from '@waterops/gateway/src/services/uaa/signInRepository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  CLIENT_BASIC,
  createSignedInUser,
  demoCompanyId,
  lang,
  postToken,
  signIn,
} from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) });

/** A user name of its own for each test, so failure counters do not leak between tests. */
const freshUser = async (): Promise<{ username: string; password: string }> => {
  const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
  return { username: u.username, password: u.password };
};

describe('POST /api-uaa/oauth/token', () => {
  it('signs the demo administrator in and returns a bearer token that opens the API', async () => {
    const res = await postToken(t.app, { username: 'admin', password: 'admin123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      resp_code: 0,
      resp_msg: zh('common.success'),
      datas: { token_type: 'bearer', expires_in: t.config.TOKEN_TTL_SECONDS, scope: 'app' },
    });
    expect(body.datas.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await currentUser(body.datas.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().datas.username).toBe('admin');
  });

  it('refuses a wrong client credential with 401 auth.badClient, in the caller’s language', async () => {
    for (const authorization of [
      `Basic ${Buffer.from('webApp:wrong').toString('base64')}`,
      `Basic ${Buffer.from('nobody:webApp').toString('base64')}`,
      'Basic !!!',
      '',
    ]) {
      const res = await postToken(t.app, { username: 'admin', password: 'admin123' }, { authorization, ...lang('en') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ resp_code: 401, resp_msg: en('auth.badClient') });
    }
  });

  it('answers a wrong password and an unknown user name with the same business failure', async () => {
    const wrong = await postToken(t.app, { username: 'admin', password: 'nope' });
    const unknown = await postToken(t.app, { username: 'no-such-user', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        resp_code: 1,
        resp_msg: zh('auth.badCredentials'),
        datas: { captchaRequired: false },
      });
    }
    const inEnglish = await postToken(t.app, { username: 'no-such-user', password: 'nope' }, lang('en'));
    expect(inEnglish.json().resp_msg).toBe(en('auth.badCredentials'));
    // Clean up the admin's counter so later tests start from zero.
    await t.app.db.deleteFrom('login_failures').execute();
  });

  it('refuses a missing field or an unsupported grant with 400 naming the field, and counts no failure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-uaa/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded', ...lang('en') },
      payload: 'grant_type=password&username=admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: en('errors.badRequest', { field: 'password' }),
      field: 'password',
    });
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api-uaa/oauth/token',
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&username=admin&password=admin123',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().field).toBe('grant_type');
    expect(await t.app.db.selectFrom('login_failures').selectAll().execute()).toEqual([]);
  });

  it('tells a disabled user so, once the password is right', async () => {
    const u = await freshUser();
    await t.app.db.updateTable('users').set({ enabled: false }).where('username', '=', u.username).execute();
    const res = await postToken(t.app, u);
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('auth.userDisabled'), datas: { captchaRequired: false } });
    const wrong = await postToken(t.app, { ...u, password: 'not-it' });
    expect(wrong.json().resp_msg).toBe(zh('auth.badCredentials'));
  });
});

describe('lockout', () => {
  it('refuses a user name with 429 after 10 failures in 15 minutes, until the window has passed', async () => {
    const u = await freshUser();
    // Captcha off for this user name? No: the code is demanded from the third failure on, so the test answers it.
    const failWithCode = async (i: number) => {
      const deviceId = `lock-${i}-device`;
      await saveCaptcha(
        t.app.db,
        deviceId,
        hashCaptcha(deviceId, 'JK23'),
        new Date(t.clock.now().getTime() + 60_000),
        t.clock.now(),
      );
      return postToken(t.app, { username: u.username, password: 'wrong', validCode: 'JK23', deviceId });
    };
    for (let i = 0; i < 10; i++) {
      const res = await failWithCode(i);
      expect(res.json().resp_msg).toBe(zh('auth.badCredentials'));
    }
    const locked = await postToken(t.app, u, lang('en'));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ resp_code: 429, resp_msg: en('auth.tooManyAttempts', { minutes: 15 }) });

    t.clock.advance(10 * 60_000);
    const stillLocked = await postToken(t.app, u);
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json().resp_msg).toBe(zh('auth.tooManyAttempts', { minutes: 5 }));

    t.clock.advance(5 * 60_000 + 1_000);
    // The window has passed: the count restarts, so no code is demanded and the right password works.
    const res = await postToken(t.app, u);
    expect(res.statusCode).toBe(200);
    expect(res.json().resp_code).toBe(0);
  });
});

describe('sign-out and token life', () => {
  it('revokes the token on sign-out (even one just cached) and logs both events', async () => {
    const token = await signIn(t.app, 'operator', 'operator123');
    expect((await currentUser(token)).statusCode).toBe(200); // now in the session cache
    const out = await t.app.inject({ method: 'GET', url: '/api-uaa/oauth/remove/token', headers: bearer(token) });
    expect(out.json()).toEqual({ resp_code: 0, resp_msg: zh('common.success'), datas: null });
    const after = await currentUser(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ resp_code: 401, resp_msg: zh('errors.unauthorized') });
    const row = await t.app.db
      .selectFrom('tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(row?.revoked_at).toBeInstanceOf(Date);

    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'username', 'ip', 'detail'])
      .where('username', '=', 'operator')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.operation)).toEqual(['signIn', 'signOut']);
    expect(log[0]).toMatchObject({ ip: '127.0.0.1', detail: 'client webApp' });
    // Signing out again (or with no token) is harmless.
    const twice = await t.app.inject({ method: 'GET', url: '/api-uaa/oauth/remove/token', headers: bearer(token) });
    expect(twice.json().resp_code).toBe(0);
    const none = await t.app.inject({ method: 'GET', url: '/api-uaa/oauth/remove/token' });
    expect(none.json().resp_code).toBe(0);
  });

  it('answers 401 once a token has expired', async () => {
    const token = await signIn(t.app, 'operator', 'operator123');
    expect((await currentUser(token)).statusCode).toBe(200);
    t.clock.advance(t.config.TOKEN_TTL_SECONDS * 1000 + 1_000);
    const res = await currentUser(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().resp_msg).toBe(zh('errors.unauthorized'));
  });

  it('answers 401 for a missing, malformed or unknown token, in the caller’s language', async () => {
    for (const headers of [{}, { authorization: 'bearer' }, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api-user/users/current',
        headers: { ...headers, ...lang('en') },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ resp_code: 401, resp_msg: en('errors.unauthorized') });
    }
  });
});

describe('secrets at rest', () => {
  it('stores only hashes of passwords, client secrets and tokens', async () => {
    const token = await signIn(t.app, 'admin', 'admin123');
    const users = await t.app.db.selectFrom('users').select(['username', 'password_hash']).execute();
    for (const u of users) {
      expect(u.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(u.password_hash).not.toContain('admin123');
    }
    // Two users with the same password get different hashes (per-user salt).
    const hashes = new Set(users.map((u) => u.password_hash));
    expect(hashes.size).toBe(users.length);
    const client = await t.app.db.selectFrom('oauth_clients').selectAll().executeTakeFirstOrThrow();
    expect(client.secret_hash).toMatch(/^scrypt\$/);
    const tokens = await t.app.db.selectFrom('tokens').select('token_hash').execute();
    expect(tokens.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(tokens.map((r) => r.token_hash)).not.toContain(token);
    const log = await t.app.db.selectFrom('operation_log').select('detail').execute();
    expect(log.some((l) => l.detail.includes(token) || l.detail.includes('admin123'))).toBe(false);
  });
});
