// The public ingestion API as a head-end uses it: signed with a device key (never a user token), archives first,
// then batches of reads where each row stands on its own — bad rows refused with their reason in zh and en, good
// rows stored once however often they are resent, late and out-of-order reads accepted, the data-push blacklist
// honoured, a concentrator key limited to its own meters, another tenant's meters out of reach.
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, demoCompanyId, lang } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let key: string;

const device = (k: string) => ({ authorization: `Device ${k}` });
const post = (url: string, payload: unknown, k = key, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...device(k), ...headers } });

const CITY = {
  regions: [{ name: '测试片区', areas: [{ name: '测试一小区', lng: 116.4, lat: 39.9 }] }],
  categories: ['居民'],
  concentrators: [
    { code: 'IC-001', areaName: '测试一小区', reportRate: 60 },
    { code: 'IC-002', areaName: '测试一小区' },
  ],
  collectors: [{ code: 'IK-001', concentratorCode: 'IC-001', linkKind: 1 as const }],
  meters: [
    { meterCode: 'IM-IN', concentratorCode: 'IC-001', areaName: '测试一小区', maxReading: 999999 },
    {
      meterCode: 'IM-001',
      remoteCode: 'R-001',
      concentratorCode: 'IC-001',
      collectorCode: 'IK-001',
      parentMeterCode: 'IM-IN',
      maxReading: 9999,
      areaName: '测试一小区',
    },
    { meterCode: 'IM-002', concentratorCode: 'IC-002', areaName: '测试一小区' },
    { meterCode: 'IM-003', concentratorCode: 'IC-001', areaName: '测试一小区' },
  ],
  residents: [{ residentCode: 'IR-001', name: '张三', areaName: '测试一小区', category: '居民', meterCode: 'IM-001' }],
};

const meterId = async (code: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('water_meters')
        .select('id')
        .where('company_id', '=', companyId)
        .where('meter_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id,
  );
const readsOf = async (code: string) =>
  (
    await t.app.db
      .selectFrom('meter_readings')
      .select(['read_at', 'reading', 'voltage'])
      .where('company_id', '=', companyId)
      .where('meter_id', '=', await meterId(code))
      .orderBy('read_at')
      .execute()
  ).map((r) => [r.read_at.toISOString(), Number(r.reading)]);

const readingPartitions = async () =>
  (
    await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent where p.relname = 'meter_readings' order by 1`.execute(t.app.db)
  ).rows.map((r) => r.name);

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  key = (await createIngestKey(t.app.db, { companyId, name: 'head-end' })).key;
  const res = await post(INGEST_PATHS.archives, CITY);
  expect(res.json().datas.rejected).toEqual([]);
});
afterAll(async () => {
  await t?.close();
});

describe('the device key', () => {
  it('is required, must be known and enabled, and a user token is not one', async () => {
    const none = await t.app.inject({ method: 'GET', url: INGEST_PATHS.status });
    expect(none.statusCode).toBe(401);
    expect(none.json().resp_msg).toBe(zh('ingest.badKey'));
    const wrong = await t.app.inject({ method: 'GET', url: INGEST_PATHS.status, headers: device('wo_nope') });
    expect(wrong.statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: INGEST_PATHS.status,
      headers: { authorization: `bearer ${key}`, ...lang('en') },
    });
    expect(bearer.json()).toMatchObject({ resp_code: 401, resp_msg: en('ingest.badKey') });
    const off = await createIngestKey(t.app.db, { companyId, name: 'disabled' });
    await t.app.db.updateTable('ingest_keys').set({ enabled: false }).where('id', '=', off.id).execute();
    expect((await t.app.inject({ method: 'GET', url: INGEST_PATHS.status, headers: device(off.key) })).statusCode).toBe(
      401,
    );
  });

  it('is stored only as a hash', async () => {
    const rows = await t.app.db.selectFrom('ingest_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
  });
});

describe('archives', () => {
  it('registered the places, devices, parent meter and the bound resident; a second sync creates nothing', async () => {
    const again = await post(INGEST_PATHS.archives, CITY);
    expect(again.json().datas.created).toEqual({
      regions: 0,
      areas: 0,
      categories: 0,
      manufacturers: 0,
      meterModels: 0,
      collectorTypes: 0,
      concentrators: 0,
      collectors: 0,
      meters: 0,
      residents: 0,
      districts: 0,
    });
    const m = await t.app.db
      .selectFrom('water_meters')
      .select(['parent_meter_id', 'collector_id', 'max_reading', 'remote_code'])
      .where('company_id', '=', companyId)
      .where('meter_code', '=', 'IM-001')
      .executeTakeFirstOrThrow();
    expect(Number(m.parent_meter_id)).toBe(await meterId('IM-IN'));
    expect(m.collector_id).not.toBeNull();
    expect(Number(m.max_reading)).toBe(9999);
    const binding = await t.app.db
      .selectFrom('resident_meters')
      .select('resident_id')
      .where('company_id', '=', companyId)
      .where('meter_id', '=', await meterId('IM-001'))
      .where('unbound_at', 'is', null)
      .execute();
    expect(binding).toHaveLength(1);
  });

  it('refuses rows naming an unknown area or concentrator and keeps the rest', async () => {
    const res = await post(
      INGEST_PATHS.archives,
      {
        meters: [
          { meterCode: 'IM-X1', areaName: '不存在小区' },
          { meterCode: 'IM-X2', concentratorCode: 'NOPE' },
          { meterCode: 'IM-X3' },
        ],
      },
      key,
      lang('en'),
    );
    const body = res.json().datas;
    expect(body.created.meters).toBe(1);
    expect(body.rejected).toEqual([
      {
        section: 'meters',
        index: 0,
        code: '不存在小区',
        reason: 'unknownArea',
        message: en('ingest.reject.unknownArea', { code: '不存在小区' }),
      },
      {
        section: 'meters',
        index: 1,
        code: 'NOPE',
        reason: 'unknownDevice',
        message: en('ingest.reject.unknownDevice', { code: 'NOPE' }),
      },
    ]);
  });

  it('registers the device catalogue; devices name their maker, model and type; an unknown name is refused', async () => {
    const catalogue = {
      manufacturers: [{ name: '测试水表厂', contact: '周工' }],
      meterModels: [{ name: 'TEST-15E', manufacturer: '测试水表厂', meterKind: 2, caliber: 15 }],
      collectorTypes: [{ name: 'TEST-CJ', manufacturer: '测试水表厂', linkKind: 2 }],
    } as const;
    const res = await post(INGEST_PATHS.archives, {
      ...catalogue,
      concentrators: [{ code: 'IC-CAT', manufacturer: '测试水表厂' }],
      collectors: [{ code: 'ICO-CAT', concentratorCode: 'IC-CAT', linkKind: 2, type: 'TEST-CJ' }],
      meters: [
        { meterCode: 'IM-CAT1', concentratorCode: 'IC-CAT', model: 'TEST-15E' },
        { meterCode: 'IM-CAT2', model: '没有这个表型' },
      ],
    });
    const body = res.json().datas;
    expect(body.created).toMatchObject({ manufacturers: 1, meterModels: 1, collectorTypes: 1, meters: 1 });
    expect(body.rejected).toEqual([
      expect.objectContaining({ section: 'meters', index: 1, code: '没有这个表型', reason: 'unknownCatalogue' }),
    ]);
    const maker = await t.app.db
      .selectFrom('manufacturers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', '=', '测试水表厂')
      .executeTakeFirstOrThrow();
    const meter = await t.app.db
      .selectFrom('water_meters as w')
      .innerJoin('meter_models as m', (j) =>
        j.onRef('m.company_id', '=', 'w.company_id').onRef('m.id', '=', 'w.meter_model_id'),
      )
      .select(['m.type_name', 'w.manufacturer_id'])
      .where('w.company_id', '=', companyId)
      .where('w.meter_code', '=', 'IM-CAT1')
      .executeTakeFirstOrThrow();
    expect(meter).toEqual({ type_name: 'TEST-15E', manufacturer_id: maker.id });
    const collector = await t.app.db
      .selectFrom('collectors as c')
      .innerJoin('collector_types as y', (j) =>
        j.onRef('y.company_id', '=', 'c.company_id').onRef('y.id', '=', 'c.collector_type_id'),
      )
      .select('y.type_name')
      .where('c.company_id', '=', companyId)
      .where('c.collector_code', '=', 'ICO-CAT')
      .executeTakeFirstOrThrow();
    expect(collector.type_name).toBe('TEST-CJ');
    // the same catalogue again: nothing new (the catalogue pages own existing entries)
    const again = (await post(INGEST_PATHS.archives, catalogue)).json().datas.created;
    expect(again).toMatchObject({ manufacturers: 0, meterModels: 0, collectorTypes: 0 });
  });

  it('registers a district by name, updates it when it differs, writes nothing when it does not', async () => {
    const ring: [number, number][] = [
      [116.39, 39.89],
      [116.41, 39.89],
      [116.41, 39.91],
      [116.39, 39.91],
    ];
    const district = {
      name: '测试计量分区',
      polygon: ring,
      inletMeterCodes: ['IM-IN'],
      outletMeterCodes: ['IM-003'],
      areaNames: ['测试一小区'],
    };
    const first = (await post(INGEST_PATHS.archives, { districts: [district] })).json().datas;
    expect(first).toMatchObject({ created: { districts: 1 }, rejected: [] });
    const stored = async () => {
      const d = await t.app.db
        .selectFrom('districts')
        .select(['id', 'polygon', 'updated_at', 'kind'])
        .where('company_id', '=', companyId)
        .where('district_name', '=', '测试计量分区')
        .executeTakeFirstOrThrow();
      const roles = await t.app.db
        .selectFrom('district_meters')
        .select(['meter_id', 'role'])
        .where('company_id', '=', companyId)
        .where('district_id', '=', d.id)
        .orderBy('role')
        .execute();
      return { ...d, roles: roles.map((r) => [Number(r.meter_id), Number(r.role)]) };
    };
    const before = await stored();
    expect(before.polygon).toEqual([...ring, ring[0]]);
    expect(before.kind).toBe(1);
    expect(before.roles).toEqual([
      [await meterId('IM-IN'), 1],
      [await meterId('IM-003'), 2],
    ]);
    // the same sync again: nothing created, nothing written
    const again = (await post(INGEST_PATHS.archives, { districts: [district] })).json().datas;
    expect(again.created.districts).toBe(0);
    expect(await stored()).toEqual(before);
    // an outlet moved: the district is updated in place, its id kept
    await post(INGEST_PATHS.archives, { districts: [{ ...district, outletMeterCodes: ['IM-002'] }] });
    const moved = await stored();
    expect(moved.id).toBe(before.id);
    expect(moved.roles).toEqual([
      [await meterId('IM-IN'), 1],
      [await meterId('IM-002'), 2],
    ]);
  });

  it("fills a district's mains length and pressure only while it has none: the districts page's figures stay", async () => {
    const network = async (name: string) =>
      await t.app.db
        .selectFrom('districts')
        .select(['mains_length_km', 'mean_pressure_m'])
        .where('company_id', '=', companyId)
        .where('district_name', '=', name)
        .executeTakeFirstOrThrow();
    await post(INGEST_PATHS.archives, { districts: [{ name: '管网分区', mainsLengthKm: 8.5, meanPressureM: 32 }] });
    expect(await network('管网分区')).toEqual({ mains_length_km: '8.5', mean_pressure_m: '32' });
    // an operator corrects the mains length on the districts page and clears the pressure
    await t.app.db
      .updateTable('districts')
      .set({ mains_length_km: 9.2, mean_pressure_m: null })
      .where('company_id', '=', companyId)
      .where('district_name', '=', '管网分区')
      .execute();
    await post(INGEST_PATHS.archives, { districts: [{ name: '管网分区', mainsLengthKm: 8.5, meanPressureM: 32 }] });
    expect(await network('管网分区')).toEqual({ mains_length_km: '9.2', mean_pressure_m: '32' });
    // a figure out of range is refused before anything is written
    const bad = await post(INGEST_PATHS.archives, { districts: [{ name: '坏管网分区', meanPressureM: -1 }] });
    expect(bad.statusCode).toBe(400);
    expect(
      await t.app.db.selectFrom('districts').select('id').where('district_name', '=', '坏管网分区').execute(),
    ).toEqual([]);
  });

  it('refuses a district naming an unknown meter or area, or with a meter in two roles, and keeps the rest', async () => {
    const res = await post(
      INGEST_PATHS.archives,
      {
        districts: [
          { name: '坏分区一', inletMeterCodes: ['NOPE'] },
          { name: '坏分区二', areaNames: ['不存在小区'] },
          { name: '坏分区三', inletMeterCodes: ['IM-IN'], outletMeterCodes: ['IM-IN'] },
          { name: '好分区', areaNames: ['测试一小区'] },
        ],
      },
      key,
      lang('en'),
    );
    const body = res.json().datas;
    expect(body.created.districts).toBe(1);
    expect(body.rejected.map((r: { index: number; reason: string }) => [r.index, r.reason])).toEqual([
      [0, 'unknownMeter'],
      [1, 'unknownArea'],
      [2, 'invalid'],
    ]);
    expect(body.rejected[0].message).toBe(en('ingest.reject.unknownMeter', { code: 'NOPE' }));
  });
});

describe('a batch of reads', () => {
  it('keeps the good rows and refuses each bad one with its reason', async () => {
    const res = await post(INGEST_PATHS.readings, {
      concentratorCode: 'IC-001',
      readings: [
        { meterCode: 'IM-001', time: '2026-10-01T00:00:00+08:00', reading: 100.5, voltage: 3.6, csq: 25, rsrp: -85 },
        { remoteCode: 'R-001', time: '2026-10-02T00:00:00+08:00', reading: 101.25 },
        { meterCode: 'IM-001', time: '2026-10-03T00:00:00+08:00', reading: 10000 },
        { meterCode: 'NOPE', time: '2026-10-03T00:00:00+08:00', reading: 1 },
        { meterCode: 'IM-003', time: 'not a time', reading: 1 },
        { meterCode: 'IM-003', time: '2026-10-03T00:00:00+08:00', reading: -1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().datas;
    expect(body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(body.rejected.map((r: { index: number; reason: string }) => [r.index, r.reason])).toEqual([
      [2, 'aboveMax'],
      [3, 'unknownMeter'],
      [4, 'badTime'],
      [5, 'badReading'],
    ]);
    expect(body.rejected[0].message).toBe(zh('ingest.reject.aboveMax', { value: 10000, max: 9999 }));
    expect(await readsOf('IM-001')).toEqual([
      ['2026-09-30T16:00:00.000Z', 100.5],
      ['2026-10-01T16:00:00.000Z', 101.25],
    ]);
    expect(await readsOf('IM-003')).toEqual([]);
  });

  it('stores a resent read once, and never overwrites a stored read with another value', async () => {
    const batch = {
      readings: [
        { meterCode: 'IM-003', time: '2026-10-05T00:00:00+08:00', reading: 7 },
        { meterCode: 'IM-003', time: '2026-10-05T00:00:00+08:00', reading: 7 },
      ],
    };
    expect((await post(INGEST_PATHS.readings, batch)).json().datas).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await post(INGEST_PATHS.readings, batch)).json().datas).toMatchObject({ accepted: 0, duplicates: 2 });
    const changed = await post(INGEST_PATHS.readings, {
      readings: [{ meterCode: 'IM-003', time: '2026-10-05T00:00:00+08:00', reading: 8 }],
    });
    expect(changed.json().datas).toMatchObject({ accepted: 0, duplicates: 0 });
    expect(changed.json().datas.rejected[0]).toMatchObject({ reason: 'conflict', code: 'IM-003' });
    expect(await readsOf('IM-003')).toEqual([['2026-10-04T16:00:00.000Z', 7]]);
  });

  it('takes late and out-of-order reads: the latest stays the status, the earliest day becomes dirty', async () => {
    await post(INGEST_PATHS.readings, {
      readings: [
        { meterCode: 'IM-002', time: '2026-11-10T08:00:00+08:00', reading: 50, voltage: 3.5 },
        { meterCode: 'IM-002', time: '2026-11-01T08:00:00+08:00', reading: 40, voltage: 3.6 },
      ],
    });
    await t.app.db.updateTable('water_meters').set({ dirty_from: null }).where('company_id', '=', companyId).execute();
    // a month late, after the newer one
    await post(INGEST_PATHS.readings, {
      readings: [{ meterCode: 'IM-002', time: '2026-10-20T08:00:00+08:00', reading: 30, voltage: 3.7 }],
    });
    expect((await readsOf('IM-002')).map(([, r]) => r)).toEqual([30, 40, 50]);
    const m = await t.app.db
      .selectFrom('water_meters')
      .select(['last_reading', 'voltage', 'online', 'last_report_at', 'dirty_from'])
      .where('company_id', '=', companyId)
      .where('meter_code', '=', 'IM-002')
      .executeTakeFirstOrThrow();
    expect(Number(m.last_reading)).toBe(50);
    expect(Number(m.voltage)).toBe(3.5);
    // reads weeks old are history a head-end catches up on: they do not make the meter online
    expect(m.online).toBe(false);
    expect(m.last_report_at?.toISOString()).toBe('2026-11-10T00:00:00.000Z');
    expect(m.dirty_from).not.toBeNull();
    expect(
      String((await sql<{ d: string }>`select ${m.dirty_from}::date::text as d`.execute(t.app.db)).rows[0]?.d),
    ).toBe('2026-10-20');
  });

  it('makes a meter online with a read of the last two days', async () => {
    const fresh = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    await post(INGEST_PATHS.readings, { readings: [{ meterCode: 'IM-002', time: fresh, reading: 60 }] });
    const m = await t.app.db
      .selectFrom('water_meters')
      .select(['online', 'last_reading'])
      .where('company_id', '=', companyId)
      .where('meter_code', '=', 'IM-002')
      .executeTakeFirstOrThrow();
    expect(m).toEqual({ online: true, last_reading: '60.000' });
  });

  it('keeps each month in its own partition', async () => {
    expect(await readingPartitions()).toEqual(
      expect.arrayContaining(['meter_readings_p202610', 'meter_readings_p202611']),
    );
  });

  it('refuses a NUL in a code, a time before 2000 or tomorrow, and an unstorable answer row by row; stores the rest', async () => {
    const partitionsBefore = await readingPartitions();
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await post(
      INGEST_PATHS.readings,
      {
        readings: [
          { meterCode: 'IM-003', time: '2026-10-09T06:00:00+08:00', reading: 7 },
          { meterCode: 'IM-\u0000003', time: '2026-10-06T00:00:00+08:00', reading: 8 },
          { meterCode: 'IM-003', time: '0001-01-01T00:00:00Z', reading: 1 },
          ...['1880-01-01', '1921-07-01', '1963-12-31'].map((d) => ({
            meterCode: 'IM-003',
            time: `${d}T00:00:00+08:00`,
            reading: 2,
          })),
          { meterCode: 'IM-003', time: '1999-12-31T23:59:59+08:00', reading: 3 },
          { meterCode: 'IM-003', time: tomorrow, reading: 9 },
        ],
        status: [
          { kind: 'concentrator', code: 'IC-\u0000001' },
          { kind: 'collector', code: 'IK-001' },
        ],
        commandResults: [
          { commandId: 1e20, success: true },
          { commandId: 5, success: false, message: 'bad\u0000answer' },
          { commandId: 6, success: true, result: { note: '\u0000' } },
        ],
      },
      key,
      lang('en'),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json().datas;
    expect(body).toMatchObject({ accepted: 1, duplicates: 0, results: 0 });
    expect(
      body.rejected.map((r: { section: string; index: number; reason: string }) => [r.section, r.index, r.reason]),
    ).toEqual([
      ['commandResults', 0, 'invalid'],
      ['commandResults', 1, 'invalid'],
      ['commandResults', 2, 'invalid'],
      ['readings', 1, 'badCode'],
      ['readings', 2, 'tooEarly'],
      ['readings', 3, 'tooEarly'],
      ['readings', 4, 'tooEarly'],
      ['readings', 5, 'tooEarly'],
      ['readings', 6, 'tooEarly'],
      ['readings', 7, 'future'],
      ['status', 0, 'badCode'],
    ]);
    expect(body.rejected[4]).toMatchObject({
      code: 'IM-003',
      message: en('ingest.reject.tooEarly', { earliest: '2000-01-01' }),
    });
    expect(body.rejected[3]).toMatchObject({ code: null, message: en('ingest.reject.badCode') });
    expect(await readsOf('IM-003')).toContainEqual(['2026-10-08T22:00:00.000Z', 7]);
    // no month of a typo got a partition
    expect(await readingPartitions()).toEqual(partitionsBefore);
  });

  it('refuses the data of a meter on the data-push blacklist', async () => {
    const id = await meterId('IM-003');
    await t.app.db
      .insertInto('device_blacklists')
      .values({
        company_id: companyId,
        list_kind: 1,
        device_kind: 3,
        device_id: id,
        device_code: 'IM-003',
        reason: null,
        created_by: null,
      })
      .execute();
    const res = await post(INGEST_PATHS.readings, {
      readings: [{ meterCode: 'IM-003', time: '2026-10-06T00:00:00+08:00', reading: 9 }],
    });
    expect(res.json().datas.rejected[0]).toMatchObject({
      reason: 'blacklisted',
      message: zh('ingest.reject.blacklisted', { code: 'IM-003' }),
    });
    await t.app.db.deleteFrom('device_blacklists').where('company_id', '=', companyId).execute();
  });

  it("refuses a meter's data when its collector is on the data-push blacklist", async () => {
    const collector = await t.app.db
      .selectFrom('collectors')
      .select('id')
      .where('company_id', '=', companyId)
      .where('collector_code', '=', 'IK-001')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('device_blacklists')
      .values({
        company_id: companyId,
        list_kind: 1,
        device_kind: 2,
        device_id: Number(collector.id),
        device_code: 'IK-001',
        reason: null,
        created_by: null,
      })
      .execute();
    const res = await post(INGEST_PATHS.readings, {
      readings: [
        { meterCode: 'IM-001', time: '2026-10-06T00:00:00+08:00', reading: 102 },
        { meterCode: 'IM-003', time: '2026-10-06T00:00:00+08:00', reading: 9 },
      ],
    });
    expect(res.json().datas.accepted).toBe(1);
    expect(res.json().datas.rejected).toMatchObject([{ index: 0, reason: 'blacklisted' }]);
    await t.app.db.deleteFrom('device_blacklists').where('company_id', '=', companyId).execute();
  });

  it('marks the sending concentrator online with its clock offset', async () => {
    const clock = new Date(t.clock.now().getTime() + 95_000).toISOString();
    await post(INGEST_PATHS.readings, { concentratorCode: 'IC-002', clock, readings: [] });
    const c = await t.app.db
      .selectFrom('concentrators')
      .select(['online', 'clock_offset_s', 'last_report_at'])
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', 'IC-002')
      .executeTakeFirstOrThrow();
    expect(c.online).toBe(true);
    expect(c.clock_offset_s).toBeGreaterThanOrEqual(94);
    expect(c.clock_offset_s).toBeLessThanOrEqual(96);
  });

  it('takes a relayed batch as sent when it says (sentAt): its last report never moves back nor past now', async () => {
    const concentrator = () =>
      t.app.db
        .selectFrom('concentrators')
        .select(['online', 'last_report_at'])
        .where('company_id', '=', companyId)
        .where('concentrator_code', '=', 'IC-001')
        .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('concentrators')
      .set({ online: false, last_report_at: null })
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', 'IC-001')
      .execute();
    const hoursAgo = (h: number) => new Date(t.clock.now().getTime() - h * 3_600_000);
    const fiveHoursAgo = hoursAgo(5);
    // sent five hours ago, before an outage: heard, but offline (two report intervals have passed)
    await post(INGEST_PATHS.readings, { concentratorCode: 'IC-001', sentAt: fiveHoursAgo.toISOString(), readings: [] });
    expect(await concentrator()).toEqual({ online: false, last_report_at: fiveHoursAgo });
    // an older relayed batch does not move it back
    await post(INGEST_PATHS.readings, { concentratorCode: 'IC-001', sentAt: hoursAgo(8).toISOString(), readings: [] });
    expect((await concentrator()).last_report_at).toEqual(fiveHoursAgo);
    // one from the future counts as now, and online
    const before = t.clock.now().getTime();
    const future = new Date(before + 3_600_000).toISOString();
    await post(INGEST_PATHS.readings, { concentratorCode: 'IC-001', sentAt: future, readings: [] });
    const heard = await concentrator();
    expect(heard.online).toBe(true);
    expect(heard.last_report_at?.getTime()).toBeGreaterThanOrEqual(before);
    expect(heard.last_report_at?.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    const bad = await post(INGEST_PATHS.readings, { concentratorCode: 'IC-001', sentAt: 'yesterday', readings: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_msg).toContain('sentAt');
    expect((await concentrator()).last_report_at).toEqual(heard.last_report_at);
  });
});

describe('reach', () => {
  it("limits a concentrator key to its own meters, and a company key to its own company's", async () => {
    const c1 = await t.app.db
      .selectFrom('concentrators')
      .select('id')
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', 'IC-001')
      .executeTakeFirstOrThrow();
    const own = await createIngestKey(t.app.db, { companyId, name: 'IC-001', concentratorId: Number(c1.id) });
    const res = await post(
      INGEST_PATHS.readings,
      {
        readings: [
          { meterCode: 'IM-IN', time: '2026-10-07T00:00:00+08:00', reading: 1 },
          { meterCode: 'IM-002', time: '2026-10-07T00:00:00+08:00', reading: 1 },
        ],
      },
      own.key,
    );
    expect(res.json().datas.accepted).toBe(1);
    expect(res.json().datas.rejected[0]).toMatchObject({ index: 1, reason: 'unknownMeter' });
    expect((await post(INGEST_PATHS.archives, { categories: ['商业'] }, own.key)).statusCode).toBe(403);

    const other = await createSecondTenant(t.app);
    const foreign = await createIngestKey(t.app.db, { companyId: other.companyId, name: 'other' });
    const leak = await post(
      INGEST_PATHS.readings,
      { readings: [{ meterCode: 'IM-001', time: '2026-10-08T00:00:00+08:00', reading: 102 }] },
      foreign.key,
    );
    expect(leak.json().datas.rejected[0]).toMatchObject({ reason: 'unknownMeter' });
    const status = await t.app.inject({ method: 'GET', url: INGEST_PATHS.status, headers: device(foreign.key) });
    expect(status.json().datas).toMatchObject({ meters: 0, lastReadingAt: null });
  });
});
