// Raising work orders from where the problem is seen (issue 15, Deliver 3): from an alarm, a usage exception, a
// reading exception (also the meter-reading page's workOrder / batchWorkOrder) and a night-flow leak event; one open
// order per source (raising again, or replaying a batch of 500, answers the same orders); another tenant's source and
// one outside the caller's scope refused; 400 with nothing written, 401, 403; and what the order does back at its
// source: the alarm's history notes it raised and completed, the leak event records the repair.
import { PERMISSIONS } from '@waterops/shared/auth';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { PLACE_PATHS } from '@waterops/shared/place';
import { ACTION_PATHS, RAISE_BATCH_MAX, WORK_ORDER_PATHS, type WorkOrderRaise } from '@waterops/shared/workorder';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let raiser: TestUser;
let nobody: TestUser;
let baseEditor: TestUser;
let scoped: TestUser;
let crew: TestUser;
let other: Tenant;
let otherToken: string;
const areas: number[] = [];
/** our fixtures: meters, alarms, a district and its leak events, month-end bases */
const f = {
  meter: 0,
  resident: 0,
  voltageAlarm: 0,
  zeroUseAlarm: 0,
  district: 0,
  leak: 0,
  repairedLeak: 0,
  nightAlarm: 0,
  abnormalBase: 0,
  normalBase: 0,
  farAlarm: 0,
  batchAlarms: [] as number[],
};
/** the other tenant's */
const o = { alarm: 0, meter: 0, leak: 0, base: 0 };

const post = (url: string, payload: object, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const raise = (body: WorkOrderRaise, token = raiser.token, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  post(WORK_ORDER_PATHS.raise, body, token, locale);
const orderCount = async (cid = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom('work_orders')
        .select(sql<number>`count(*)`.as('n'))
        .where('company_id', '=', cid)
        .executeTakeFirstOrThrow()
    ).n,
  );
const alarmNotes = async (alarmId: number) =>
  (
    await t.app.db
      .selectFrom('alarm_events')
      .select(['action', 'comment', 'username'])
      .where('alarm_id', '=', alarmId)
      .where('action', '=', 'noted')
      .orderBy('id')
      .execute()
  ).map((e) => e.comment);

let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

const insertAlarm = async (
  cid: number,
  a: { type: string; level: string; kind: string; sourceId: number; code: string; areaId: number | null },
) =>
  Number(
    (
      await t.app.db
        .insertInto('alarms')
        .values({
          company_id: cid,
          alarm_type: a.type,
          level: a.level,
          source_kind: a.kind,
          source_id: a.sourceId,
          source_code: a.code,
          area_id: a.areaId,
          value: 3.1,
          threshold: 3.2,
          raised_at: t.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

const insertMeter = async (cid: number, areaId: number | null) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: cid, meter_code: uniq('WR'), area_id: areaId, address: '幸福路 8 号' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

const insertDistrictWithLeaks = async (cid: number) => {
  const district = Number(
    (
      await t.app.db
        .insertInto('districts')
        .values({
          company_id: cid,
          district_name: uniq('城东分区'),
          polygon: JSON.stringify([
            [116.4, 39.9],
            [116.42, 39.9],
            [116.42, 39.92],
            [116.4, 39.92],
            [116.4, 39.9],
          ]),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const alarm = await insertAlarm(cid, {
    type: 'nightFlow',
    level: 'severe',
    kind: 'district',
    sourceId: district,
    code: '城东分区',
    areaId: null,
  });
  const event = async (status: string, startDay: string) =>
    Number(
      (
        await t.app.db
          .insertInto('district_leak_events')
          .values({
            company_id: cid,
            district_id: district,
            kind: 'step',
            status,
            start_day: startDay,
            detected_day: startDay,
            repaired_day: status === 'repaired' ? startDay : null,
            magnitude: 2.5,
            volume: 612.3,
            level: 'severe',
            alarm_id: alarm,
            updated_at: t.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  return { district, alarm, leak: await event('open', '2026-04-20'), repaired: await event('repaired', '2026-03-01') };
};

const insertBase = async (cid: number, meterId: number, period: string, checkMessage: string | null) =>
  Number(
    (
      await t.app.db
        .insertInto('meter_bases')
        .values({
          company_id: cid,
          meter_id: meterId,
          period,
          start_reading: 100,
          end_reading: 180.5,
          consumption: 80.5,
          check_state: checkMessage ? 2 : 1,
          check_message: checkMessage,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  raiser = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderCreate, PERMISSIONS.workOrderView]);
  nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
  baseEditor = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingMeterBaseEdit]);
  scoped = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderCreate]);
  const crewRole = await t.app.db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', 'CREW')
    .executeTakeFirstOrThrow();
  crew = await createSignedInUser(t.app, companyId, { ids: [Number(crewRole.id)] });
  other = await createSecondTenant(t.app);
  otherToken = await signIn(t.app, other.adminUsername, other.password);
  const rows = await t.app.db
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(2)
    .execute();
  areas.push(...rows.map((r) => Number(r.id)));
  expect(areas).toHaveLength(2);
  const res = await post(
    PLACE_PATHS.userRegionAreaSave,
    { userId: scoped.id, regionIds: [], areaIds: [areas[1]] },
    admin,
  );
  expect(res.json().resp_code, res.body).toBe(0);

  f.meter = await insertMeter(companyId, areas[0] as number);
  f.resident = Number(
    (
      await t.app.db
        .insertInto('residents')
        .values({ company_id: companyId, resident_code: uniq('R'), resident_name: '张三', phone: '13800138000' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await t.app.db
    .insertInto('resident_meters')
    .values({ company_id: companyId, resident_id: f.resident, meter_id: f.meter })
    .execute();
  const code = (
    await t.app.db.selectFrom('water_meters').select('meter_code').where('id', '=', f.meter).executeTakeFirstOrThrow()
  ).meter_code;
  f.voltageAlarm = await insertAlarm(companyId, {
    type: 'voltage',
    level: 'severe',
    kind: 'meter',
    sourceId: f.meter,
    code,
    areaId: areas[0] as number,
  });
  f.zeroUseAlarm = await insertAlarm(companyId, {
    type: 'zeroUse',
    level: 'general',
    kind: 'meter',
    sourceId: f.meter,
    code,
    areaId: areas[0] as number,
  });
  const d = await insertDistrictWithLeaks(companyId);
  Object.assign(f, { district: d.district, leak: d.leak, repairedLeak: d.repaired, nightAlarm: d.alarm });
  f.abnormalBase = await insertBase(companyId, f.meter, '2026-04', 'high,estimated');
  f.normalBase = await insertBase(companyId, f.meter, '2026-03', null);
  f.farAlarm = await insertAlarm(companyId, {
    type: 'offline',
    level: 'alarm',
    kind: 'concentrator',
    sourceId: 990_001,
    code: 'C-FAR',
    areaId: areas[0] as number,
  });
  // the batch: 500 concentrators offline (no meter behind them to resolve)
  const batch = await t.app.db
    .insertInto('alarms')
    .columns(['company_id', 'alarm_type', 'level', 'source_kind', 'source_id', 'source_code', 'area_id', 'raised_at'])
    .expression(
      sql`select ${companyId}, 'offline', 'general', 'concentrator', 500000 + g, 'C' || g, ${areas[1]}::bigint,
        ${t.clock.now()}::timestamptz from generate_series(1, ${RAISE_BATCH_MAX}) g`,
    )
    .returning('id')
    .execute();
  f.batchAlarms = batch.map((r) => Number(r.id));

  o.meter = await insertMeter(other.companyId, null);
  o.alarm = await insertAlarm(other.companyId, {
    type: 'voltage',
    level: 'urgent',
    kind: 'meter',
    sourceId: o.meter,
    code: 'OTHER-1',
    areaId: null,
  });
  o.leak = (await insertDistrictWithLeaks(other.companyId)).leak;
  o.base = await insertBase(other.companyId, o.meter, '2026-04', 'zero');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('POST workorder/raise', () => {
  it('raises an order from an alarm once; raising again answers the open one', async () => {
    const before = await orderCount();
    const res = await raise({ source: 'alarm', alarmId: f.voltageAlarm });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.resp_code).toBe(0);
    expect(body.datas.created).toBe(true);
    const order = body.datas.order;
    expect(order).toMatchObject({
      type: 'meterFault',
      priority: 'high',
      status: 'pending',
      source: 'alarm',
      sourceKey: `alarm:${f.voltageAlarm}`,
      alarmId: f.voltageAlarm,
      meterId: f.meter,
      residentId: f.resident,
      areaId: areas[0],
      address: '幸福路 8 号',
    });
    expect(order.code).toMatch(/^GD/);
    expect(order.title).toContain('低电压');
    expect(Array.isArray(order.actions)).toBe(true);
    expect(await orderCount()).toBe(before + 1);
    // the alarm's history has the note, in Chinese, by the raiser
    expect(await alarmNotes(f.voltageAlarm)).toEqual([`已生成工单 ${order.code}`]);

    const again = await raise({ source: 'alarm', alarmId: f.voltageAlarm }, raiser.token, 'en');
    expect(again.json().datas).toMatchObject({ created: false, order: { id: order.id, code: order.code } });
    expect(again.json().resp_msg).toBe(`This source already has an open order, ${order.code}`);
    expect(await orderCount()).toBe(before + 1);
    expect(await alarmNotes(f.voltageAlarm)).toHaveLength(1);

    const log = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('company_id', '=', companyId)
      .where('operation', '=', 'workOrderRaise')
      .where('username', '=', raiser.username)
      .execute();
    expect(log.map((l) => l.detail)).toContain(`alarm → ${order.code}`);
  });

  it('shows the note in the alarm console history', async () => {
    const res = await get(MONITORING_PATHS.alarmEvents.replace(':id', String(f.voltageAlarm)), admin);
    const noted = res.json().datas.filter((e: { action: string }) => e.action === 'noted');
    expect(noted).toHaveLength(1);
    expect(noted[0].username).toBe(raiser.username);
  });

  it('raises from a usage exception by meter and type, and the console raising that alarm gets the same order', async () => {
    const res = await raise({ source: 'usageException', meterId: f.meter, exceptionType: 'zeroUse' });
    const body = res.json();
    expect(body.datas).toMatchObject({
      created: true,
      order: {
        type: 'inspection',
        priority: 'low',
        source: 'usageException',
        sourceKey: `usage:${f.meter}:zeroUse`,
        alarmId: f.zeroUseAlarm,
      },
    });
    const fromConsole = await raise({ source: 'alarm', alarmId: f.zeroUseAlarm });
    expect(fromConsole.json().datas).toMatchObject({ created: false, order: { id: body.datas.order.id } });
  });

  it('raises a reading exception for a meter and a finding, described by the flagged base', async () => {
    const res = await raise({
      source: 'readingException',
      meterId: f.meter,
      exceptionType: 'high',
      priority: 'urgent',
    });
    const order = res.json().datas.order;
    expect(order).toMatchObject({
      type: 'readingException',
      priority: 'urgent',
      source: 'readingException',
      sourceKey: `reading:${f.meter}:high`,
    });
    expect(order.description).toContain('2026-04');
  });

  it('raises a leak repair from a night-flow event, placed at its district, with its loss', async () => {
    const res = await raise({ source: 'nightFlowEvent', leakEventId: f.leak, comment: '优先排查主干管' });
    const order = res.json().datas.order;
    expect(order).toMatchObject({
      type: 'leakRepair',
      priority: 'high',
      source: 'nightFlowEvent',
      sourceKey: `leak:${f.leak}`,
      districtId: f.district,
      leakEventId: f.leak,
      alarmId: f.nightAlarm,
      lostVolumeM3: 612.3,
      lossPerDayM3: 60,
    });
    expect(order.lng).toBeCloseTo(116.41, 5);
    expect(order.lat).toBeCloseTo(39.91, 5);
    expect(order.description).toContain('每多一天再损失约 60 m³');
    expect(order.description).toContain('备注:优先排查主干管');
    // the district's night-flow alarm stands for the same leak: the console gets this order
    const fromConsole = await raise({ source: 'alarm', alarmId: f.nightAlarm });
    expect(fromConsole.json().datas).toMatchObject({ created: false, order: { id: order.id } });
  });

  it('refuses a repaired leak event with a business failure, writing nothing', async () => {
    const before = await orderCount();
    const res = await raise({ source: 'nightFlowEvent', leakEventId: f.repairedLeak }, raiser.token, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resp_code: 1,
      resp_msg: 'This leak event is already repaired: no order is needed',
    });
    expect(await orderCount()).toBe(before);
  });

  it('gives two concurrent raises of one source one order', async () => {
    const [a, b] = await Promise.all([
      raise({ source: 'alarm', alarmId: f.farAlarm }),
      raise({ source: 'alarm', alarmId: f.farAlarm }),
    ]);
    const answers = [a.json().datas, b.json().datas];
    expect(answers[0].order.id).toBe(answers[1].order.id);
    expect(answers.filter((x) => x.created)).toHaveLength(1);
  });

  it('answers 400 naming the missing source field, in the reader language, nothing written', async () => {
    const before = await orderCount();
    const zh = await raise({ source: 'alarm' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ field: 'alarmId', resp_msg: '请指定来源(alarmId)' });
    const en = await raise({ source: 'readingException', meterId: f.meter }, raiser.token, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ field: 'exceptionType', resp_msg: 'Please name the source (exceptionType)' });
    const badType = await raise({ source: 'usageException', meterId: f.meter, exceptionType: 'voltage' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().field).toBe('exceptionType');
    const badSource = await post(WORK_ORDER_PATHS.raise, { source: 'rumour', alarmId: 1 }, raiser.token);
    expect(badSource.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await post(WORK_ORDER_PATHS.raise, { source: 'alarm', alarmId: f.farAlarm })).statusCode).toBe(401);
    expect((await raise({ source: 'alarm', alarmId: f.farAlarm }, nobody.token)).statusCode).toBe(403);
    // the meter-reading page's editors raise from bases only
    expect((await raise({ source: 'alarm', alarmId: f.farAlarm }, baseEditor.token)).statusCode).toBe(403);
  });

  it("never reaches another tenant's source, nor one outside the caller's scope", async () => {
    const before = await orderCount(other.companyId);
    expect((await raise({ source: 'alarm', alarmId: o.alarm })).statusCode).toBe(404);
    expect((await raise({ source: 'usageException', meterId: o.meter, exceptionType: 'zeroUse' })).statusCode).toBe(
      404,
    );
    expect((await raise({ source: 'nightFlowEvent', leakEventId: o.leak })).statusCode).toBe(404);
    const theirs = await raise({ source: 'alarm', alarmId: f.voltageAlarm }, otherToken, 'en');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().resp_msg).toBe('The source record does not exist');
    expect(await orderCount(other.companyId)).toBe(before);
    // scoped to the second area: the first area's alarm does not exist for them
    expect((await raise({ source: 'alarm', alarmId: f.voltageAlarm }, scoped.token)).statusCode).toBe(404);
  });
});

describe('POST workorder/batchRaise', () => {
  it('raises 500 sources with a result each; replayed, it answers the same orders and makes none', async () => {
    const items = f.batchAlarms.map((alarmId) => ({ source: 'alarm' as const, alarmId }));
    const first = await post(WORK_ORDER_PATHS.batchRaise, { items }, raiser.token);
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().datas as { ok: boolean; created: boolean; id: number }[];
    expect(results).toHaveLength(RAISE_BATCH_MAX);
    expect(results.every((r) => r.ok && r.created)).toBe(true);
    const count = await orderCount();
    const again = await post(WORK_ORDER_PATHS.batchRaise, { items }, raiser.token);
    const replay = again.json().datas as { ok: boolean; created: boolean; id: number }[];
    expect(replay.every((r) => r.ok && !r.created)).toBe(true);
    expect(replay.map((r) => r.id)).toEqual(results.map((r) => r.id));
    expect(await orderCount()).toBe(count);
  }, 120_000);

  it('fails a bad item alone, with its message', async () => {
    const res = await post(
      WORK_ORDER_PATHS.batchRaise,
      {
        items: [
          { source: 'alarm', alarmId: f.voltageAlarm },
          { source: 'alarm' },
          { source: 'alarm', alarmId: o.alarm },
          { source: 'nightFlowEvent', leakEventId: f.repairedLeak },
        ],
      },
      raiser.token,
      'en',
    );
    expect(res.statusCode).toBe(200);
    const [existing, missing, foreign, repaired] = res.json().datas;
    expect(existing).toMatchObject({ ok: true, created: false });
    expect(missing).toMatchObject({ ok: false, id: null, message: 'Please name the source (alarmId)' });
    expect(foreign).toMatchObject({ ok: false, message: 'The source record does not exist' });
    expect(repaired).toMatchObject({ ok: false, message: 'This leak event is already repaired: no order is needed' });
  });

  it('refuses more than 500 items, an empty batch, no token and no permission', async () => {
    const tooMany = Array.from({ length: RAISE_BATCH_MAX + 1 }, () => ({ source: 'alarm', alarmId: f.farAlarm }));
    expect((await post(WORK_ORDER_PATHS.batchRaise, { items: tooMany }, raiser.token)).statusCode).toBe(400);
    expect((await post(WORK_ORDER_PATHS.batchRaise, { items: [] }, raiser.token)).statusCode).toBe(400);
    const one = { items: [{ source: 'alarm', alarmId: f.farAlarm }] };
    expect((await post(WORK_ORDER_PATHS.batchRaise, one)).statusCode).toBe(401);
    expect((await post(WORK_ORDER_PATHS.batchRaise, one, nobody.token)).statusCode).toBe(403);
  });
});

describe('meter/meterBase workOrder and batchWorkOrder', () => {
  it('raises for an abnormal base by its first finding, the same order as the meter and finding', async () => {
    const res = await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: f.abnormalBase }, baseEditor.token);
    expect(res.statusCode, res.body).toBe(200);
    // the reading exception raised above for this meter and 'high'
    expect(res.json().datas).toMatchObject({ created: false, order: { sourceKey: `reading:${f.meter}:high` } });
  });

  it('refuses a base without an anomaly, and answers per base in a batch', async () => {
    const normal = await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: f.normalBase }, baseEditor.token, 'en');
    expect(normal.json()).toMatchObject({
      resp_code: 1,
      resp_msg: 'No anomaly was found on this base: run the base check first',
    });
    const batch = await post(
      WORK_ORDER_PATHS.meterBaseBatchWorkOrder,
      { ids: [f.abnormalBase, f.normalBase, o.base] },
      raiser.token,
      'en',
    );
    expect(batch.statusCode).toBe(200);
    const [abnormal, plain, foreign] = batch.json().datas;
    expect(abnormal).toMatchObject({ ok: true, created: false });
    expect(plain).toMatchObject({ ok: false });
    expect(foreign).toMatchObject({ ok: false, message: 'The source record does not exist' });
  });

  it("answers 400, 401, 403 and another tenant's base 404", async () => {
    expect((await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: 'x' }, baseEditor.token)).statusCode).toBe(400);
    expect((await post(WORK_ORDER_PATHS.meterBaseBatchWorkOrder, { ids: [] }, baseEditor.token)).statusCode).toBe(400);
    expect((await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: f.abnormalBase })).statusCode).toBe(401);
    expect((await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: f.abnormalBase }, nobody.token)).statusCode).toBe(
      403,
    );
    expect((await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: o.base }, baseEditor.token)).statusCode).toBe(404);
    expect((await post(WORK_ORDER_PATHS.meterBaseWorkOrder, { id: f.abnormalBase }, otherToken)).statusCode).toBe(404);
  });
});

describe('what an order does back at its source', () => {
  const act = async (action: keyof typeof ACTION_PATHS, body: object, token: string) => {
    const res = await post(ACTION_PATHS[action], body, token);
    expect(res.json().resp_code, res.body).toBe(0);
  };
  const orderOf = async (filter: string) =>
    (await get(`${WORK_ORDER_PATHS.list}?${filter}`, admin)).json().data[0] as { id: number; code: string };

  it('notes the completion with its cause on the alarm and records the repair on the leak event', async () => {
    const leakOrder = await orderOf(`leakEventId=${f.leak}`);
    await act('assign', { id: leakOrder.id, assigneeId: crew.id }, admin);
    await act('accept', { id: leakOrder.id }, crew.token);
    await act('complete', { id: leakOrder.id, cause: 'pipeLeak', materials: 'DN100 哈夫节 1 个' }, crew.token);
    const event = await t.app.db
      .selectFrom('district_leak_events')
      .select(['repair_order_id', 'repair_reported_at'])
      .where('id', '=', f.leak)
      .executeTakeFirstOrThrow();
    expect(Number(event.repair_order_id)).toBe(leakOrder.id);
    expect(event.repair_reported_at).not.toBeNull();
    expect(await alarmNotes(f.nightAlarm)).toEqual([
      `已生成工单 ${leakOrder.code}`,
      `工单 ${leakOrder.code} 已完工:管道漏水`,
    ]);
    // the review sends it back: the repair is withdrawn
    await act('reopen', { id: leakOrder.id, comment: '夜间流量未回落' }, admin);
    const reopened = await t.app.db
      .selectFrom('district_leak_events')
      .select('repair_reported_at')
      .where('id', '=', f.leak)
      .executeTakeFirstOrThrow();
    expect(reopened.repair_reported_at).toBeNull();
  });

  it('lists the orders of a resident and a meter by the list filters', async () => {
    const byResident = (await get(`${WORK_ORDER_PATHS.list}?residentId=${f.resident}`, admin)).json();
    const byMeter = (await get(`${WORK_ORDER_PATHS.list}?meterId=${f.meter}`, admin)).json();
    expect(byResident.count).toBeGreaterThanOrEqual(3);
    expect(byMeter.count).toBe(byResident.count);
  });
});
