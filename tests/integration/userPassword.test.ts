// PUT /api-user/users/password as the change-password dialog uses it: success ends the user's other sessions; a wrong
// old password is a business failure; every spec §5 rule answers 400 with its message and writes nothing; 401, 403,
// and 404 for another user's id.
import { hashToken } from '@waterops/gateway/src/services/uaa/accessToken.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { translate } from '@waterops/shared/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  postToken,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { jsonRequests, userRow as rowOfUser } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let other: Tenant;
/** may view (the shell starts) but not edit the profile, change the password or read the log */
let viewer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  other = await createSecondTenant(t.app);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
});
afterAll(async () => {
  await t?.close();
});

const { get, put } = jsonRequests(() => t.app);
const userRow = (username: string) => rowOfUser(t.app, username);

describe('PUT /api-user/users/password', () => {
  it('changes the password: the new one signs in, the old one not; other sessions end, this one stays', async () => {
    const u = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    const otherSession = await signIn(t.app, u.username, u.password);
    expect((await get('/api-user/users/current', otherSession)).statusCode).toBe(200); // cached now
    const res = await put(
      '/api-user/users/password',
      { id: u.id, oldPassword: u.password, newPassword: 'n3wPassword', rePassword: 'n3wPassword' },
      u.token,
    );
    expect(res.json()).toEqual({ resp_code: 0, resp_msg: zh('common.success'), datas: null });
    expect((await get('/api-user/users/current', u.token)).statusCode).toBe(200);
    expect((await get('/api-user/users/current', otherSession)).statusCode).toBe(401);
    expect((await postToken(t.app, { username: u.username, password: u.password })).json().resp_code).toBe(1);
    expect((await postToken(t.app, { username: u.username, password: 'n3wPassword' })).json().resp_code).toBe(0);

    const row = await userRow(u.username);
    expect(row.password_hash).not.toContain('n3wPassword');
    const revoked = await t.app.db
      .selectFrom('tokens')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(otherSession))
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).toBeInstanceOf(Date);
    const log = await t.app.db
      .selectFrom('operation_log')
      .selectAll()
      .where('username', '=', u.username)
      .where('operation', '=', 'passwordChange')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.detail).toBe('');
  });

  it('answers a wrong old password with a business failure and changes nothing', async () => {
    const u = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    const before = await userRow(u.username);
    const res = await put(
      '/api-user/users/password',
      { oldPassword: 'not-my-password', newPassword: 'n3wPassword', rePassword: 'n3wPassword' },
      u.token,
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: en('auth.oldPasswordWrong'), datas: null });
    expect(await userRow(u.username)).toEqual(before);
    const same = await put(
      '/api-user/users/password',
      { oldPassword: u.password, newPassword: u.password, rePassword: u.password },
      u.token,
    );
    expect(same.json()).toEqual({ resp_code: 1, resp_msg: zh('auth.samePassword'), datas: null });
  });

  it.each([
    [{ newPassword: 'abc12345', rePassword: 'abc12345' }, 'oldPassword', 'rules.oldPassword.required'],
    [{ oldPassword: 'x', rePassword: 'abc12345' }, 'newPassword', 'rules.newPassword.required'],
    [{ oldPassword: 'x', newPassword: 'abc123', rePassword: 'abc123' }, 'newPassword', 'rules.newPassword.format'],
    [
      { oldPassword: 'x', newPassword: 'a'.repeat(22), rePassword: 'a'.repeat(22) },
      'newPassword',
      'rules.newPassword.format',
    ],
    [
      { oldPassword: 'x', newPassword: '_abc12345', rePassword: '_abc12345' },
      'newPassword',
      'rules.newPassword.format',
    ],
    [
      { oldPassword: 'x', newPassword: 'abc 12345', rePassword: 'abc 12345' },
      'newPassword',
      'rules.newPassword.format',
    ],
    [{ oldPassword: 'x', newPassword: 'Tide7Pump', rePassword: '' }, 'rePassword', 'rules.rePassword.required'],
    [
      { oldPassword: 'x', newPassword: 'Tide7Pump', rePassword: 'Tide7Pump8' },
      'rePassword',
      'rules.rePassword.mismatch',
    ],
    // issue 17: the commonest passwords, and one made of the user name, are refused with their own message
    [{ oldPassword: 'x', newPassword: '1234567', rePassword: '1234567' }, 'newPassword', 'rules.password.common'],
    [{ oldPassword: 'x', newPassword: 'qwerty123', rePassword: 'qwerty123' }, 'newPassword', 'rules.password.common'],
    [
      { oldPassword: 'x', newPassword: 'operator2024', rePassword: 'operator2024' },
      'newPassword',
      'rules.password.common',
    ],
  ] as const)('refuses %o with 400, the spec message for %s, and writes nothing', async (payload, field, key) => {
    const before = await userRow('operator');
    const operator = await signIn(t.app, 'operator', 'operator123');
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await put('/api-user/users/password', payload, operator, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resp_code: 400, resp_msg: translate(key, locale), field });
    }
    expect(await userRow('operator')).toEqual(before);
  });

  it('uses the spec’s Chinese texts verbatim', () => {
    expect(zh('rules.newPassword.format')).toBe('密码格式不对!');
    expect(zh('rules.rePassword.mismatch')).toBe('两次输入密码不一致!');
  });

  it('answers 404 for another user’s id, 401 without a token, 403 without user:password:edit', async () => {
    const payload = { oldPassword: 'pipe-7x1234', newPassword: 'n3wPassword', rePassword: 'n3wPassword' };
    const before = await userRow(viewer.username);
    const otherId = other.userIds[other.adminUsername] as number;
    expect((await put('/api-user/users/password', { ...payload, id: otherId }, viewer.token)).statusCode).toBe(403);
    const u = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    const res = await put('/api-user/users/password', { ...payload, id: otherId }, u.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect((await put('/api-user/users/password', payload)).json()).toEqual(unauthorized);
    const denied = await put('/api-user/users/password', payload, viewer.token);
    expect(denied.json()).toEqual(forbidden);
    expect(await userRow(viewer.username)).toEqual(before);
  });
});
