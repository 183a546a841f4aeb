// Two-step verification (TOTP, issue 17): a user enrols from the personal center, then signs in with password and
// code; a used code is refused; wrong codes count toward the lockout; an administrator requires it (the account is led
// to enrol at sign-in, with no way around it) and resets it for a lost phone. The secret never leaves the server
// except while enrolling, and is stored sealed.

import { hashCaptcha, saveCaptcha } from '@waterops/gateway/src/services/uaa/signInRepository.ts';
import { totpCode } from '@waterops/gateway/src/services/uaa/totp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, CLIENT_BASIC, createSignedInUser, demoCompanyId, lang, signIn } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = await signIn(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

/** The token call with a user's name and password, and the code fields given. */
const token = (
  {
    username,
    password,
    ...extra
  }: { username: string; password: string; totpCode?: string; validCode?: string; deviceId?: string },
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api-uaa/oauth/token',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      ...Object.fromEntries(Object.entries(extra).filter(([k]) => ['totpCode', 'validCode', 'deviceId'].includes(k))),
    }).toString(),
  });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
const failuresOf = async (username: string) =>
  (await t.app.db.selectFrom('login_failures').select('failures').where('username', '=', username).executeTakeFirst())
    ?.failures ?? 0;
/** The code of a secret now, on the test clock; a later one after the clock moved a step. */
const codeNow = (secret: string) => totpCode(secret, t.clock.now());
const nextStep = () => t.clock.advance(30_000);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a user who turns two-step verification on', () => {
  it('enrols, signs in with a code, cannot replay it, and wrong codes lock the user name out', async () => {
    const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
    const start = await call('POST', '/api-user/users/me/totp/enrolment', u.token);
    expect(start.json().resp_code).toBe(0);
    const { secret, uri } = start.json().datas;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/WaterOps:${u.username}?secret=${secret}&issuer=WaterOps&algorithm=SHA1&digits=6&period=30`,
    );
    // not on until confirmed: sign-in still needs only the password
    expect((await call('GET', '/api-user/users/me/totp', u.token)).json().datas).toEqual({
      required: false,
      enabled: false,
    });
    expect((await token(u)).json().resp_code).toBe(0);

    const wrong = await call('POST', '/api-user/users/me/totp', u.token, { code: otherCode(codeNow(secret)) });
    expect(wrong.json()).toEqual({ resp_code: 1, resp_msg: zh('auth.totpWrong'), datas: null });
    const confirmed = await call('POST', '/api-user/users/me/totp', u.token, { code: codeNow(secret) });
    expect(confirmed.json()).toMatchObject({ resp_code: 0, datas: { required: false, enabled: true } });

    // stored sealed; no API shows the secret again
    const row = await t.app.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    const views = [
      await call('GET', '/api-user/users/me/totp', u.token),
      await call('GET', `/api-user/users/${u.id}/totp`, adminToken),
      await call('GET', `/api-user/users?username=${u.username}`, adminToken),
      await call('GET', '/api-user/users/current', u.token),
    ];
    for (const v of views) {
      expect(v.statusCode).toBe(200);
      expect(v.body).not.toContain(secret);
    }
    expect((await call('POST', '/api-user/users/me/totp/enrolment', u.token)).json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.totpAlreadyOn'),
      datas: null,
    });

    // the password alone is answered with the distinct refusal, and is not a failure
    const asked = await token(u);
    expect(asked.json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.totpRequired'),
      datas: { captchaRequired: false, totpRequired: true },
    });
    expect((await token(u, lang('en'))).json().resp_msg).toBe(en('auth.totpRequired'));
    expect(await failuresOf(u.username)).toBe(0);

    // the confirming code was used: the next step's code signs in, once
    nextStep();
    const code = codeNow(secret);
    const signedIn = await token({ ...u, totpCode: code });
    expect(signedIn.json()).toMatchObject({ resp_code: 0, datas: { token_type: 'bearer' } });
    const replay = await token({ ...u, totpCode: code });
    expect(replay.json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.totpReplayed'),
      datas: { captchaRequired: false, totpRequired: true },
    });
    expect(await failuresOf(u.username)).toBe(1);

    // wrong codes count like wrong passwords: the image code from the third failure on, 429 after the tenth
    const bad = otherCode(codeNow(secret));
    expect((await token({ ...u, totpCode: bad })).json().datas).toEqual({ captchaRequired: false, totpRequired: true });
    const third = await token({ ...u, totpCode: bad });
    expect(third.json()).toEqual({
      resp_code: 1,
      resp_msg: zh('auth.totpWrong'),
      datas: { captchaRequired: true, totpRequired: true },
    });
    for (let i = 3; i < 10; i++) {
      const deviceId = `totp-lock-${i}-device`;
      const at = t.clock.now();
      await saveCaptcha(t.app.db, deviceId, hashCaptcha(deviceId, 'JK23'), new Date(at.getTime() + 60_000), at);
      const res = await token({ ...u, totpCode: bad, validCode: 'JK23', deviceId });
      expect(res.json().resp_msg).toBe(zh('auth.totpWrong'));
    }
    expect(await failuresOf(u.username)).toBe(10);
    nextStep();
    const locked = await token({ ...u, totpCode: codeNow(secret) });
    expect(locked.statusCode).toBe(429);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'result', 'reason'])
      .where('user_id', '=', u.id)
      .where('result', '=', 'failed')
      .where('operation', '=', 'signIn')
      .execute();
    expect(log.filter((l) => l.reason === zh('auth.totpWrong'))).toHaveLength(9);
    t.clock.advance(15 * 60_000);
    expect((await token({ ...u, totpCode: codeNow(secret) })).json().resp_code).toBe(0);
  });

  it('turns it off with a current code, not with a wrong one', async () => {
    const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
    const { secret } = (await call('POST', '/api-user/users/me/totp/enrolment', u.token)).json().datas;
    await call('POST', '/api-user/users/me/totp', u.token, { code: codeNow(secret) });
    nextStep();
    const wrong = await call('POST', '/api-user/users/me/totp/off', u.token, { code: otherCode(codeNow(secret)) });
    expect(wrong.json().resp_msg).toBe(zh('auth.totpWrong'));
    const malformed = await call('POST', '/api-user/users/me/totp/off', u.token, { code: '12ab' });
    expect(malformed.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.totpCode.format'), field: 'code' });
    const off = await call('POST', '/api-user/users/me/totp/off', u.token, { code: codeNow(secret) });
    expect(off.json()).toMatchObject({ resp_code: 0, datas: { enabled: false } });
    expect((await token(u)).json().resp_code).toBe(0);
  });
});

describe('an administrator', () => {
  it('requires two-step verification: the account enrols at sign-in before it gets a token', async () => {
    const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
    const set = await call('PUT', `/api-user/users/${u.id}/totp`, adminToken, { required: true });
    expect(set.json()).toMatchObject({ resp_code: 0, datas: { required: true, enabled: false } });

    const first = await token(u);
    expect(first.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('auth.totpEnrolRequired'),
      datas: { captchaRequired: false, totpRequired: true, totpEnrolment: { secret: expect.any(String) } },
    });
    const { secret, uri } = first.json().datas.totpEnrolment;
    expect(uri).toContain(`secret=${secret}`);
    // the same key until it is confirmed (the user may have added it to the app already)
    expect((await token(u)).json().datas.totpEnrolment.secret).toBe(secret);
    const wrong = await token({ ...u, totpCode: otherCode(codeNow(secret)) });
    expect(wrong.json()).toMatchObject({ resp_msg: zh('auth.totpWrong'), datas: { totpEnrolment: { secret } } });
    expect(await failuresOf(u.username)).toBe(1);

    const enrolled = await token({ ...u, totpCode: codeNow(secret) });
    expect(enrolled.json().resp_code).toBe(0);
    const session = enrolled.json().datas.access_token as string;
    expect((await call('GET', '/api-user/users/me/totp', session)).json().datas).toEqual({
      required: true,
      enabled: true,
    });
    expect((await token(u)).json().resp_msg).toBe(zh('auth.totpRequired'));
    nextStep();
    const off = await call('POST', '/api-user/users/me/totp/off', session, { code: codeNow(secret) });
    expect(off.json().resp_msg).toBe(zh('auth.totpRequiredByAdmin'));

    // lost phone: the reset forgets the key and ends the sessions; the next sign-in enrols a new key
    const reset = await call('DELETE', `/api-user/users/${u.id}/totp`, adminToken);
    expect(reset.json()).toMatchObject({ resp_code: 0, datas: { required: true, enabled: false } });
    expect((await call('GET', '/api-user/users/me/totp', session)).statusCode).toBe(401);
    const again = await token(u);
    expect(again.json().resp_msg).toBe(zh('auth.totpEnrolRequired'));
    expect(again.json().datas.totpEnrolment.secret).not.toBe(secret);

    // no longer required and reset: the password alone signs in again
    await call('PUT', `/api-user/users/${u.id}/totp`, adminToken, { required: false });
    expect((await token(u)).json().resp_code).toBe(0);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('username', '=', 'admin')
      .where('operation', 'in', ['userTotpRequire', 'userTotpReset'])
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.operation)).toEqual(['userTotpRequire', 'userTotpReset', 'userTotpRequire']);
  });

  it('answers 404 for an account of another tenant, and an operator may not require or reset', async () => {
    const u = await createSignedInUser(t.app, await demoCompanyId(t.app), { codes: ['OPERATOR'] });
    expect((await call('PUT', '/api-user/users/999999/totp', adminToken, { required: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/api-user/users/${u.id}/totp`, u.token)).statusCode).toBe(403);
    expect((await call('PUT', `/api-user/users/${u.id}/totp`, u.token, { required: false })).statusCode).toBe(403);
  });
});
