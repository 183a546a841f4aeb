// The work calendar, the deadline settings, the duty roster and the crew under /api-business/workorder: a year's
// holidays and make-up days replaced whole (open orders' due times follow), the settings written to parameter config
// and read back (open orders follow), a team's duty per day, the crew with duty and open load in the dispatcher's
// order; bad input (400, nothing written), no token (401), no permission (403), another tenant's team or user (404),
// tenant isolation.
import {
  type Actor,
  actOnWorkOrder,
  createWorkOrder,
} from '@waterops/gateway/src/services/workorder/workOrderService.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { CATALOGUE_PATHS } from '@waterops/shared/catalogue';
import { addDays, chinaDay } from '@waterops/shared/reading';
import {
  type CalendarYear,
  type CrewMember,
  type RosterDay,
  WORK_ORDER_PATHS,
  type WorkOrderSettings,
} from '@waterops/shared/workorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createRole,
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let adminActor: Actor;
let other: Tenant;
let otherAdmin: string;
/** may read the calendar and the settings, nothing else */
let calendarViewer: TestUser;
/** may read the roster and the crew (workorder:view), not change the roster */
let queueViewer: TestUser;
/** the dispatcher role: assigns (may change the roster), and may work on orders itself */
let dispatcher: TestUser;
/** field crew of the pipe team and the meter team */
let pipe1: TestUser;
let pipe2: TestUser;
let meter1: TestUser;
let pipeTeam: number;
let meterTeam: number;
let otherTeam: number;
let otherUser: number;

type Locale = 'zh-CN' | 'en';
const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  locale: Locale = 'zh-CN',
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? bearer(token) : {}), ...lang(locale) },
  });
const get = (url: string, token?: string, locale?: Locale) => call('GET', url, token, undefined, locale);
const post = (url: string, payload: unknown, token: string | undefined = admin, locale?: Locale) =>
  call('POST', url, token, payload, locale);
const q = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

const department = async (company: number, name: string) =>
  Number(
    (
      await t.app.db
        .insertInto('departments')
        .values({ company_id: company, parent_id: 0, name, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const placeIn = (user: TestUser, departmentId: number, nickname: string) =>
  t.app.db.updateTable('users').set({ department_id: departmentId, nickname }).where('id', '=', user.id).execute();
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

/** A manual meter-fault order of normal priority (its clock: working time), created at that instant. */
const openOrder = (createdAt: string, title = '水表不走字') =>
  t.app.db
    .transaction()
    .execute(
      async (tx) =>
        (
          await createWorkOrder(
            tx,
            adminActor,
            { title, type: 'meterFault', priority: 'normal', description: '用户反映水表不走字', source: 'manual' },
            new Date(createdAt),
          )
        ).id,
    );
const orderRow = (id: number) =>
  t.app.db.selectFrom('work_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const adminRow = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminActor = { companyId, userId: Number(adminRow.id), username: 'admin', permissions: [PERMISSIONS.admin] };
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  otherUser = other.userIds[other.adminUsername] as number;
  calendarViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderCalendarView]);
  queueViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderView]);
  dispatcher = await createSignedInUser(t.app, companyId, { codes: ['DISPATCHER'] });
  pipe1 = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  pipe2 = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  meter1 = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  pipeTeam = await department(companyId, '管网维修一班');
  meterTeam = await department(companyId, '水表班');
  otherTeam = await department(other.companyId, '别家的班组');
  await placeIn(pipe1, pipeTeam, '王强');
  await placeIn(pipe2, pipeTeam, '李明');
  await placeIn(meter1, meterTeam, '赵刚');
});
afterAll(async () => {
  await t?.close();
});

describe('calendar', () => {
  const calendarOf = async (year: number, token = admin) => {
    const res = await get(q(WORK_ORDER_PATHS.calendar, { year }), token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().datas as CalendarYear;
  };
  const daysIn = async (company: number, year: number) =>
    (
      await t.app.db
        .selectFrom('work_calendar_days')
        .selectAll()
        .where('company_id', '=', company)
        .where('day', '>=', `${year}-01-01`)
        .where('day', '<=', `${year}-12-31`)
        .execute()
    ).length;

  it("reads a year's holidays and make-up days in order (the seeded 2026), to a reader of the calendar", async () => {
    const year = await calendarOf(2026, calendarViewer.token);
    expect(year.year).toBe(2026);
    expect(year.days.find((d) => d.day === '2026-10-01')).toEqual({
      day: '2026-10-01',
      kind: 'holiday',
      name: '国庆节',
    });
    expect(year.days.find((d) => d.day === '2026-09-20')).toEqual({
      day: '2026-09-20',
      kind: 'workday',
      name: '国庆节调休',
    });
    expect(year.days.map((d) => d.day)).toEqual([...year.days.map((d) => d.day)].sort());
    expect((await calendarOf(2031)).days).toEqual([]);
  });

  it("replaces the year, logs it and moves open orders' due times with the new days", async () => {
    // Monday 2 March 2026, 09:00 China time: two working days later is Wednesday 09:00
    const id = await openOrder('2026-03-02T01:00:00Z');
    expect(iso((await orderRow(id)).resolve_due_at)).toBe('2026-03-04T01:00:00.000Z');
    const seeded = (await calendarOf(2026)).days;
    const res = await post(WORK_ORDER_PATHS.calendarSave, {
      year: 2026,
      days: [...seeded, { day: '2026-03-03', kind: 'holiday', name: ' 停水抢修日 ' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.resp_msg).toMatch(/^工作日历已保存,\d+ 张未完结工单的期限已重新计算$/);
    expect(body.datas.days).toHaveLength(seeded.length + 1);
    expect(body.datas.days.find((d: { day: string }) => d.day === '2026-03-03')).toEqual({
      day: '2026-03-03',
      kind: 'holiday',
      name: '停水抢修日',
    });
    // Tuesday is a holiday now: due Thursday 09:00
    expect(iso((await orderRow(id)).resolve_due_at)).toBe('2026-03-05T01:00:00.000Z');
    expect(await lastLog()).toMatchObject({ operation: 'workCalendarSave' });
    // dropping a day drops it
    const less = await post(WORK_ORDER_PATHS.calendarSave, { year: 2026, days: seeded });
    expect(less.json().resp_code).toBe(0);
    expect((await calendarOf(2026)).days).toEqual(seeded);
    expect(iso((await orderRow(id)).resolve_due_at)).toBe('2026-03-04T01:00:00.000Z');
  });

  it('refuses days outside the year, a day twice, a year out of range or a bad kind, in zh and en; nothing written', async () => {
    const before = await daysIn(companyId, 2027);
    const outside = await post(WORK_ORDER_PATHS.calendarSave, {
      year: 2027,
      days: [
        { day: '2027-01-01', kind: 'holiday', name: '元旦' },
        { day: '2028-01-01', kind: 'holiday', name: '元旦' },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ resp_msg: zh('workCalendar.rules.dayOutsideYear'), field: 'days' });
    const twice = await post(
      WORK_ORDER_PATHS.calendarSave,
      {
        year: 2027,
        days: [
          { day: '2027-02-11', kind: 'holiday', name: '春节' },
          { day: '2027-02-11', kind: 'workday', name: '调休' },
        ],
      },
      admin,
      'en',
    );
    expect(twice.json()).toMatchObject({ resp_code: 400, resp_msg: en('workCalendar.rules.dayTwice') });
    const unreal = await post(WORK_ORDER_PATHS.calendarSave, {
      year: 2027,
      days: [{ day: '2027-02-30', kind: 'holiday', name: '' }],
    });
    expect(unreal.json()).toMatchObject({ resp_code: 400, resp_msg: zh('workCalendar.rules.dayOutsideYear') });
    const year = await post(WORK_ORDER_PATHS.calendarSave, { year: 1999, days: [] });
    expect(year.json()).toMatchObject({ resp_code: 400, resp_msg: zh('workCalendar.rules.yearRange'), field: 'year' });
    const kind = await post(WORK_ORDER_PATHS.calendarSave, {
      year: 2027,
      days: [{ day: '2027-01-01', kind: 'weekend', name: '' }],
    });
    expect(kind.statusCode).toBe(400);
    const long = await post(WORK_ORDER_PATHS.calendarSave, {
      year: 2027,
      days: [{ day: '2027-01-01', kind: 'holiday', name: '一二三四五六七八九十一二三四五六七八九十一' }],
    });
    expect(long.statusCode).toBe(400);
    expect(await daysIn(companyId, 2027)).toBe(before);
    expect((await get(q(WORK_ORDER_PATHS.calendar, { year: 1999 }), admin)).statusCode).toBe(400);
  });

  it("keeps tenants apart: another tenant's year is its own", async () => {
    const saved = await post(
      WORK_ORDER_PATHS.calendarSave,
      { year: 2027, days: [{ day: '2027-01-01', kind: 'holiday', name: '元旦' }] },
      otherAdmin,
    );
    expect(saved.json().resp_code, saved.body).toBe(0);
    expect((await calendarOf(2027, otherAdmin)).days).toHaveLength(1);
    expect((await calendarOf(2027)).days).toEqual([]);
    // the other tenant's 2026 is still the seed, not what this tenant saved
    expect((await calendarOf(2026, otherAdmin)).days.some((d) => d.day === '2026-03-03')).toBe(false);
  });

  it('needs a token (401), the calendar view permission to read (403) and the edit permission to save (403)', async () => {
    expect((await get(q(WORK_ORDER_PATHS.calendar, { year: 2026 }))).json()).toMatchObject(unauthorized);
    expect((await post(WORK_ORDER_PATHS.calendarSave, { year: 2026, days: [] }, '')).statusCode).toBe(401);
    const read = await get(q(WORK_ORDER_PATHS.calendar, { year: 2026 }), pipe1.token);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject(forbidden);
    const before = await daysIn(companyId, 2026);
    const save = await post(WORK_ORDER_PATHS.calendarSave, { year: 2026, days: [] }, calendarViewer.token);
    expect(save.statusCode).toBe(403);
    expect(await daysIn(companyId, 2026)).toBe(before);
  });
});

describe('deadline settings', () => {
  const settingsOf = async (token = admin) => {
    const res = await get(WORK_ORDER_PATHS.settings, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().datas as WorkOrderSettings;
  };
  const paramRows = () =>
    t.app.db
      .selectFrom('param_configs')
      .select(['key_type', 'code', 'name', 'value', 'enabled'])
      .where('company_id', '=', companyId)
      .where('key_type', 'like', 'workorder.%')
      .orderBy('key_type')
      .orderBy('code')
      .execute();

  it('reads the defaults when nothing was saved: a target for every type × priority, the ladder', async () => {
    const s = await settingsOf(calendarViewer.token);
    expect(s.targets).toHaveLength(40);
    expect(s.targets.find((r) => r.type === 'burst' && r.priority === 'urgent')).toEqual({
      type: 'burst',
      priority: 'urgent',
      responseMinutes: 15,
      resolveMinutes: 180,
    });
    expect(s.workingTimePriorities).toEqual(['normal', 'low']);
    expect(s.workingHours).toBe('');
    expect(s.escalation.map((l) => l.level)).toEqual([1, 2, 3]);
  });

  it('saves to parameter config with readable names, reads it back, logs it and moves open orders', async () => {
    // Monday 2 November 2026, 09:00: two whole working days → Wednesday 09:00
    const id = await openOrder('2026-11-02T01:00:00Z', '水表读数异常');
    expect(iso((await orderRow(id)).resolve_due_at)).toBe('2026-11-04T01:00:00.000Z');
    const s = await settingsOf();
    const changed: WorkOrderSettings = {
      targets: s.targets.map((r) =>
        r.type === 'burst' && r.priority === 'urgent' ? { ...r, responseMinutes: 10, resolveMinutes: 120 } : r,
      ),
      workingTimePriorities: ['low', 'normal', 'low'],
      workingHours: '8:30-17:30',
      escalation: [
        { level: 2, basis: 'resolve', percent: 100, notify: ['managers', 'assignee'] },
        { level: 1, basis: 'response', percent: 80, notify: ['dispatchers'] },
      ],
    };
    const res = await post(WORK_ORDER_PATHS.settingsSave, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resp_msg).toMatch(/^时限设置已保存,\d+ 张未完结工单的期限已重新计算$/);
    const saved = res.json().datas as WorkOrderSettings;
    expect(saved.workingTimePriorities).toEqual(['normal', 'low']);
    expect(saved.workingHours).toBe('08:30-17:30');
    expect(saved.escalation).toEqual([
      { level: 1, basis: 'response', percent: 80, notify: ['dispatchers'] },
      { level: 2, basis: 'resolve', percent: 100, notify: ['assignee', 'managers'] },
    ]);
    expect(await settingsOf()).toEqual(saved);
    const rows = await paramRows();
    expect(rows.find((r) => r.code === 'burst.urgent')).toMatchObject({
      key_type: 'workorder.deadline',
      name: '爆管抢修·紧急',
      value: '10,120',
      enabled: true,
    });
    expect(rows.filter((r) => r.key_type === 'workorder.deadline')).toHaveLength(40);
    expect(rows.find((r) => r.code === 'workingHours')?.value).toBe('08:30-17:30');
    expect(rows.some((r) => r.code === 'level3')).toBe(false);
    expect(await lastLog()).toMatchObject({ operation: 'workOrderSettingsSave' });
    // 08:30-17:30 working hours: 510 min on Monday, 540 a day Tuesday to Friday, 210 on Monday 9th → 12:00
    expect(iso((await orderRow(id)).resolve_due_at)).toBe('2026-11-09T04:00:00.000Z');
    // saved again with one level: the others go, an update keeps one row per code
    const fewer = await post(WORK_ORDER_PATHS.settingsSave, { ...saved, escalation: saved.escalation.slice(0, 1) });
    expect(fewer.json().resp_code).toBe(0);
    expect((await settingsOf()).escalation.map((l) => l.level)).toEqual([1]);
    expect((await paramRows()).filter((r) => r.key_type === 'workorder.deadline')).toHaveLength(40);
  });

  it('moves open orders when the 参数配置 page saves, disables or deletes a deadline row', async () => {
    // Monday 2 November 2026, 09:00 China: whole working days → Wednesday 09:00; 08:30-17:30 → Monday 9th 12:00
    const id = await openOrder('2026-11-02T01:00:00Z', '水表计量偏差');
    const resolveDue = async () => iso((await orderRow(id)).resolve_due_at);
    const hoursRow = async () =>
      t.app.db
        .selectFrom('param_configs')
        .select(['id', 'value'])
        .where('company_id', '=', companyId)
        .where('key_type', '=', 'workorder.calendar')
        .where('code', '=', 'workingHours')
        .executeTakeFirst();
    const remove = async (rowId: number) => {
      const deleted = await call('DELETE', `${CATALOGUE_PATHS.paramDelete}/${rowId}`, admin);
      expect(deleted.json().resp_code, deleted.body).toBe(0);
    };
    const before = await hoursRow();
    if (before) await remove(Number(before.id));
    expect(await resolveDue()).toBe('2026-11-04T01:00:00.000Z');
    const saved = await post(CATALOGUE_PATHS.paramBatchSave, [
      { keyType: 'workorder.calendar', code: 'workingHours', name: '工作时间', value: '08:30-17:30' },
    ]);
    expect(saved.json().resp_code, saved.body).toBe(0);
    expect(await resolveDue()).toBe('2026-11-09T04:00:00.000Z');
    const rowId = Number((await hoursRow())?.id);
    const disabled = await get(`${CATALOGUE_PATHS.paramSetEnabled}?id=${rowId}&enabled=false`, admin);
    expect(disabled.json().resp_code, disabled.body).toBe(0);
    expect(await resolveDue()).toBe('2026-11-04T01:00:00.000Z');
    await get(`${CATALOGUE_PATHS.paramSetEnabled}?id=${rowId}&enabled=true`, admin);
    expect(await resolveDue()).toBe('2026-11-09T04:00:00.000Z');
    await remove(rowId);
    expect(await resolveDue()).toBe('2026-11-04T01:00:00.000Z');
    // as the tests after this one found it
    if (before)
      await post(CATALOGUE_PATHS.paramBatchSave, [
        { keyType: 'workorder.calendar', code: 'workingHours', name: '工作时间', value: before.value ?? '' },
      ]);
  });

  it('refuses incomplete or inconsistent settings with the field and message, in zh and en; nothing written', async () => {
    const s = await settingsOf();
    const before = await paramRows();
    const expectRefused = async (body: WorkOrderSettings, field: string, message: string, locale: Locale = 'zh-CN') => {
      const res = await post(WORK_ORDER_PATHS.settingsSave, body, admin, locale);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ resp_code: 400, field, resp_msg: message });
    };
    const longResponse = s.targets.map((r, i) => (i === 3 ? { ...r, responseMinutes: r.resolveMinutes + 1 } : r));
    await expectRefused(
      { ...s, targets: longResponse },
      'targets.3.responseMinutes',
      zh('workOrder.settings.responseAfterResolve'),
    );
    await expectRefused({ ...s, targets: s.targets.slice(1) }, 'targets', en('workOrder.settings.targetMissing'), 'en');
    await expectRefused(
      { ...s, targets: [...s.targets.slice(1), s.targets[2] as WorkOrderSettings['targets'][0]] },
      'targets.39',
      zh('workOrder.settings.targetTwice'),
    );
    await expectRefused(
      { ...s, workingHours: '17:30-08:30' },
      'workingHours',
      zh('workOrder.settings.workingHoursFormat'),
    );
    await expectRefused(
      {
        ...s,
        escalation: [
          { level: 1, basis: 'response', percent: 100, notify: ['dispatchers'] },
          { level: 1, basis: 'resolve', percent: 100, notify: ['managers'] },
        ],
      },
      'escalation.1.level',
      zh('workOrder.settings.levelTwice'),
    );
    const schema = await post(WORK_ORDER_PATHS.settingsSave, {
      ...s,
      escalation: [{ level: 1, basis: 'response', percent: 100, notify: [] }],
    });
    expect(schema.statusCode).toBe(400);
    expect(await paramRows()).toEqual(before);
  });

  it('keeps tenants apart, and needs a token (401) and the permissions (403)', async () => {
    expect((await settingsOf(otherAdmin)).workingHours).toBe('');
    expect((await get(WORK_ORDER_PATHS.settings)).statusCode).toBe(401);
    expect((await get(WORK_ORDER_PATHS.settings, queueViewer.token)).json()).toMatchObject(forbidden);
    const s = await settingsOf();
    const denied = await post(WORK_ORDER_PATHS.settingsSave, { ...s, workingHours: '' }, calendarViewer.token);
    expect(denied.statusCode).toBe(403);
    expect((await settingsOf()).workingHours).toBe('08:30-17:30');
    expect((await post(WORK_ORDER_PATHS.settingsSave, s, '')).statusCode).toBe(401);
  });
});

describe('duty roster', () => {
  /** the roster of this file's teams (the demo tenant has a roster of its own teams) */
  const mine = (days: RosterDay[]) => days.filter((d) => d.departmentId === pipeTeam || d.departmentId === meterTeam);
  const rosterOf = async (from: string, to: string, token = admin, departmentId?: number) => {
    const res = await get(q(WORK_ORDER_PATHS.roster, { from, to, ...(departmentId ? { departmentId } : {}) }), token);
    expect(res.statusCode, res.body).toBe(200);
    return mine(res.json().datas as RosterDay[]);
  };
  const rows = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('duty_rosters')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("replaces a team's duty on a day, reads it per day and team, and logs it", async () => {
    const res = await post(
      WORK_ORDER_PATHS.rosterSave,
      { day: '2026-12-01', departmentId: pipeTeam, userIds: [pipe2.id, pipe1.id, pipe1.id] },
      dispatcher.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datas).toEqual({
      day: '2026-12-01',
      departmentId: pipeTeam,
      userIds: [pipe1.id, pipe2.id].sort((a, b) => a - b),
    });
    expect(await lastLog()).toMatchObject({ operation: 'dutyRosterSave' });
    expect((await lastLog()).detail).toContain('管网维修一班');
    await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-02', departmentId: meterTeam, userIds: [meter1.id] });
    const week = await rosterOf('2026-11-30', '2026-12-06', queueViewer.token);
    expect(week).toEqual([
      { day: '2026-12-01', departmentId: pipeTeam, userIds: [pipe1.id, pipe2.id].sort((a, b) => a - b) },
      { day: '2026-12-02', departmentId: meterTeam, userIds: [meter1.id] },
    ]);
    expect(await rosterOf('2026-11-30', '2026-12-06', admin, meterTeam)).toHaveLength(1);
    // one end given: the seven days from it (or up to it)
    const fromOnly = await get(q(WORK_ORDER_PATHS.roster, { from: '2026-11-30' }), admin);
    expect(mine(fromOnly.json().datas)).toEqual(week);
    const toOnly = await get(q(WORK_ORDER_PATHS.roster, { to: '2026-12-01' }), admin);
    expect(mine(toOnly.json().datas)).toEqual(week.slice(0, 1));
    // replaced whole, and cleared by an empty list
    await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-01', departmentId: pipeTeam, userIds: [pipe2.id] });
    expect((await rosterOf('2026-12-01', '2026-12-01'))[0]?.userIds).toEqual([pipe2.id]);
    const cleared = await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-01', departmentId: pipeTeam, userIds: [] });
    expect(cleared.json().datas).toEqual({ day: '2026-12-01', departmentId: pipeTeam, userIds: [] });
    expect(await rosterOf('2026-12-01', '2026-12-01')).toEqual([]);
  });

  it('refuses a bad range, a day that does not exist or a disabled account (400); nothing written', async () => {
    const before = await rows();
    const long = await get(q(WORK_ORDER_PATHS.roster, { from: '2026-01-01', to: '2026-03-04' }), admin);
    expect(long.json()).toMatchObject({ resp_code: 400, resp_msg: zh('dutyRoster.rangeTooLong'), field: 'to' });
    expect((await get(q(WORK_ORDER_PATHS.roster, { from: '2026-01-01', to: '2026-03-03' }), admin)).statusCode).toBe(
      200,
    );
    const order = await get(q(WORK_ORDER_PATHS.roster, { from: '2026-03-02', to: '2026-03-01' }), admin, 'en');
    expect(order.json()).toMatchObject({ resp_code: 400, resp_msg: en('dutyRoster.rangeOrder') });
    const unreal = await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-02-30', departmentId: pipeTeam, userIds: [] });
    expect(unreal.json()).toMatchObject({ resp_code: 400, resp_msg: zh('workCalendar.import.badDay'), field: 'day' });
    const disabled = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
    await t.app.db.updateTable('users').set({ enabled: false }).where('id', '=', disabled.id).execute();
    const res = await post(WORK_ORDER_PATHS.rosterSave, {
      day: '2026-12-03',
      departmentId: pipeTeam,
      userIds: [pipe1.id, disabled.id],
    });
    expect(res.json()).toMatchObject({ resp_code: 400, resp_msg: zh('dutyRoster.userDisabled'), field: 'userIds' });
    expect(
      (await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-03', departmentId: 'x', userIds: [] })).statusCode,
    ).toBe(400);
    expect(await rows()).toBe(before);
  });

  it("answers 404 for another tenant's team or account, writing nothing, and keeps tenants apart", async () => {
    await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-04', departmentId: pipeTeam, userIds: [pipe1.id] });
    const before = await rows();
    const team = await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-04', departmentId: otherTeam, userIds: [] });
    expect(team.statusCode).toBe(404);
    expect(team.json()).toMatchObject(notFound);
    const user = await post(WORK_ORDER_PATHS.rosterSave, {
      day: '2026-12-04',
      departmentId: pipeTeam,
      userIds: [pipe2.id, otherUser],
    });
    expect(user.statusCode).toBe(404);
    expect(await rows()).toBe(before);
    expect((await rosterOf('2026-12-04', '2026-12-04'))[0]?.userIds).toEqual([pipe1.id]);
    expect(
      (await get(q(WORK_ORDER_PATHS.roster, { from: '2026-12-01', to: '2026-12-07', departmentId: otherTeam }), admin))
        .statusCode,
    ).toBe(404);
    // the other tenant reads none of this tenant's duty, and cannot write to its team
    expect(await rosterOf('2026-11-30', '2026-12-06', otherAdmin)).toEqual([]);
    const theirs = await post(
      WORK_ORDER_PATHS.rosterSave,
      { day: '2026-12-04', departmentId: pipeTeam, userIds: [] },
      otherAdmin,
    );
    expect(theirs.statusCode).toBe(404);
    expect(await rows()).toBe(before);
  });

  it('reads this China week when no range is given', async () => {
    const today = chinaDay(t.clock.now());
    const nextWeek = addDays(today, 7);
    for (const day of [today, nextWeek])
      await post(WORK_ORDER_PATHS.rosterSave, { day, departmentId: meterTeam, userIds: [meter1.id] });
    const res = await get(q(WORK_ORDER_PATHS.roster, { departmentId: meterTeam }), admin);
    expect(res.statusCode, res.body).toBe(200);
    const days = (res.json().datas as RosterDay[]).map((d) => d.day);
    expect(days).toContain(today);
    expect(days).not.toContain(nextWeek);
    expect(days.every((d) => d >= addDays(today, -6) && d <= addDays(today, 6))).toBe(true);
  });

  it('needs a token (401), workorder:view or assign to read and assign to save (403)', async () => {
    const url = q(WORK_ORDER_PATHS.roster, { from: '2026-12-01', to: '2026-12-07' });
    expect((await get(url)).json()).toMatchObject(unauthorized);
    expect((await get(url, pipe1.token)).statusCode).toBe(403);
    const assigner = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderAssign]);
    expect((await get(url, assigner.token)).statusCode).toBe(200);
    const before = await rows();
    const denied = await post(
      WORK_ORDER_PATHS.rosterSave,
      { day: '2026-12-05', departmentId: pipeTeam, userIds: [pipe1.id] },
      queueViewer.token,
    );
    expect(denied.json()).toMatchObject(forbidden);
    expect(
      (await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-05', departmentId: pipeTeam, userIds: [] }, ''))
        .statusCode,
    ).toBe(401);
    expect(await rows()).toBe(before);
  });
});

describe('crew', () => {
  const crewOf = async (params: Record<string, string | number>, token = dispatcher.token) => {
    const res = await get(q(WORK_ORDER_PATHS.crew, params), token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().datas as CrewMember[];
  };
  const assign = (orderId: number, assigneeId: number) =>
    t.app.db
      .transaction()
      .execute((tx) =>
        actOnWorkOrder(tx, adminActor, 'assign', orderId, { assigneeId }, new Date('2026-11-20T02:00:00Z')),
      );

  it('lists who may work on orders with their team, duty that day and open load, on duty first then lightest load', async () => {
    // pipe1 carries two open orders and one awaiting review, pipe2 one; only pipe2 is on duty on the 10th
    const [a, b, c, d] = [
      await openOrder('2026-11-20T01:00:00Z', '管道漏水A'),
      await openOrder('2026-11-20T01:00:00Z', '管道漏水B'),
      await openOrder('2026-11-20T01:00:00Z', '管道漏水C'),
      await openOrder('2026-11-20T01:00:00Z', '管道漏水D'),
    ];
    for (const [order, who] of [
      [a, pipe1],
      [b, pipe1],
      [c, pipe1],
      [d, pipe2],
    ] as const)
      expect((await assign(order as number, who.id)).ok).toBe(true);
    await t.app.db
      .updateTable('work_orders')
      .set({ status: 'completed' })
      .where('id', '=', c as number)
      .execute();
    await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-10', departmentId: pipeTeam, userIds: [pipe2.id] });

    const team = await crewOf({ departmentId: pipeTeam, day: '2026-12-10' });
    expect(team.map((m) => [m.userId, m.onDuty, m.openLoad])).toEqual([
      [pipe2.id, true, 1],
      [pipe1.id, false, 2],
    ]);
    expect(team[0]).toMatchObject({ nickname: '李明', departmentId: pipeTeam, departmentName: '管网维修一班' });
    // another day nobody is on duty: the lightest load first
    const off = await crewOf({ departmentId: pipeTeam, day: '2026-12-11' });
    expect(off.map((m) => [m.userId, m.onDuty])).toEqual([
      [pipe2.id, false],
      [pipe1.id, false],
    ]);
  });

  it("counts a team's duty from another team that day, and leaves out accounts that may not work on orders", async () => {
    await post(WORK_ORDER_PATHS.rosterSave, { day: '2026-12-12', departmentId: pipeTeam, userIds: [meter1.id] });
    const team = await crewOf({ departmentId: pipeTeam, day: '2026-12-12' });
    expect(team[0]).toMatchObject({ userId: meter1.id, onDuty: true, departmentName: '水表班' });
    expect(team.map((m) => m.userId).sort()).toEqual([meter1.id, pipe1.id, pipe2.id].sort());
    const all = await crewOf({ day: '2026-12-12' }, queueViewer.token);
    const ids = all.map((m) => m.userId);
    expect(ids).toEqual(expect.arrayContaining([pipe1.id, pipe2.id, meter1.id]));
    // a dispatcher's role also grants workorder:complete, but dispatching is not field work: not offered as crew
    expect(ids).not.toContain(dispatcher.id);
    // the viewers hold no workorder:complete
    expect(ids).not.toContain(queueViewer.id);
    expect(ids).not.toContain(calendarViewer.id);
    // a disabled crew member is not offered
    await t.app.db.updateTable('users').set({ enabled: false }).where('id', '=', meter1.id).execute();
    expect((await crewOf({ day: '2026-12-12' })).some((m) => m.userId === meter1.id)).toBe(false);
    await t.app.db.updateTable('users').set({ enabled: true }).where('id', '=', meter1.id).execute();
  });

  it('does not count an administrator as crew, and counts a crew role of any type that does not dispatch', async () => {
    // the administrator's role grants every entry, workorder:complete included: still not crew
    expect((await crewOf({}, otherAdmin)).map((m) => m.userId)).not.toContain(otherUser);
    const crewRole = await createRole(t.app, other.companyId, [PERMISSIONS.workOrderComplete]);
    await t.app.db
      .insertInto('user_roles')
      .values({ company_id: other.companyId, user_id: otherUser, role_id: crewRole })
      .execute();
    expect((await crewOf({}, otherAdmin)).map((m) => m.userId)).toContain(otherUser);
    const entry = await t.app.db
      .selectFrom('menus')
      .select('id')
      .where('company_id', '=', other.companyId)
      .where('permission', '=', PERMISSIONS.workOrderComplete)
      .executeTakeFirstOrThrow();
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', other.companyId)
      .where('role_id', '=', crewRole)
      .where('menu_id', '=', entry.id)
      .execute();
    // the crew role without the permission: no longer offered
    expect((await crewOf({}, otherAdmin)).map((m) => m.userId)).not.toContain(otherUser);
  });

  it("defaults to today, keeps tenants apart, 404 for another tenant's team, 400 for a bad day", async () => {
    expect((await crewOf({})).length).toBeGreaterThan(0);
    const theirs = await crewOf({}, otherAdmin);
    expect(theirs.some((m) => [pipe1.id, pipe2.id, meter1.id].includes(m.userId))).toBe(false);
    const team = await get(q(WORK_ORDER_PATHS.crew, { departmentId: otherTeam }), dispatcher.token);
    expect(team.statusCode).toBe(404);
    expect(team.json()).toMatchObject(notFound);
    const day = await get(q(WORK_ORDER_PATHS.crew, { day: '2026-13-01' }), dispatcher.token);
    expect(day.json()).toMatchObject({ resp_code: 400, resp_msg: zh('workCalendar.import.badDay') });
  });

  it('needs a token (401) and workorder:view or assign (403)', async () => {
    expect((await get(WORK_ORDER_PATHS.crew)).json()).toMatchObject(unauthorized);
    expect((await get(WORK_ORDER_PATHS.crew, pipe1.token)).json()).toMatchObject(forbidden);
    expect((await get(WORK_ORDER_PATHS.crew, calendarViewer.token)).statusCode).toBe(403);
  });
});
