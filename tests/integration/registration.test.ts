// Self-registration as a newcomer meets it: the image code before any SMS, the 6-digit code in the built-in outbox,
// its limits (5 minutes, 5 wrong attempts, single use, 1 a minute and 10 a day per mobile, per IP), the spec §5 rules,
// the role a newcomer gets, closed registration; and the administrator's outbox list (tenant-scoped).
import { hashCaptcha, saveCaptcha } from '@waterops/gateway/src/services/uaa/signInRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { SMS_CODE_MAX_ATTEMPTS, SMS_DAILY_LIMIT } from '@waterops/shared/registration';
import type { MenuEntry } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createRole,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { en, forbidden, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;

beforeAll(async () => {
  t = await startTestApp({ env: { SMS_RATE_PER_IP_PER_HOUR: '1000' } });
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** A mobile number no other test uses. */
const freshMobile = () => `1391000${String(++serial).padStart(4, '0')}`;

/** Stores an image code for a new device id, as GET /api-uaa/validata/code would. */
const imageCode = async (app: TestApp, code = 'K7PX') => {
  const deviceId = `device-${Date.now().toString(36)}-${++serial}`;
  const at = app.clock.now();
  await saveCaptcha(app.app.db, deviceId, hashCaptcha(deviceId, code), new Date(at.getTime() + 5 * 60_000), at);
  return { deviceId, validCode: code };
};

const sendCode = async (mobile: string, app = t, image?: { deviceId: string; validCode: string }) =>
  app.app.inject({
    method: 'POST',
    url: '/api-uaa/sms/code',
    payload: { mobile, ...(image ?? (await imageCode(app))) },
  });

const register = (body: Record<string, string>, app = t, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api-uaa/register', payload: body, headers });

/** The code of the newest message to a mobile in the outbox. */
const codeIn = async (mobile: string, app = t): Promise<string> => {
  const row = await app.app.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\d{6}/.exec(row.text)?.[0] as string;
};

const countOf = async (table: 'users' | 'sms_outbox' | 'sms_codes', app = t) =>
  Number(
    (
      await app.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const refused = (message: string) => ({ resp_code: 1, resp_msg: message, datas: null });

describe('POST /api-uaa/sms/code', () => {
  it('needs the image verification code: missing, expired or wrong sends nothing', async () => {
    const mobile = freshMobile();
    const before = await countOf('sms_outbox');
    const unknown = await sendCode(mobile, t, { deviceId: 'device-never-fetched', validCode: 'AAAA' });
    expect(unknown.json()).toEqual(refused(zh('auth.captchaExpired')));
    const wrong = await sendCode(mobile, t, { ...(await imageCode(t, 'K7PX')), validCode: 'ZZZZ' });
    expect(wrong.json()).toEqual(refused(zh('auth.captchaWrong')));
    const image = await imageCode(t);
    t.clock.advance(5 * 60_000);
    expect((await sendCode(mobile, t, image)).json()).toEqual(refused(zh('auth.captchaExpired')));
    expect(await countOf('sms_outbox')).toBe(before);
  });

  it('sends a 6-digit code to the outbox of the registration company, stored only as a hash, logged', async () => {
    const mobile = freshMobile();
    const res = await sendCode(mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      resp_code: 0,
      resp_msg: zh('sms.codeSent'),
      datas: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    const code = await codeIn(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const sms = await t.app.db.selectFrom('sms_outbox').selectAll().where('mobile', '=', mobile).execute();
    expect(sms).toEqual([expect.objectContaining({ company_id: companyId, purpose: 'register' })]);
    expect(sms[0]?.text).toBe(zh('sms.registerText', { code, minutes: 5 }));
    const stored = await t.app.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirst();
    expect(stored?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['company_id', 'operation', 'username'])
      .where('operation', '=', 'smsCodeSend')
      .where('username', '=', mobile)
      .execute();
    expect(log).toEqual([{ company_id: companyId, operation: 'smsCodeSend', username: mobile }]);
  });

  it('uses an image code once', async () => {
    const image = await imageCode(t);
    expect((await sendCode(freshMobile(), t, image)).json().resp_code).toBe(0);
    expect((await sendCode(freshMobile(), t, image)).json()).toEqual(refused(zh('auth.captchaExpired')));
  });

  it('refuses a second code within 60 s and the 11th in a day, saying when to retry (429)', async () => {
    const mobile = freshMobile();
    expect((await sendCode(mobile)).json().resp_code).toBe(0);
    const soon = await sendCode(mobile);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ resp_code: 429, resp_msg: zh('sms.tooSoon', { seconds: 60 }) });
    t.clock.advance(30_000);
    const enSoon = await t.app.inject({
      method: 'POST',
      url: '/api-uaa/sms/code',
      payload: { mobile, ...(await imageCode(t)) },
      headers: lang('en'),
    });
    expect(enSoon.json().resp_msg).toBe(en('sms.tooSoon', { seconds: 30 }));
    for (let i = 2; i <= SMS_DAILY_LIMIT; i++) {
      t.clock.advance(60_000);
      expect((await sendCode(mobile)).json().resp_code, `send ${i}`).toBe(0);
    }
    t.clock.advance(60_000);
    const eleventh = await sendCode(mobile);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ resp_code: 429, resp_msg: zh('sms.dailyLimit', { hours: 24 }) });
    const sent = await t.app.db.selectFrom('sms_outbox').select('id').where('mobile', '=', mobile).execute();
    expect(sent).toHaveLength(SMS_DAILY_LIMIT);
  });

  it('refuses a mobile that already belongs to an account of the company', async () => {
    expect((await sendCode('13800138000')).json()).toEqual(refused(zh('registration.mobileTaken')));
  });

  it('answers a malformed mobile or a missing image code with 400 and the rule message, sending nothing', async () => {
    const before = await countOf('sms_outbox');
    const bad = await sendCode('12345678901');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ resp_code: 400, resp_msg: '手机号码格式不对', field: 'mobile' });
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api-uaa/sms/code',
      payload: { mobile: freshMobile(), validCode: ' ', deviceId: 'device-abcdefgh' },
    });
    expect(noCode.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.validCode.required'), field: 'validCode' });
    expect(await countOf('sms_outbox')).toBe(before);
  });
});

describe('POST /api-uaa/register', () => {
  const menuUrls = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.url, ...menuUrls(e.subMenus)]);

  it('creates an enabled account with the newcomer role that can sign in and sees that role’s menus', async () => {
    const mobile = freshMobile();
    await sendCode(mobile);
    const res = await register({ username: 'newcomer1', password: 'tap4water', mobile, smsCode: await codeIn(mobile) });
    expect(res.json()).toEqual({
      resp_code: 0,
      resp_msg: zh('registration.success'),
      datas: { username: 'newcomer1' },
    });
    const user = await t.app.db
      .selectFrom('users')
      .select(['id', 'company_id', 'enabled', 'mobile', 'password_hash'])
      .where('username', '=', 'newcomer1')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ company_id: companyId, enabled: true, mobile });
    expect(user.password_hash).not.toContain('tap4water');
    const roles = await t.app.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.code')
      .where('user_roles.user_id', '=', user.id)
      .execute();
    // The seed names ADMIN as the company's role: a stranger must never get it, so the OPERATOR role is given.
    expect(roles).toEqual([{ code: 'OPERATOR' }]);

    const token = await signIn(t.app, 'newcomer1', 'tap4water');
    const menus = await t.app.inject({ method: 'GET', url: '/api-user/menus/current', headers: bearer(token) });
    const urls = menuUrls(menus.json().datas);
    expect(urls).toEqual(expect.arrayContaining(['/index', '/personalCenter']));
    expect(urls).not.toContain('/system');
    const me = await t.app.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) });
    expect(me.json().datas.permissions).not.toContain('admin');
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['company_id', 'user_id'])
      .where('operation', '=', 'userRegister')
      .where('username', '=', 'newcomer1')
      .execute();
    expect(log).toEqual([{ company_id: companyId, user_id: user.id }]);
  });

  it('gives the company’s default role when it is not the administrator role', async () => {
    const roleId = await createRole(t.app, companyId, [PERMISSIONS.profileView]);
    const was = await t.app.db.selectFrom('companies').select('role_id').where('id', '=', companyId).executeTakeFirst();
    await t.app.db.updateTable('companies').set({ role_id: roleId }).where('id', '=', companyId).execute();
    try {
      const mobile = freshMobile();
      await sendCode(mobile);
      await register({ username: 'newcomer2', password: 'tap4water', mobile, smsCode: await codeIn(mobile) });
      const roles = await t.app.db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select('user_roles.role_id')
        .where('users.username', '=', 'newcomer2')
        .execute();
      expect(roles).toEqual([{ role_id: roleId }]);
    } finally {
      await t.app.db
        .updateTable('companies')
        .set({ role_id: was?.role_id ?? null })
        .where('id', '=', companyId)
        .execute();
    }
  });

  it('refuses a used code, and a code after 5 minutes', async () => {
    const mobile = freshMobile();
    await sendCode(mobile);
    const smsCode = await codeIn(mobile);
    expect((await register({ username: 'once1', password: 'tap4water', mobile, smsCode })).json().resp_code).toBe(0);
    const again = await register({ username: 'once2', password: 'tap4water', mobile, smsCode });
    expect(again.json()).toEqual(refused(zh('sms.codeInvalid')));

    const late = freshMobile();
    await sendCode(late);
    const lateCode = await codeIn(late);
    t.clock.advance(5 * 60_000);
    const expired = await register({ username: 'late1', password: 'tap4water', mobile: late, smsCode: lateCode });
    expect(expired.json()).toEqual(refused(zh('sms.codeInvalid')));
  });

  it('refuses a wrong code, and any code after 5 wrong attempts', async () => {
    const mobile = freshMobile();
    await sendCode(mobile);
    const smsCode = await codeIn(mobile);
    const wrongCode = smsCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      const res = await register({ username: 'guess1', password: 'tap4water', mobile, smsCode: wrongCode });
      expect(res.json(), `attempt ${i + 1}`).toEqual(refused(zh('sms.codeWrong')));
    }
    const right = await register({ username: 'guess1', password: 'tap4water', mobile, smsCode }, t, lang('en'));
    expect(right.json()).toEqual(refused(en('sms.codeInvalid')));
    expect(await t.app.db.selectFrom('users').select('id').where('username', '=', 'guess1').execute()).toEqual([]);
  });

  it('refuses a taken user name (any tenant) without spending the code', async () => {
    const mobile = freshMobile();
    await sendCode(mobile);
    const smsCode = await codeIn(mobile);
    for (const taken of ['admin', other.adminUsername]) {
      const res = await register({ username: taken, password: 'tap4water', mobile, smsCode });
      expect(res.json()).toEqual(refused(zh('resource.username.exists')));
    }
    expect((await register({ username: 'renamed1', password: 'tap4water', mobile, smsCode })).json().resp_code).toBe(0);
  });

  it.each([
    [{ username: '  ' }, 'username', '用户名不能为空'],
    [{ password: '12345' }, 'password', '密码长度至少为6位'],
    [{ password: '123456' }, 'password', '密码太常见,容易被猜中,请换一个'],
    [{ password: 'badinput2025' }, 'password', '密码太常见,容易被猜中,请换一个'],
    [{ mobile: '1381234567' }, 'mobile', '手机号码格式不对'],
    [{ smsCode: '' }, 'smsCode', '请输入短信验证码'],
  ])('answers %j with 400, the exact message, and writes nothing', async (input, field, message) => {
    const users = await countOf('users');
    const codes = await countOf('sms_codes');
    const body = { username: 'badinput', password: 'tap4water', mobile: freshMobile(), smsCode: '123456', ...input };
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: message, field });
    expect(await countOf('users')).toBe(users);
    expect(await countOf('sms_codes')).toBe(codes);
  });

  it('answers the rule message in English too', async () => {
    const res = await register(
      { username: 'x', password: '1', mobile: '13812345678', smsCode: '123456' },
      t,
      lang('en'),
    );
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: en('rules.accountPassword.format'), field: 'password' });
  });
});

describe('registration company', () => {
  it('is closed without WATEROPS_REGISTRATION_COMPANY outside demo mode; limited per IP all the same', async () => {
    const closed = await startTestApp({
      env: { WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'Fresh-Start-2024', SMS_RATE_PER_IP_PER_HOUR: '2' },
    });
    try {
      const mobile = '13912345678';
      expect((await sendCode(mobile, closed)).json()).toEqual(refused(zh('registration.closed')));
      const res = await register({ username: 'nobody1', password: 'tap4water', mobile, smsCode: '123456' }, closed);
      expect(res.json()).toEqual(refused(zh('registration.closed')));
      expect(await countOf('sms_outbox', closed)).toBe(0);
      await sendCode(mobile, closed);
      const limited = await sendCode(mobile, closed);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ resp_code: 429, resp_msg: zh('sms.ipLimit', { minutes: 60 }) });
    } finally {
      await closed.close();
    }
  });

  it('is the configured company when WATEROPS_REGISTRATION_COMPANY is set', async () => {
    const open = await startTestApp({
      env: { WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'Fresh-Start-2024', WATEROPS_REGISTRATION_COMPANY: '1' },
    });
    try {
      const mobile = '13912345679';
      expect((await sendCode(mobile, open)).json().resp_code).toBe(0);
      const smsCode = await codeIn(mobile, open);
      const res = await register({ username: 'joiner1', password: 'tap4water', mobile, smsCode }, open);
      expect(res.json().resp_code).toBe(0);
      await signIn(open.app, 'joiner1', 'tap4water');
    } finally {
      await open.close();
    }
  });
});

describe('GET /api-user/sms/outbox', () => {
  const outbox = (token: string | undefined, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api-user/sms/outbox${query}`,
      headers: token ? bearer(token) : {},
    });

  it('lists the tenant’s messages newest first, filtered by part of the mobile, paged', async () => {
    const first = freshMobile();
    const second = freshMobile();
    await sendCode(first);
    t.clock.advance(1000);
    await sendCode(second);
    const all = (await outbox(admin, '?limit=2')).json();
    expect(all.code).toBe(0);
    expect(all.count).toBe(await countOf('sms_outbox'));
    expect(all.data.map((r: { mobile: string }) => r.mobile)).toEqual([second, first]);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      mobile: second,
      text: expect.stringContaining(await codeIn(second)),
      purpose: 'register',
      createTime: expect.any(String),
    });
    const one = (await outbox(admin, `?mobile=${second.slice(3)}`)).json();
    expect(one.count).toBe(1);
    expect(one.data[0].mobile).toBe(second);
  });

  it('never shows another tenant’s messages', async () => {
    const theirs = (await outbox(await signIn(t.app, other.adminUsername, other.password))).json();
    expect(theirs).toMatchObject({ code: 0, count: 0, data: [] });
  });

  it('answers 401 without a token and 403 without sys:sms:view', async () => {
    const none = await outbox(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(unauthorized);
    const viewerOfLogs = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    const denied = await outbox(viewerOfLogs.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual(forbidden);
    const allowed = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysSmsView]);
    expect((await outbox(allowed.token)).statusCode).toBe(200);
  });

  it('answers a bad page size with 400', async () => {
    const res = await outbox(admin, '?limit=5000');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('limit');
  });
});
