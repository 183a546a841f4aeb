// Bulk meters and the district's night use in m³/h (issue 19 items 6 and 7): a district, bulk or pump meter saved
// without a residential area (a household meter without one refused with the spec's message, in both languages),
// listed and filtered by kind, created by the archive sync, attached as a district inlet and left out of the
// per-household figures (member count, area consumption, reading rate); then a district whose legitimate night use is
// stated in m³/h gets nightlines whose leakage is measured against it.

import { runNightFlowAnalysis } from '@waterops/gateway/src/services/dma/nightFlowAnalysis.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { topAreaConsumption } from '@waterops/gateway/src/services/reading/areaConsumptionRepository.ts';
import { countedMeterTotal } from '@waterops/gateway/src/services/reading/readingRateRepository.ts';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { type District, DMA_PATHS } from '@waterops/shared/dma';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { addDays, chinaDay, dayStart, INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, lang, signIn } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDays, insertProfile, noise } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let areas: Record<string, Area>;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...bearer(admin), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const meterCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('water_meters')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const save = async (fields: Record<string, unknown>) => {
  const res = await call('POST', DEVICE_PATHS.meterSave, { meterCode: uniq('BM'), ...fields });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Meter;
};
const list = async (query: string) => {
  const res = await call('GET', `${DEVICE_PATHS.meters}?limit=999&${query}`);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as Meter[];
};
const saveDistrict = async (fields: Record<string, unknown>) => {
  const res = await call('POST', DMA_PATHS.districtSave, { districtName: uniq('分区'), ...fields });
  expect(res.json().resp_code, res.body).toBe(0);
  return (await call('GET', DMA_PATHS.district(res.json().datas.id))).json().datas as District;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a bulk meter needs no residential area', () => {
  it.each(['district', 'bulk', 'pump'] as const)(
    'saves a %s meter without an area and answers its kind',
    async (kind) => {
      const m = await save({ meterKind: kind, areaId: null });
      expect(m).toMatchObject({ meterKind: kind, areaId: null, areaName: null, residentId: null });
      expect((await call('GET', DEVICE_PATHS.meter(m.id))).json().datas.meterKind).toBe(kind);
    },
  );

  it('refuses a household meter without an area with "请选择小区", in both languages; nothing written', async () => {
    const before = await meterCount();
    for (const body of [{ meterKind: 'household' }, {}]) {
      const res = await call('POST', DEVICE_PATHS.meterSave, { meterCode: uniq('HM'), areaId: null, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resp_msg: zh('rules.meterArea.required'), field: 'areaId' });
      expect(zh('rules.meterArea.required')).toBe('请选择小区');
      const resEn = await call('POST', DEVICE_PATHS.meterSave, { meterCode: uniq('HM'), ...body }, 'en');
      expect(resEn.json().resp_msg).toBe(en('rules.meterArea.required'));
    }
    expect(await meterCount()).toBe(before);
  });

  it('a meter saved without a kind is a household meter; turning a bulk meter into one needs an area', async () => {
    const h = await save({ areaId: areas.东四小区?.id });
    expect(h.meterKind).toBe('household');
    const b = await save({ meterKind: 'district' });
    const res = await call('POST', DEVICE_PATHS.meterUpdate, {
      id: b.id,
      meterCode: b.meterCode,
      meterKind: 'household',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('areaId');
    expect((await call('GET', DEVICE_PATHS.meter(b.id))).json().datas.meterKind).toBe('district');
  });

  it('refuses a kind it does not know, nothing written', async () => {
    const before = await meterCount();
    const res = await call('POST', DEVICE_PATHS.meterSave, { meterCode: uniq('XM'), meterKind: 'master' });
    expect(res.statusCode).toBe(400);
    expect(await meterCount()).toBe(before);
  });
});

describe('the meter list by kind', () => {
  it('filters by one kind, by bulk or household, and shows the kind of each row', async () => {
    const prefix = uniq('KL');
    const d = await save({ meterCode: `${prefix}D`, meterKind: 'district' });
    const p = await save({ meterCode: `${prefix}P`, meterKind: 'pump' });
    const h = await save({ meterCode: `${prefix}H`, areaId: areas.东四小区?.id });
    const ids = (rows: Meter[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    expect(ids(await list(`meterCodePrefix=${prefix}&meterKind=district`))).toEqual([d.id]);
    expect(ids(await list(`meterCodePrefix=${prefix}&bulk=true`))).toEqual(ids([d, p]));
    expect(ids(await list(`meterCodePrefix=${prefix}&bulk=false`))).toEqual([h.id]);
    expect((await list(`meterCodePrefix=${prefix}`)).map((r) => [r.meterCode, r.meterKind]).sort()).toEqual([
      [`${prefix}D`, 'district'],
      [`${prefix}H`, 'household'],
      [`${prefix}P`, 'pump'],
    ]);
    const bad = await call('GET', `${DEVICE_PATHS.meters}?meterKind=master`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the archive sync', () => {
  it('creates a district meter without an area, and household meters as before', async () => {
    const key = (await createIngestKey(t.app.db, { companyId, name: uniq('head-end') })).key;
    const inlet = uniq('AI');
    const home = uniq('AH');
    const res = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.archives,
      headers: { authorization: `Device ${key}` },
      payload: {
        meters: [
          { meterCode: inlet, meterKind: 'district', maxReading: 999999 },
          { meterCode: home, areaName: '东四小区' },
        ],
      },
    });
    expect(res.json().datas.rejected, res.body).toEqual([]);
    const rows = await list(`meterCode=${inlet}`);
    expect(rows.map((r) => [r.meterKind, r.areaId])).toEqual([['district', null]]);
    expect((await list(`meterCode=${home}`)).map((r) => r.meterKind)).toEqual(['household']);
  });
});

describe('a district meter as a district inlet', () => {
  it('attaches as the inlet and stays out of the member meters even when it stands in a member area', async () => {
    const area = areas.东四小区?.id as number;
    const inlet = await save({ meterKind: 'district', areaId: area });
    const plain = await save({ meterKind: 'district' });
    const before = await saveDistrict({ areaIds: [area] });
    const d = await saveDistrict({ inletMeterIds: [inlet.id, plain.id], areaIds: [area] });
    expect(d.meters.map((m) => [m.meterId, m.role]).sort()).toEqual(
      [
        [inlet.id, 1],
        [plain.id, 1],
      ].sort(),
    );
    // a bulk meter in the area but not attached to this district is no household either
    const pump = await save({ meterKind: 'pump', areaId: area });
    const after = (await call('GET', DMA_PATHS.district(before.id))).json().datas as District;
    expect(after.memberMeterCount).toBe(before.memberMeterCount);
    expect(d.memberMeterCount).toBe(before.memberMeterCount);
    expect(pump.meterKind).toBe('pump');
  });
});

describe('per-household figures leave bulk meters out', () => {
  it('area consumption and the reading rate count household meters only', async () => {
    const areaName = uniq('统计小区');
    const region = (await call('POST', PLACE_PATHS.regionSave, { regionName: uniq('片区') })).json().datas.id;
    const areaId = (await call('POST', PLACE_PATHS.areaSave, { areaName, regionId: region })).json().datas.id;
    const home = await save({ areaId });
    const pump = await save({ meterKind: 'pump', areaId });
    const today = chinaDay(new Date());
    await insertDays(t.app, companyId, home.id, [[addDays(today, -2), 1.5]]);
    await insertDays(t.app, companyId, pump.id, [[addDays(today, -2), 900]]);
    const top = await topAreaConsumption(t.app.db, companyId, addDays(today, -3), today, null, 1000);
    expect(top.find((a) => a.areaId === areaId)?.volumeM3).toBe(1.5);
    expect(await countedMeterTotal(t.app.db, companyId, { areaId }, null)).toBe(1);
  });
});

describe('a district with its legitimate night use in m³/h', () => {
  it('measures the night leakage against the stated m³/h, not connections × L/h', async () => {
    const DAYS = 6;
    const from = addDays(chinaDay(new Date()), -DAYS);
    const inlet = await save({ meterKind: 'district' });
    // 1,000 connections at the tenant's 1.7 L/h would be 1.7 m³/h; the utility says 3.2
    const d = await saveDistrict({ inletMeterIds: [inlet.id], connections: 1000, nightUseM3h: 3.2 });
    expect(d.nightUseM3h).toBe(3.2);
    const plain = await saveDistrict({
      inletMeterIds: [(await save({ meterKind: 'district' })).id],
      connections: 1000,
    });
    const flow = (day: number, minute: number) => (minute <= 360 ? 10 * (1 + 0.02 * noise(day)) : 30);
    await insertProfile(t.app, companyId, d.meters[0]?.meterId as number, from, DAYS, flow);
    await insertProfile(t.app, companyId, plain.meters[0]?.meterId as number, from, DAYS, flow);
    t.clock.offsetMs = 0;
    t.clock.offsetMs = dayStart(chinaDay(new Date())).getTime() + 2 * 3_600_000 - Date.now();
    await runNightFlowAnalysis(t.app.db, t.clock.now());
    const nightlines = async (districtId: number) =>
      (
        await t.app.db
          .selectFrom('district_nightlines')
          .selectAll()
          .where('company_id', '=', companyId)
          .where('district_id', '=', districtId)
          .where('nightline', 'is not', null)
          .execute()
      ).map((r) => ({ nightline: Number(r.nightline), legitimate: Number(r.legitimate), leakage: Number(r.leakage) }));
    const stated = await nightlines(d.id);
    expect(stated.length).toBeGreaterThan(0);
    for (const r of stated) {
      expect(r.legitimate).toBeCloseTo(3.2, 9);
      expect(r.leakage).toBeCloseTo(r.nightline - 3.2, 6);
    }
    const estimated = await nightlines(plain.id);
    expect(estimated.length).toBeGreaterThan(0);
    for (const r of estimated) expect(r.legitimate).toBeCloseTo(1.7, 9);
  }, 120_000);

  it('refuses a night use below 0 or above the limit with 400 on the field, nothing written', async () => {
    for (const nightUseM3h of [-1, 100001]) {
      const name = uniq('坏分区');
      const res = await call('POST', DMA_PATHS.districtSave, { districtName: name, nightUseM3h });
      expect(res.statusCode).toBe(400);
      const found = await t.app.db
        .selectFrom('districts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('district_name', '=', name)
        .execute();
      expect(found).toEqual([]);
    }
  });

  it('clears the stated figure on update with null, and keeps it when the update leaves it out', async () => {
    const d = await saveDistrict({ nightUseM3h: 2 });
    await call('POST', DMA_PATHS.districtUpdate, { id: d.id, districtName: d.districtName });
    expect((await call('GET', DMA_PATHS.district(d.id))).json().datas.nightUseM3h).toBe(2);
    await call('POST', DMA_PATHS.districtUpdate, { id: d.id, districtName: d.districtName, nightUseM3h: null });
    expect((await call('GET', DMA_PATHS.district(d.id))).json().datas.nightUseM3h).toBeNull();
  });
});
