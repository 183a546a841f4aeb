// GET /api-user/logs: the tenant's operation log as the log page reads it — paged newest first, filtered by user name,
// time, operation, result and IP prefix, localized operation names, never another tenant's entries; 400/401/403 as
// for every route. And what writes failed entries: refused changes anywhere (failureLog.ts) and wrong passwords.

// failureLogSettled and the route config's `operation` are declared beside the failure-log plugin.
import type {} from '@waterops/gateway/src/services/log/failureLog.ts';
import { recordOperation } from '@waterops/gateway/src/services/log/operationLogRepository.ts';
import { MAX_LIMIT } from '@waterops/shared/api';
import type { OperationLogEntry } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  demoCompanyId,
  lang,
  postToken,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let operator: string;
let other: Tenant;

// Entries written straight through the repository at known times, on top of the sign-ins of beforeAll.
const BASE = Date.parse('2024-03-01T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * 3600_000);

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  operator = await signIn(t.app, 'operator', 'operator123');
  other = await createSecondTenant(t.app);
  await signIn(t.app, other.adminUsername, other.password);
  for (let i = 0; i < 120; i++) {
    await recordOperation(t.app.db, {
      companyId,
      userId: null,
      username: i % 2 ? 'operator' : 'admin',
      operation: 'profileUpdate',
      detail: `entry ${i}`,
      ip: '10.0.0.1',
      at: at(i),
    });
  }
  await recordOperation(t.app.db, {
    companyId: other.companyId,
    userId: null,
    username: other.adminUsername,
    operation: 'fileUpload',
    detail: 'other tenant',
    ip: '10.0.0.2',
    at: at(5),
  });
});
afterAll(async () => {
  await t?.close();
});

const logs = (query: string, token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'GET', url: `/api-user/logs${query}`, headers: { ...bearer(token), ...lang(locale) } });

describe('GET /api-user/logs', () => {
  it('pages the tenant’s log newest first, 50 by default, with the total count', async () => {
    const res = await logs('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 120 written here + the two demo sign-ins of beforeAll.
    expect(body).toMatchObject({ code: 0, msg: zh('common.success'), count: 122 });
    expect(body.data).toHaveLength(50);
    const times = (body.data as OperationLogEntry[]).map((e) => Date.parse(e.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The sign-ins happened now, after the 2024 entries: they come first.
    expect(body.data.slice(0, 2).map((e: OperationLogEntry) => e.operation)).toEqual(['signIn', 'signIn']);

    const third = (await logs('?page=3&limit=50')).json();
    expect(third.data).toHaveLength(22);
    expect(third.data.at(-1)).toMatchObject({
      detail: 'entry 0',
      username: 'admin',
      ip: '10.0.0.1',
      result: 'success',
      reason: null,
    });
  });

  it('names operations in the request language', async () => {
    const zhEntry = (await logs('?limit=1')).json().data[0];
    expect(zhEntry).toMatchObject({ operation: 'signIn', operationName: '登录' });
    const enEntry = (await logs('?limit=1', admin, 'en')).json().data[0];
    expect(enEntry).toMatchObject({ operation: 'signIn', operationName: 'Sign in' });
  });

  it('filters by user name and time range (inclusive; a date alone covers the whole day)', async () => {
    const ops = (await logs('?username=operator&limit=200')).json();
    expect(ops.count).toBe(61);
    expect(ops.data.every((e: OperationLogEntry) => e.username === 'operator')).toBe(true);

    const range = (
      await logs(
        `?startTime=${encodeURIComponent('2024-03-01T10:00:00Z')}&endTime=${encodeURIComponent('2024-03-01T12:00:00Z')}`,
      )
    ).json();
    expect(range.data.map((e: OperationLogEntry) => e.detail)).toEqual(['entry 12', 'entry 11', 'entry 10']);

    const day = (await logs('?startTime=2024-03-02%2000:00:00%2B00:00&endTime=2024-03-02T23:59:59Z&limit=200')).json();
    expect(day.count).toBe(24);
    const both = (await logs('?username=admin&startTime=2024-03-01T00:00:00Z&endTime=2024-03-01T03:00:00Z')).json();
    expect(both.data.map((e: OperationLogEntry) => e.detail)).toEqual(['entry 2', 'entry 0']);
  });

  it('never lists another tenant’s entries, and shows that tenant only its own', async () => {
    const all = (await logs('?limit=200')).json();
    expect(
      all.data.some((e: OperationLogEntry) => e.detail === 'other tenant' || e.username === other.adminUsername),
    ).toBe(false);
    const otherAdmin = await signIn(t.app, other.adminUsername, other.password);
    const theirs = (await logs('?limit=200', otherAdmin)).json();
    expect(theirs.data.every((e: OperationLogEntry) => e.username === other.adminUsername)).toBe(true);
    expect(theirs.data.map((e: OperationLogEntry) => e.detail)).toContain('other tenant');
  });

  it.each([
    ['?limit=abc', 'limit'],
    ['?startTime=yesterday', 'startTime'],
    ['?endTime=2024-13-01', 'endTime'],
    ['?startTime=2024-02-30', 'startTime'],
    ['?operation=nothing', 'operation'],
    ['?result=maybe', 'result'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await logs(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh('errors.badRequest', { field }), field });
  });

  it.each([
    ['?page=0', 'page', 'errors.tooSmall', 1],
    ['?limit=1000', 'limit', 'errors.tooLarge', MAX_LIMIT],
  ] as const)('refuses %s with 400 naming %s and its bound', async (query, field, key, limit) => {
    const res = await logs(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh(key, { field, limit }), field });
  });

  it('refuses a too-long ip filter with 400 saying the limit, naming ip', async () => {
    const res = await logs(`?ip=${'1'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.text.tooLong', { max: 64 }), field: 'ip' });
  });

  it('answers 401 without a token and 403 to the operator (no sys:log:view)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api-user/logs' });
    expect(none.statusCode).toBe(401);
    const res = await logs('', operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ resp_code: 403, resp_msg: zh('errors.forbidden') });
  });
});

describe('failed attempts', () => {
  type Post = { url: string; token?: string; body?: object; locale?: 'zh-CN' | 'en' };
  const post = ({ url, token, body = {}, locale = 'zh-CN' }: Post) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), ...lang(locale) },
      payload: body,
    });
  /** The entries written after `afterId`, once the background writes of answered requests are done. */
  const entriesAfter = async (afterId: number, company = companyId) => {
    await t.app.failureLogSettled();
    return t.app.db
      .selectFrom('operation_log')
      .selectAll()
      .where('company_id', '=', company)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
  };
  const lastId = async () =>
    (
      await t.app.db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id ?? 0;
  const roleCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('roles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a save refused with 400 leaves one failed entry with the message in the caller’s language', async () => {
    const before = await lastId();
    const roles = await roleCount();
    const res = await post({ url: '/api-user/roles/saveOrUpdate', token: admin, body: { code: 'X1' }, locale: 'en' });
    expect(res.statusCode).toBe(400);
    const reason = res.json().resp_msg;
    expect(reason).toBe(en('errors.badRequest', { field: 'name' }));
    const written = await entriesAfter(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      username: 'admin',
      // the generic save route names its attempt (saveOrUpdate without an id: a create)
      operation: 'roleCreate',
      detail: 'POST /api-user/roles/saveOrUpdate',
      result: 'failed',
      reason,
      ip: '127.0.0.1',
    });
    expect(await roleCount()).toBe(roles);

    const listed = (await logs('?result=failed&limit=1', admin, 'en')).json().data[0];
    expect(listed).toMatchObject({ operation: 'roleCreate', operationName: 'Create role', result: 'failed', reason });
  });

  it('a business refusal (HTTP 200, resp_code 1) is a failed entry; the request body never is', async () => {
    const before = await lastId();
    const res = await post({
      url: '/api-user/roles/saveOrUpdate',
      token: admin,
      body: { code: 'ADMIN', name: '重复编码 secret-in-body' },
    });
    expect(res.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.roleCode.exists') });
    const written = await entriesAfter(before);
    expect(written.map((e) => [e.result, e.reason])).toEqual([['failed', zh('resource.roleCode.exists')]]);
    expect(JSON.stringify(written)).not.toContain('secret-in-body');
  });

  it('a success leaves exactly one success entry', async () => {
    const before = await lastId();
    const res = await post({
      url: '/api-user/roles/saveOrUpdate',
      token: admin,
      body: { code: 'LOGGED', name: '记录' },
    });
    expect(res.json().resp_code).toBe(0);
    const written = await entriesAfter(before);
    expect(written.map((e) => [e.operation, e.result, e.reason])).toEqual([['roleCreate', 'success', null]]);
  });

  it('a request without a token (401) leaves no entry; one without the permission (403) leaves a failed one', async () => {
    const before = await lastId();
    const anonymous = await post({ url: '/api-user/roles/saveOrUpdate', body: { code: 'A', name: 'a' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await entriesAfter(before)).toEqual([]);

    const refused = await post({
      url: '/api-user/roles/saveOrUpdate',
      token: operator,
      body: { code: 'B', name: 'b' },
    });
    expect(refused.statusCode).toBe(403);
    const written = await entriesAfter(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ username: 'operator', result: 'failed', reason: zh('errors.forbidden') });
  });

  it('a wrong password for a known user name is logged in that user’s company; an unknown name nowhere', async () => {
    const before = await lastId();
    const wrong = await postToken(t.app, { username: 'operator', password: 'wrong-password' });
    expect(wrong.json().resp_code).toBe(1);
    const unknown = await postToken(t.app, { username: 'nobody-here', password: 'wrong-password' });
    expect(unknown.json().resp_code).toBe(1);
    await t.app.failureLogSettled();
    const all = await t.app.db.selectFrom('operation_log').selectAll().where('id', '>', before).execute();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      company_id: companyId,
      username: 'operator',
      operation: 'signIn',
      result: 'failed',
      reason: zh('auth.badCredentials'),
    });
    expect(all[0]?.detail).not.toContain('wrong-password');
    // A successful sign-in clears the failure counter, so the rest of the file signs in without a code.
    operator = await signIn(t.app, 'operator', 'operator123');
  });

  it('filters by result, operation and IP prefix (wildcards typed are matched literally)', async () => {
    const failed = (await logs('?result=failed&limit=200')).json();
    expect(failed.count).toBeGreaterThanOrEqual(4);
    expect(failed.data.every((e: OperationLogEntry) => e.result === 'failed' && e.reason)).toBe(true);
    const succeeded = (await logs('?result=success&limit=200')).json();
    expect(succeeded.data.every((e: OperationLogEntry) => e.result === 'success' && e.reason === null)).toBe(true);

    const signIns = (await logs('?operation=signIn&result=failed')).json();
    expect(signIns.count).toBe(1);
    expect(signIns.data[0]).toMatchObject({ username: 'operator', operationName: '登录' });
    const requests = (await logs('?operation=request&limit=200')).json();
    expect(requests.data.every((e: OperationLogEntry) => e.operation === 'request')).toBe(true);

    expect((await logs('?ip=10.0.0.1')).json().count).toBe(120);
    expect((await logs('?ip=10.0.')).json().count).toBe(120);
    expect((await logs('?ip=10.0.0.2')).json().count).toBe(0);
    expect((await logs('?ip=10.%25')).json().count).toBe(0);
    const local = (await logs('?ip=127.&result=failed&limit=200')).json();
    expect(local.count).toBe(failed.count);
  });

  it('another tenant’s failures stay in that tenant', async () => {
    const otherAdmin = await signIn(t.app, other.adminUsername, other.password);
    const before = await lastId();
    const res = await post({
      url: '/api-user/roles/saveOrUpdate',
      token: otherAdmin,
      body: { code: 'ADMIN', name: 'x' },
    });
    expect(res.json().resp_code).toBe(1);
    expect(await entriesAfter(before, other.companyId)).toHaveLength(1);
    const mine = (await logs('?result=failed&limit=200')).json();
    expect(mine.data.some((e: OperationLogEntry) => e.username === other.adminUsername)).toBe(false);
    const theirs = (await logs('?result=failed', otherAdmin)).json();
    expect(theirs.data.map((e: OperationLogEntry) => e.username)).toEqual([other.adminUsername]);
  });
});
