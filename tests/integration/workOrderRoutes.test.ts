// Work orders under /api-business/workorder (issue 15; spec §4 statuses and actions, §6 identity, §7 calls): create
// (idempotent by request key), the dispatcher → crew → review path with its events and to-dos, refusals by state,
// relation and permission, what each caller's list holds, batch assign with a result per order, deferral and its
// pause, the escalation ladder firing once per level (also levels missed while the server was down), statistics,
// export; 400 with nothing written, 401, 403, another tenant's order 404; and a random walk over HTTP in which the
// server accepts exactly the actions it lists and writes one event per accepted action.
import { resumeExpiredDeferrals, runEscalations } from '@waterops/gateway/src/services/workorder/workOrderJobs.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { NOTICE_PATHS, type Notification } from '@waterops/shared/notice';
import {
  ACTION_PATHS,
  type ActionInput,
  type BatchItemResult,
  WORK_ORDER_PATHS,
  type WorkOrder,
  type WorkOrderAction,
  type WorkOrderEvent,
  type WorkOrderStatistics,
} from '@waterops/shared/workorder';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let dispatcher: TestUser;
let crewA: TestUser;
let crewB: TestUser;
let viewer: TestUser;
let nobody: TestUser;
let otherAdmin: string;
let teamId: number;

type Locale = 'zh-CN' | 'en';
const post = (url: string, payload: object, token: string | null, locale: Locale = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const get = (url: string, token: string | null, locale: Locale = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const list = async (token: string, query = '') =>
  (await get(`${WORK_ORDER_PATHS.list}?limit=999${query}`, token)).json() as { count: number; data: WorkOrder[] };
const countOrders = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let seq = 0;
const create = async (over: Record<string, unknown> = {}, token = dispatcher.token) => {
  const res = await post(
    WORK_ORDER_PATHS.save,
    { title: `停水 ${++seq}`, type: 'noWater', description: '用户来电反映停水', address: '幸福路 1 号', ...over },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas as WorkOrder;
};
const act = (action: keyof typeof ACTION_PATHS, id: number, token: string, input: ActionInput = {}, locale?: Locale) =>
  post(ACTION_PATHS[action], { id, ...input }, token, locale);
const events = async (id: number, token = admin) =>
  (await get(WORK_ORDER_PATHS.events(id), token)).json().datas as WorkOrderEvent[];
const todosOf = async (token: string, locale: Locale = 'zh-CN') =>
  ((await get(NOTICE_PATHS.showNotice, token, locale)).json().datas as Notification[]).filter((n) => n.category === 2);

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const dep = await t.app.db
    .insertInto('departments')
    .values({ company_id: companyId, parent_id: 0, name: '维修一班', sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamId = Number(dep.id);
  dispatcher = await createSignedInUser(t.app, companyId, { codes: ['DISPATCHER'] });
  crewA = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  crewB = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  await t.app.db.updateTable('users').set({ department_id: teamId }).where('id', 'in', [crewA.id, crewB.id]).execute();
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderView]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
});
afterAll(async () => {
  await t?.close();
});

describe('creating an order', () => {
  it('numbers it by the code rule on the China day, computes its due times, and lists what the caller may do', async () => {
    const o = await create({ priority: 'urgent', contactPhone: '13800138000' });
    const chinaDay = new Date(Date.parse(o.createdAt) + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(o.code).toMatch(new RegExp(`^GD${chinaDay}\\d{4}$`));
    expect(o).toMatchObject({
      status: 'pending',
      priority: 'urgent',
      source: 'manual',
      escalationLevel: 0,
      assigneeId: null,
    });
    // urgent runs on the 24-hour clock: 30 minutes to accept, 4 hours to resolve (the defaults)
    expect(Date.parse(o.responseDueAt as string) - Date.parse(o.createdAt)).toBe(30 * 60_000);
    expect(Date.parse(o.resolveDueAt as string) - Date.parse(o.createdAt)).toBe(240 * 60_000);
    expect(o.actions).toEqual(['edit', 'assign', 'note', 'delay', 'cancel']);
    const created = await events(o.id);
    expect(created).toMatchObject([{ action: 'created', fromStatus: null, toStatus: 'pending' }]);
  });

  it('returns the first order to a retried create with the same request key', async () => {
    const before = await countOrders();
    const a = await create({ requestKey: 'retry-key-0001' });
    const b = await create({ requestKey: 'retry-key-0001' });
    expect(b.id).toBe(a.id);
    expect(await countOrders()).toBe(before + 1);
  });

  it('edits what is sent, keeps what is not (a map order keeps its place), and names the change in one event', async () => {
    const o = await create({ lng: 116.41, lat: 39.91, priority: 'normal' });
    const res = await post(
      WORK_ORDER_PATHS.save,
      { id: o.id, title: '停水(已核实)', type: 'noWater', description: o.description, priority: 'urgent' },
      dispatcher.token,
    );
    const edited = res.json().datas as WorkOrder;
    expect(edited).toMatchObject({ title: '停水(已核实)', priority: 'urgent', lng: 116.41, lat: 39.91 });
    // urgent runs on the 24-hour clock from creation: 4 hours to resolve
    expect(Date.parse(edited.resolveDueAt as string) - Date.parse(o.createdAt)).toBe(240 * 60_000);
    expect((await events(o.id)).at(-1)).toMatchObject({ action: 'edit', comment: '工单标题、优先级' });
  });

  it('refuses bad input with the rule’s message in the caller’s language and writes nothing', async () => {
    const before = await countOrders();
    const blank = await post(WORK_ORDER_PATHS.save, { title: ' ', type: 'other', description: 'x' }, dispatcher.token);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ resp_msg: zh('workOrder.rules.titleRequired'), field: 'title' });
    const enBlank = await post(
      WORK_ORDER_PATHS.save,
      { title: 'x', type: 'other', description: '' },
      dispatcher.token,
      'en',
    );
    expect(enBlank.json().resp_msg).toBe(en('workOrder.rules.descriptionRequired'));
    const phone = await post(
      WORK_ORDER_PATHS.save,
      { title: 'x', type: 'other', description: 'y', contactPhone: '12' },
      dispatcher.token,
    );
    expect(phone.json().field).toBe('contactPhone');
    const badType = await post(WORK_ORDER_PATHS.save, { title: 'x', type: 'nope', description: 'y' }, dispatcher.token);
    expect(badType.statusCode).toBe(400);
    const foreignMeter = await post(
      WORK_ORDER_PATHS.save,
      { title: 'x', type: 'other', description: 'y', meterId: 987654321 },
      dispatcher.token,
    );
    expect(foreignMeter.statusCode).toBe(400);
    expect(foreignMeter.json().field).toBe('meterId');
    expect(await countOrders()).toBe(before);
  });

  it('answers 401 without a token, 403 without the permission, 404 for another tenant’s order', async () => {
    const o = await create();
    expect((await get(WORK_ORDER_PATHS.list, null)).json()).toEqual(unauthorized);
    expect((await get(WORK_ORDER_PATHS.list, nobody.token)).json()).toEqual(forbidden);
    expect(
      (await post(WORK_ORDER_PATHS.save, { title: 'x', type: 'other', description: 'y' }, viewer.token)).json(),
    ).toEqual(forbidden);
    expect((await act('assign', o.id, viewer.token, { assigneeId: crewA.id })).json()).toEqual(forbidden);
    expect((await get(WORK_ORDER_PATHS.find(o.id), otherAdmin)).json()).toEqual(notFound);
    expect((await get(WORK_ORDER_PATHS.events(o.id), otherAdmin)).json()).toEqual(notFound);
    expect((await act('cancel', o.id, otherAdmin, { comment: '不是我的' })).json()).toEqual(notFound);
    expect((await list(otherAdmin)).data.map((x) => x.id)).not.toContain(o.id);
  });
});

describe('the dispatcher → crew → review path', () => {
  it('assigns, sends the to-do, lets only the assignee accept, and records every step', async () => {
    const o = await create();
    const assigned = await act('assign', o.id, dispatcher.token, { assigneeId: crewA.id, comment: '请尽快处理' });
    expect(assigned.json().datas).toMatchObject({
      status: 'pending',
      assigneeId: crewA.id,
      departmentId: teamId,
      departmentName: '维修一班',
    });
    // the bell's to-do names the order by its code, in each reader's language
    const todo = (await todosOf(crewA.token)).find((n) => n.param === o.code);
    expect(todo?.title).toBe(zh('workOrder.todo.assigned', { code: o.code }));
    const todoEn = (await todosOf(crewA.token, 'en')).find((n) => n.param === o.code);
    expect(todoEn?.title).toBe(en('workOrder.todo.assigned', { code: o.code }));
    expect(todoEn?.content).toContain('No water / low pressure');

    // crew B does not see it; the dispatcher may not accept on the crew's behalf
    expect((await act('accept', o.id, crewB.token)).json()).toEqual(notFound);
    const byDispatcher = await act('accept', o.id, dispatcher.token);
    expect(byDispatcher.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('workOrder.refused.forbidden', { action: zh('workOrder.action.accept') }),
    });

    expect((await act('accept', o.id, crewA.token)).json().datas).toMatchObject({ status: 'processing' });
    expect((await act('start', o.id, crewA.token)).json().datas.startedAt).not.toBeNull();
    const photos = ['/api-file/files/a.jpg', '/api-file/files/b.jpg'];
    expect(
      (await act('note', o.id, crewA.token, { comment: '管道接口渗漏', attachments: photos })).json().datas.status,
    ).toBe('processing');
    const completeEmpty = await act('complete', o.id, crewA.token, {});
    expect(completeEmpty.statusCode).toBe(400);
    expect(completeEmpty.json()).toMatchObject({ field: 'cause', resp_msg: zh('workOrder.rules.causeRequired') });
    const completed = await act('complete', o.id, crewA.token, {
      cause: 'jointFailure',
      materials: 'DN50 卡箍 1 个',
      comment: '已更换',
    });
    expect(completed.json().datas).toMatchObject({ status: 'completed', cause: 'jointFailure', resolution: '已更换' });
    // awaiting review: the crew can no longer change it; closing is the reviewer's
    expect((await act('close', o.id, crewA.token)).statusCode).toBe(403);
    expect((await act('close', o.id, dispatcher.token, { comment: '现场核实' })).json().datas.status).toBe('closed');

    const timeline = await events(o.id);
    expect(timeline.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['created', null, 'pending'],
      ['assign', 'pending', 'pending'],
      ['accept', 'pending', 'processing'],
      ['start', 'processing', 'processing'],
      ['note', 'processing', 'processing'],
      ['complete', 'processing', 'completed'],
      ['close', 'completed', 'closed'],
    ]);
    expect(timeline[1]).toMatchObject({ username: dispatcher.username, assigneeId: crewA.id, comment: '请尽快处理' });
    expect(timeline[4]?.attachments).toEqual(photos);
    expect(timeline[5]).toMatchObject({ cause: 'jointFailure', materials: 'DN50 卡箍 1 个' });
    const stored = (await get(WORK_ORDER_PATHS.find(o.id), admin)).json().datas as WorkOrder;
    expect(stored.actions).toEqual([]);
  });

  it('refuses an action the status does not allow, in the caller’s language', async () => {
    const o = await create();
    const res = await act('complete', o.id, admin, { cause: 'other' }, 'en');
    expect(res.json()).toEqual({
      resp_code: 1,
      resp_msg: en('workOrder.refused.state', {
        status: en('workOrder.status.pending'),
        action: en('workOrder.action.complete'),
      }),
      datas: null,
    });
    const bad = await act('assign', o.id, dispatcher.token, { assigneeId: viewer.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_msg).toBe(zh('workOrder.assignee.invalid'));
    expect((await events(o.id)).length).toBe(1);
  });

  it('gives a crew member only their own orders, whatever identity they send; a dispatcher narrowed by identity', async () => {
    const mine = await create();
    await act('assign', mine.id, dispatcher.token, { assigneeId: crewB.id });
    const ofB = await list(crewB.token);
    expect(ofB.data.every((o) => o.assigneeId === crewB.id)).toBe(true);
    expect(ofB.data.map((o) => o.id)).toContain(mine.id);
    expect((await list(crewB.token, '&identity=1,2')).data.every((o) => o.assigneeId === crewB.id)).toBe(true);
    expect((await list(dispatcher.token)).count).toBeGreaterThan(ofB.count);
    // the dispatcher holds no crew role: identity 3 cannot narrow them to "own" (it is not theirs), nor widen anyone
    expect((await list(dispatcher.token, '&identity=3')).count).toBe((await list(dispatcher.token)).count);
    expect((await get(WORK_ORDER_PATHS.find(mine.id), crewA.token)).json()).toEqual(notFound);
  });

  it('batch-assigns with a result per order', async () => {
    const orders = await Promise.all([create(), create(), create()]);
    const cancelled = await create();
    await act('cancel', cancelled.id, dispatcher.token, { comment: '重复工单' });
    const res = await post(
      WORK_ORDER_PATHS.batchAssign,
      { ids: [...orders.map((o) => o.id), cancelled.id, 987654], assigneeId: crewA.id },
      dispatcher.token,
    );
    const results = res.json().datas as BatchItemResult[];
    expect(results.filter((r) => r.ok).map((r) => r.id)).toEqual(orders.map((o) => o.id));
    expect(results.find((r) => r.id === cancelled.id)).toMatchObject({ ok: false, code: cancelled.code });
    expect(results.find((r) => r.id === 987654)).toMatchObject({
      ok: false,
      code: null,
      message: zh('errors.notFound'),
    });
    expect(res.json().resp_msg).toBe(zh('workOrder.batch.done', { ok: 3, failed: 2 }));
    // each order read and changed on its own inside the batch's transaction: one event each, from its own history
    for (const o of orders) {
      const timeline = await events(o.id);
      expect(timeline.map((e) => e.action)).toEqual(['created', 'assign']);
      expect(timeline.at(-1)).toMatchObject({ assigneeId: crewA.id, fromStatus: 'pending', toStatus: 'pending' });
    }
    expect((await events(cancelled.id)).map((e) => e.action)).toEqual(['created', 'cancel']);
    const missing = await post(WORK_ORDER_PATHS.batchAssign, { ids: [orders[0]?.id] }, dispatcher.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('assigneeId');
  });
});

describe('deadlines', () => {
  it('pauses the clock while deferred and resumes on its own when the deferral runs out', async () => {
    const o = await create({ priority: 'high' });
    await act('assign', o.id, dispatcher.token, { assigneeId: crewA.id });
    await act('accept', o.id, crewA.token);
    const past = await act('delay', o.id, crewA.token, {
      comment: '等待配件',
      dueAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.json()).toMatchObject({ field: 'dueAt', resp_msg: zh('workOrder.rules.dueAtPast') });
    const until = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    const deferred = (await act('delay', o.id, crewA.token, { comment: '等待配件', dueAt: until.toISOString() })).json()
      .datas as WorkOrder;
    expect(deferred).toMatchObject({ status: 'deferred', deferredUntil: until.toISOString() });
    // nothing resumes before the time; at the time the system resumes it, and the due time moved by the pause
    expect((await resumeExpiredDeferrals(t.app.db, new Date(until.getTime() - 1000))).size).toBe(0);
    const resumedAt = new Date(until.getTime() + 1000);
    expect([...(await resumeExpiredDeferrals(t.app.db, resumedAt))]).toEqual([companyId]);
    const after = (await get(WORK_ORDER_PATHS.find(o.id), admin)).json().datas as WorkOrder;
    expect(after.status).toBe('processing');
    const paused =
      resumedAt.getTime() - Date.parse((await events(o.id)).find((e) => e.action === 'delay')?.at as string);
    expect(Date.parse(after.resolveDueAt as string) - Date.parse(o.resolveDueAt as string)).toBe(paused);
    expect((await events(o.id)).at(-1)).toMatchObject({
      action: 'autoResumed',
      username: null,
      toStatus: 'processing',
    });
  });

  it('fires each escalation level once, also levels that fell due while nobody looked', async () => {
    const o = await create({ priority: 'urgent' });
    const created = Date.parse(o.createdAt);
    // the server was "down" past the response due (30 min) and the resolution due (4 h): both levels fire at once
    const late = new Date(created + 5 * 3_600_000);
    expect((await runEscalations(t.app.db, late)).has(companyId)).toBe(true);
    await runEscalations(t.app.db, late);
    const fired = (await events(o.id)).filter((e) => e.action === 'escalated');
    expect(fired.map((e) => e.level)).toEqual([1, 2]);
    const stored = (await get(WORK_ORDER_PATHS.find(o.id), admin)).json().datas as WorkOrder;
    expect(stored.escalationLevel).toBe(2);
    // the dispatchers were told (a to-do naming the order); level 3 (150 %) comes later, once
    expect((await todosOf(dispatcher.token)).some((n) => n.param === o.code)).toBe(true);
    await runEscalations(t.app.db, new Date(created + 7 * 3_600_000));
    await runEscalations(t.app.db, new Date(created + 8 * 3_600_000));
    expect((await events(o.id)).filter((e) => e.action === 'escalated').map((e) => e.level)).toEqual([1, 2, 3]);
  });

  it('does not escalate an order accepted in time for its response level', async () => {
    const o = await create({ priority: 'urgent' });
    await act('assign', o.id, dispatcher.token, { assigneeId: crewA.id });
    await act('accept', o.id, crewA.token);
    await runEscalations(t.app.db, new Date(Date.parse(o.createdAt) + 60 * 60_000));
    expect((await events(o.id)).some((e) => e.action === 'escalated')).toBe(false);
  });
});

describe('an order’s district', () => {
  it('shows the district’s open leak events and live alarms beside the order, each to those who may read it', async () => {
    const db = t.app.db;
    const region = await db
      .insertInto('regions')
      .values({ company_id: companyId, region_name: '语境片区' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const area = await db
      .insertInto('areas')
      .values({ company_id: companyId, region_id: region.id, area_name: '语境小区', lng: 116.42, lat: 39.92 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const district = await db
      .insertInto('districts')
      .values({ company_id: companyId, district_name: '语境分区' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('district_areas')
      .values({ company_id: companyId, district_id: district.id, area_id: area.id })
      .execute();
    const event = await db
      .insertInto('district_leak_events')
      .values({
        company_id: companyId,
        district_id: district.id,
        kind: 'step',
        status: 'open',
        start_day: '2026-11-20',
        detected_day: '2026-11-22',
        magnitude: 4.5,
        volume: 540,
        level: 'severe',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alarm = (code: string, level: string, active: boolean, acknowledged: boolean) => ({
      company_id: companyId,
      alarm_type: 'noData',
      level,
      source_kind: 'meter',
      source_id: 900_000 + Number(code.slice(-1)),
      source_code: code,
      area_id: area.id,
      value: null,
      threshold: null,
      active,
      acknowledged,
      raised_at: new Date(),
    });
    await db
      .insertInto('alarms')
      .values([
        alarm('CTX-1', 'alarm', true, false),
        alarm('CTX-2', 'severe', true, true),
        alarm('CTX-3', 'alarm', false, true),
      ])
      .execute();
    // the call comes from the area: the order lands in its district
    const o = await create({ areaId: Number(area.id) });
    expect(o).toMatchObject({ districtId: Number(district.id), districtName: '语境分区', lng: 116.42, lat: 39.92 });
    const ctx = (await get(WORK_ORDER_PATHS.context(o.id), dispatcher.token)).json().datas;
    expect(ctx.leakEvents).toEqual([
      { id: Number(event.id), kind: 'step', startDay: '2026-11-20', magnitude: 4.5, volume: 540, orderCode: null },
    ]);
    // live alarms only (active, or cleared but unacknowledged), the more urgent first
    expect(ctx.alarms.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['CTX-2', 'CTX-1']);
    expect(ctx.alarmCount).toBe(2);
    // a viewer of orders alone learns of neither (null, not empty)
    const plain = (await get(WORK_ORDER_PATHS.context(o.id), viewer.token)).json().datas;
    expect(plain).toMatchObject({ districtName: '语境分区', leakEvents: null, alarms: null, alarmCount: 0 });
    expect((await get(WORK_ORDER_PATHS.context(o.id), otherAdmin)).json()).toEqual(notFound);
  });
});

describe('statistics and export', () => {
  it('counts by status and deadline class with the shared classes, and by team', async () => {
    const stats = (await get(WORK_ORDER_PATHS.statistics, dispatcher.token)).json().datas as WorkOrderStatistics;
    const all = await list(dispatcher.token);
    const inRange = all.data.length;
    expect(Object.values(stats.byStatus).reduce((a, b) => a + b, 0)).toBe(inRange);
    expect(stats.open).toBe(
      all.data.filter((o) => ['pending', 'processing', 'deferred', 'completed'].includes(o.status)).length,
    );
    expect(Object.values(stats.deadline).reduce((a, b) => a + b, 0)).toBe(stats.open);
    expect(stats.byTeam.find((b) => b.departmentId === teamId)?.open).toBeGreaterThan(0);
    expect(stats.trend).toHaveLength(30);
    expect(stats.trend.at(-1)?.created).toBeGreaterThan(0);
    expect((await get(WORK_ORDER_PATHS.statistics, crewA.token)).json()).toEqual(forbidden);
  });

  it('exports the list’s rows with the labels in the reader’s language', async () => {
    const o = await create();
    await act('cancel', o.id, dispatcher.token, { comment: '重复' });
    const res = await get(`${WORK_ORDER_PATHS.export}?status=cancelled`, dispatcher.token, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('work%20orders');
    const { readFirstSheet } = await import('@waterops/gateway/src/services/resource/xlsxSheet.ts');
    const sheet = await readFirstSheet(res.rawPayload);
    expect(sheet.headers.slice(0, 4)).toEqual(['Order no.', 'Title', 'Type', 'Priority']);
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.rows.every((r) => r.cells.includes('Cancelled'))).toBe(true);
    expect(sheet.rows.some((r) => r.cells.includes(o.code))).toBe(true);
  });
});

describe('a random walk over HTTP', () => {
  it('accepts exactly the actions each order lists for its caller, and appends one event per accepted action', async () => {
    const callers = () => [
      { name: 'dispatcher', user: dispatcher },
      { name: 'crewA', user: crewA },
      { name: 'crewB', user: crewB },
    ];
    const step = fc.record({
      order: fc.nat(2),
      caller: fc.nat(2),
      action: fc.constantFrom<WorkOrderAction>(
        'assign',
        'accept',
        'start',
        'note',
        'complete',
        'delay',
        'resume',
        'remind',
        'close',
        'reopen',
        'cancel',
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 16 }), async (steps) => {
        const orders = await Promise.all([create(), create(), create()]);
        const accepted = new Map<number, number>(orders.map((o) => [o.id, 0]));
        for (const s of steps) {
          const order = orders[s.order] as WorkOrder;
          const who = callers()[s.caller] as { user: TestUser };
          const seen = await get(WORK_ORDER_PATHS.find(order.id), who.user.token);
          const listed: WorkOrderAction[] = seen.statusCode === 200 ? seen.json().datas.actions : [];
          const input: ActionInput = {
            comment: '处理说明',
            assigneeId: s.order % 2 === 0 ? crewA.id : crewB.id,
            cause: 'other',
            dueAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
          };
          const res = await act(s.action as keyof typeof ACTION_PATHS, order.id, who.user.token, input);
          const done = res.statusCode === 200 && res.json().resp_code === 0;
          if (done !== listed.includes(s.action)) return false;
          if (done) accepted.set(order.id, (accepted.get(order.id) ?? 0) + 1);
        }
        for (const o of orders) if ((await events(o.id)).length !== 1 + (accepted.get(o.id) ?? 0)) return false;
        return true;
      }),
      { numRuns: 12 },
    );
  });
});
