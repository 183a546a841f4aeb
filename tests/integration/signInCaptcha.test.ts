// The verification code as the sign-in form meets it: demanded after repeated failures (always, or never, by
// LOGIN_CAPTCHA), checked once and within five minutes; and the per-IP limit on sign-in calls.

import { hashCaptcha, saveCaptcha } from '@waterops/gateway/src/services/uaa/signInRepository.ts';
import { CAPTCHA_AFTER_FAILURES } from '@waterops/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, demoCompanyId, lang, postToken } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user name of its own for each test, so failure counters do not leak between tests. */
const freshUser = async (): Promise<{ username: string; password: string }> => {
  const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
  return { username: u.username, password: u.password };
};

const failTimes = async (username: string, times: number) => {
  for (let i = 0; i < times; i++) await postToken(t.app, { username, password: 'wrong-password' });
};

describe('verification code', () => {
  it('serves a fresh PNG image per request, never cached: pixels only, no markup to read the code from', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-uaa/validata/code?deviceId=device-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    // Issue 17: a script read the old SVG's one path per character; a raster has no <path>, <text> or glyph data.
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(res.rawPayload.toString('latin1')).not.toMatch(/<svg|<path|<text|tEXt|iTXt|zTXt/);
    const row = await t.app.db
      .selectFrom('captchas')
      .selectAll()
      .where('device_id', '=', 'device-0001')
      .executeTakeFirst();
    expect(row?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = (row?.expires_at.getTime() ?? 0) - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(4.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it('answers whether the code is needed only for a given user name (400 without one)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-uaa/validata/required', headers: lang('en') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: en('errors.badRequest', { field: 'username' }),
      field: 'username',
    });
    const empty = await t.app.inject({ method: 'GET', url: '/api-uaa/validata/required?username=' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a malformed device id with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api-uaa/validata/code?deviceId=a%20b',
      headers: lang('en'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: en('errors.badRequest', { field: 'deviceId' }),
      field: 'deviceId',
    });
  });

  it(`is demanded after ${CAPTCHA_AFTER_FAILURES} failed sign-ins, and checked: missing, wrong, expired, reused, right`, async () => {
    const u = await freshUser();
    const required = async () =>
      (await t.app.inject({ method: 'GET', url: `/api-uaa/validata/required?username=${u.username}` })).json().datas
        .required;
    expect(await required()).toBe(false);
    await failTimes(u.username, CAPTCHA_AFTER_FAILURES - 1);
    expect(await required()).toBe(false);
    const third = await postToken(t.app, { username: u.username, password: 'wrong' });
    expect(third.json().datas).toEqual({ captchaRequired: true });
    expect(await required()).toBe(true);

    // The right password alone is no longer enough.
    const missing = await postToken(t.app, u);
    expect(missing.json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.captchaRequired'),
      datas: { captchaRequired: true },
    });

    // The code in the image is for people to read; the test stores a known code for its device id the same way.
    const deviceId = 'device-test-1';
    const image = await t.app.inject({ method: 'GET', url: `/api-uaa/validata/code?deviceId=${deviceId}` });
    expect(image.statusCode).toBe(200);
    const setCode = async (code: string, expiresInMs = 60_000) =>
      saveCaptcha(
        t.app.db,
        deviceId,
        hashCaptcha(deviceId, code),
        new Date(t.clock.now().getTime() + expiresInMs),
        t.clock.now(),
      );

    await setCode('AB23');
    const wrong = await postToken(t.app, { ...u, validCode: 'ZZ99', deviceId }, lang('en'));
    expect(wrong.json()).toEqual({ resp_code: 1, resp_msg: en('auth.captchaWrong'), datas: { captchaRequired: true } });
    // A code is good for one attempt: the right code after a wrong guess is gone.
    const reused = await postToken(t.app, { ...u, validCode: 'AB23', deviceId });
    expect(reused.json().resp_msg).toBe(zh('auth.captchaExpired'));

    await setCode('CD45', 1_000);
    t.clock.advance(2_000);
    const expired = await postToken(t.app, { ...u, validCode: 'CD45', deviceId });
    expect(expired.json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.captchaExpired'),
      datas: { captchaRequired: true },
    });

    await setCode('EF67');
    // Case and surrounding spaces do not matter to a person typing the code.
    const ok = await postToken(t.app, { ...u, validCode: ' ef67 ', deviceId });
    expect(ok.json().resp_code).toBe(0);
    expect(await required()).toBe(false);
    const again = await postToken(t.app, u);
    expect(again.json().resp_code).toBe(0);
  });

  it('a wrong password with a right code still counts as a failure', async () => {
    const u = await freshUser();
    await failTimes(u.username, CAPTCHA_AFTER_FAILURES);
    const deviceId = 'device-test-2';
    await saveCaptcha(
      t.app.db,
      deviceId,
      hashCaptcha(deviceId, 'GH89'),
      new Date(t.clock.now().getTime() + 60_000),
      t.clock.now(),
    );
    const res = await postToken(t.app, { ...u, password: 'still-wrong', validCode: 'GH89', deviceId });
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('auth.badCredentials'), datas: { captchaRequired: true } });
    const row = await t.app.db
      .selectFrom('login_failures')
      .selectAll()
      .where('username', '=', u.username)
      .executeTakeFirst();
    expect(row?.failures).toBe(CAPTCHA_AFTER_FAILURES + 1);
  });
});

describe('LOGIN_CAPTCHA and the per-IP limit', () => {
  it('demands the code on every sign-in when LOGIN_CAPTCHA=always', async () => {
    const always = await startTestApp({ env: { LOGIN_CAPTCHA: 'always' } });
    try {
      const required = await always.app.inject({ method: 'GET', url: '/api-uaa/validata/required?username=admin' });
      expect(required.json().datas).toEqual({ required: true });
      const res = await postToken(always.app, { username: 'admin', password: 'admin123' });
      expect(res.json()).toEqual({
        resp_code: 1,
        resp_msg: zh('auth.captchaRequired'),
        datas: { captchaRequired: true },
      });
      const deviceId = 'always-device';
      await saveCaptcha(
        always.app.db,
        deviceId,
        hashCaptcha(deviceId, 'MN34'),
        new Date(Date.now() + 60_000),
        new Date(),
      );
      const ok = await postToken(always.app, { username: 'admin', password: 'admin123', validCode: 'MN34', deviceId });
      expect(ok.json().resp_code).toBe(0);
    } finally {
      await always.close();
    }
  });

  it('never demands the code when LOGIN_CAPTCHA=never, however many failures (the lockout still holds)', async () => {
    const never = await startTestApp({ env: { LOGIN_CAPTCHA: 'never' } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await postToken(never.app, { username: 'admin', password: 'wrong' });
        expect(res.json().datas).toEqual({ captchaRequired: false });
      }
      const ok = await postToken(never.app, { username: 'admin', password: 'admin123' });
      expect(ok.json().resp_code).toBe(0);
      for (let i = 0; i < 10; i++) await postToken(never.app, { username: 'admin', password: 'wrong' });
      expect((await postToken(never.app, { username: 'admin', password: 'admin123' })).statusCode).toBe(429);
    } finally {
      await never.close();
    }
  });

  it('limits sign-in calls per IP address with a localized 429', async () => {
    const limited = await startTestApp({ env: { SIGNIN_RATE_PER_MINUTE: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await postToken(limited.app, { username: 'nobody', password: 'x' });
        expect(res.statusCode).toBe(200);
      }
      const res = await postToken(limited.app, { username: 'admin', password: 'admin123' }, lang('en'));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ resp_code: 429, resp_msg: en('errors.tooManyRequests') });
      // Issue 17: by default no proxy is believed, so a client naming another IP in X-Forwarded-For is still itself.
      const forged = await postToken(
        limited.app,
        { username: 'nobody', password: 'x' },
        { 'x-forwarded-for': '203.0.113.9' },
      );
      expect(forged.statusCode).toBe(429);
      // Other routes are not limited.
      const other = await limited.app.inject({ method: 'GET', url: '/api-uaa/validata/required?username=admin' });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts per client behind a proxy named in TRUST_PROXY, logs the client’s address, and sends HSTS for HTTPS', async () => {
    const proxied = await startTestApp({ env: { SIGNIN_RATE_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' } });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      expect(
        (await postToken(proxied.app, { username: 'nobody', password: 'x' }, from('203.0.113.9'))).statusCode,
      ).toBe(200);
      expect(
        (await postToken(proxied.app, { username: 'nobody', password: 'x' }, from('203.0.113.9'))).statusCode,
      ).toBe(200);
      expect(
        (await postToken(proxied.app, { username: 'nobody', password: 'x' }, from('203.0.113.9'))).statusCode,
      ).toBe(429);
      const other = await postToken(proxied.app, { username: 'admin', password: 'admin123' }, from('198.51.100.7'));
      expect(other.json().resp_code).toBe(0);
      const log = await proxied.app.db
        .selectFrom('operation_log')
        .select(['ip'])
        .where('operation', '=', 'signIn')
        .where('username', '=', 'admin')
        .execute();
      expect(log.map((l) => l.ip)).toEqual(['198.51.100.7']);
      // HSTS once the trusted proxy says the client came over HTTPS (issue 17), never over plain HTTP
      const overTls = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
