// GET /api-user/logs: the tenant's operation log as the log page reads it — paged newest first, filtered by user name
// and time, localized operation names, never another tenant's entries; 400/401/403 as for every route.
import { recordOperation } from '@waterops/gateway/src/services/log/operationLogRepository.ts';
import type { OperationLogEntry } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSecondTenant, demoCompanyId, lang, signIn, type Tenant } from '../fixtures/factories.ts';
import { zh } from '../fixtures/messages.ts';
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
    expect(third.data.at(-1)).toMatchObject({ detail: 'entry 0', username: 'admin', ip: '10.0.0.1' });
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
    ['?page=0', 'page'],
    ['?limit=1000', 'limit'],
    ['?limit=abc', 'limit'],
    ['?startTime=yesterday', 'startTime'],
    ['?endTime=2024-13-01', 'endTime'],
    ['?startTime=2024-02-30', 'startTime'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await logs(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh('errors.badRequest', { field }), field });
  });

  it('answers 401 without a token and 403 to the operator (no sys:log:view)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api-user/logs' });
    expect(none.statusCode).toBe(401);
    const res = await logs('', operator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ resp_code: 403, resp_msg: zh('errors.forbidden') });
  });
});
