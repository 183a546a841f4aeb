// The alarm engine on a real database: a low-voltage read raises its alarm within the ingest call; levels follow the
// value; the off-delay keeps a chattering value from clearing and re-raising; an on-delay holds a new condition
// back; an offline concentrator is one parent alarm with its meters' no-data alarms suppressed beneath it, and its
// return clears them all; the night-flow hook raises and clears a district's alarm; every transition is an event.
import {
  clearSourceAlarm,
  evaluateOfflineAlarms,
  raiseSourceAlarm,
} from '@waterops/gateway/src/services/alarm/alarmEngine.ts';
import { saveRuleFields } from '@waterops/gateway/src/services/alarm/alarmRuleRepository.ts';
import { evaluateUsageOfMeters } from '@waterops/gateway/src/services/alarm/usageAlarms.ts';
import { markOfflineDevices } from '@waterops/gateway/src/services/deviceStatus/offlineDevices.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { addDays, chinaDay, INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let key: string;

const CITY = {
  regions: [{ name: '告警片区', areas: [{ name: '告警一小区', lng: 116.4, lat: 39.9 }] }],
  categories: ['居民'],
  concentrators: [
    { code: 'AC-001', areaName: '告警一小区', reportRate: 15 },
    { code: 'AC-002', areaName: '告警一小区', reportRate: 15 },
    { code: 'AC-003', areaName: '告警一小区', reportRate: 60 },
  ],
  collectors: [],
  meters: [
    { meterCode: 'AM-001', concentratorCode: 'AC-001', areaName: '告警一小区' },
    { meterCode: 'AM-002', concentratorCode: 'AC-001', areaName: '告警一小区' },
    { meterCode: 'AM-003', concentratorCode: 'AC-002', areaName: '告警一小区' },
    { meterCode: 'AM-004', concentratorCode: 'AC-002', areaName: '告警一小区' },
    { meterCode: 'AM-011', concentratorCode: 'AC-003', areaName: '告警一小区' },
    { meterCode: 'AM-012', concentratorCode: 'AC-003', areaName: '告警一小区' },
  ],
  residents: [],
};

const ingest = (payload: object) =>
  t.app.inject({ method: 'POST', url: INGEST_PATHS.readings, payload, headers: { authorization: `Device ${key}` } });

const read = (meterCode: string, reading: number, extra: object = {}, at = t.clock.now()) => ({
  meterCode,
  time: at.toISOString(),
  reading,
  ...extra,
});

const alarmsOf = (alarmType: string) =>
  t.app.db
    .selectFrom('alarms')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('alarm_type', '=', alarmType)
    .orderBy('id')
    .execute();
const eventsOf = async (alarmId: number) =>
  (
    await t.app.db
      .selectFrom('alarm_events')
      .select('action')
      .where('company_id', '=', companyId)
      .where('alarm_id', '=', alarmId)
      .orderBy('id')
      .execute()
  ).map((e) => e.action);

let reading = 100;
const next = () => {
  reading += 0.1;
  return Math.round(reading * 1000) / 1000;
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  key = (await createIngestKey(t.app.db, { companyId, name: 'alarm test' })).key;
  const res = await t.app.inject({
    method: 'POST',
    url: INGEST_PATHS.archives,
    payload: CITY,
    headers: { authorization: `Device ${key}` },
  });
  expect(res.json().datas.rejected).toEqual([]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('thresholds at ingestion', () => {
  it('raises a voltage alarm within the ingest call, follows its level, and clears only after the off-delay', async () => {
    const res = await ingest({ readings: [read('AM-001', next(), { voltage: 3.3, csq: 20 })] });
    expect(res.json().datas.accepted).toBe(1);
    let [alarm] = await alarmsOf('voltage');
    expect(alarm).toMatchObject({ level: 'alarm', active: true, acknowledged: false, source_code: 'AM-001' });
    expect(Number(alarm?.value)).toBe(3.3);
    expect(Number(alarm?.threshold)).toBe(3.4);

    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.1 })] });
    [alarm] = await alarmsOf('voltage');
    expect(alarm).toMatchObject({ level: 'severe', active: true });

    // normal again, but for less than the off-delay (300 s): still active; bad again: the same alarm, no new one
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.6 })] });
    expect((await alarmsOf('voltage'))[0]).toMatchObject({ active: true });
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.35 })] });
    const all = await alarmsOf('voltage');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ active: true, level: 'alarm', normal_since: null });

    // normal for longer than the off-delay: returned to normal, still live (not acknowledged)
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.6 })] });
    t.clock.advance(301_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.6 })] });
    [alarm] = await alarmsOf('voltage');
    expect(alarm).toMatchObject({ active: false, acknowledged: false });
    expect(alarm?.cleared_at).not.toBeNull();

    // bad again before anyone acknowledged: the same alarm is re-raised
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-001', next(), { voltage: 3.0 })] });
    const again = await alarmsOf('voltage');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ active: true, level: 'severe' });
    // the level's moves while it was open (alarm → severe, severe → alarm) are in its history too (issue 19)
    expect(await eventsOf(Number(again[0]?.id))).toEqual([
      'raised',
      'levelChanged',
      'levelChanged',
      'cleared',
      'reraised',
    ]);
  });

  it('raises csq and rsrp alarms, and reverse flow when the register goes back', async () => {
    await ingest({ readings: [read('AM-002', 50, { csq: 4, rsrp: -112 })] });
    expect((await alarmsOf('csq'))[0]).toMatchObject({ level: 'severe', source_code: 'AM-002' });
    expect((await alarmsOf('rsrp'))[0]).toMatchObject({ level: 'alarm', source_code: 'AM-002' });
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-002', 49.5)] });
    const [reverse] = await alarmsOf('reverseFlow');
    expect(reverse).toMatchObject({ source_code: 'AM-002', active: true });
    expect(Number(reverse?.value)).toBe(0.5);
  });

  it('holds a new condition back for the on-delay', async () => {
    await saveRuleFields(t.app.db, companyId, 'delay', { onDelaySeconds: 120 }, t.clock.now());
    await ingest({ readings: [read('AM-003', 10, { voltage: 3.0 })] });
    const pending = async () => (await alarmsOf('voltage')).filter((a) => a.source_code === 'AM-003').length;
    expect(await pending()).toBe(0);
    t.clock.advance(60_000);
    await ingest({ readings: [read('AM-003', 10.1, { voltage: 3.0 })] });
    expect(await pending()).toBe(0);
    t.clock.advance(61_000);
    await ingest({ readings: [read('AM-003', 10.2, { voltage: 3.0 })] });
    expect(await pending()).toBe(1);
    await saveRuleFields(t.app.db, companyId, 'delay', { onDelaySeconds: 0 }, t.clock.now());
  });
});

describe('offline topology', () => {
  it('groups the meters of an offline concentrator under its alarm, and clears them all when it returns', async () => {
    // everything reports now, then AC-002 falls silent and is marked offline: its meters (online until their own
    // silence is long enough) have no data path, so they are grouped under it at once
    await ingest({
      concentratorCode: 'AC-002',
      readings: [read('AM-003', 11), read('AM-004', 20)],
    });
    await t.app.db
      .updateTable('concentrators')
      .set({ online: false })
      .where('company_id', '=', companyId)
      .where('concentrator_code', '=', 'AC-002')
      .execute();
    const changedTenants: number[] = [];
    await evaluateOfflineAlarms(t.app.db, t.clock.now(), (c) => changedTenants.push(c));
    // the tenant whose alarms changed is named (jobs.ts sends its consoles a change hint), once
    expect(changedTenants).toEqual([companyId]);
    const [parent] = await alarmsOf('offline');
    expect(parent).toMatchObject({ source_code: 'AC-002', level: 'general', active: true, suppressed: false });
    const children = await alarmsOf('noData');
    expect(children.map((c) => [c.source_code, c.parent_id, c.suppressed])).toEqual([
      ['AM-003', parent?.id, true],
      ['AM-004', parent?.id, true],
    ]);
    expect(await eventsOf(Number(children[0]?.id))).toEqual(['raised', 'suppressed']);

    // a day later: escalated
    t.clock.advance(25 * 3_600_000);
    await evaluateOfflineAlarms(t.app.db, t.clock.now());
    expect((await alarmsOf('offline'))[0]).toMatchObject({ level: 'alarm' });

    // it reports again with its meters; after the off-delay the parent and its children return to normal
    await ingest({ concentratorCode: 'AC-002', readings: [read('AM-003', 11.5), read('AM-004', 20.5)] });
    // (within the off-delay nothing changes: nobody is named)
    await evaluateOfflineAlarms(t.app.db, t.clock.now(), (c) => changedTenants.push(c));
    expect(changedTenants).toEqual([companyId]);
    expect((await alarmsOf('offline'))[0]).toMatchObject({ active: true });
    t.clock.advance(301_000);
    await evaluateOfflineAlarms(t.app.db, t.clock.now());
    expect((await alarmsOf('offline'))[0]).toMatchObject({ active: false });
    expect((await alarmsOf('noData')).map((c) => c.active)).toEqual([false, false]);
  });

  it('does not blame the meters for the silence of their concentrator before it is called offline', async () => {
    const minutes = (n: number) => n * 60_000;
    const noDataOf = async (code: string) => (await alarmsOf('noData')).filter((a) => a.source_code === code);
    const sweep = async () => {
      await markOfflineDevices(t.app.db, t.clock.now());
      await evaluateOfflineAlarms(t.app.db, t.clock.now());
    };
    // AC-003 (hourly) uploads at :45 its meters' reads of :00, then dies
    const readAt = new Date(t.clock.now().getTime() - minutes(45));
    await ingest({
      concentratorCode: 'AC-003',
      readings: [read('AM-011', 1, {}, readAt), read('AM-012', 2, {}, readAt)],
    });
    // 140 minutes after their last read the meters are offline (limit 130), the concentrator 95 minutes after its
    // upload is not yet (limit 120): its meters raise nothing on their own
    t.clock.advance(minutes(95));
    await sweep();
    expect(await noDataOf('AM-011')).toEqual([]);
    expect(await noDataOf('AM-012')).toEqual([]);
    // once the concentrator is offline, its meters are grouped under it
    t.clock.advance(minutes(30));
    await sweep();
    const parent = (await alarmsOf('offline')).find((a) => a.source_code === 'AC-003');
    expect(parent).toMatchObject({ active: true });
    expect((await noDataOf('AM-012')).map((a) => [a.parent_id, a.suppressed])).toEqual([[parent?.id, true]]);

    // it comes back with AM-011's read but not AM-012's: AM-012's silence is now its own
    await ingest({ concentratorCode: 'AC-003', readings: [read('AM-011', 1.2)] });
    await sweep(); // the off-delay starts
    t.clock.advance(301_000);
    await sweep();
    expect((await alarmsOf('offline')).find((a) => a.source_code === 'AC-003')).toMatchObject({ active: false });
    expect((await noDataOf('AM-011')).map((a) => a.active)).toEqual([false]);
    expect((await noDataOf('AM-012')).map((a) => a.active)).toEqual([true]);
  });
});

describe('usage exceptions from the daily series', () => {
  const meterIdOf = async (code: string) =>
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
  /** Writes a meter's daily series ending today (consumption per day, oldest first). */
  const series = async (meterId: number, values: number[]) => {
    const today = chinaDay(t.clock.now());
    await t.app.db
      .deleteFrom('reading_days')
      .where('company_id', '=', companyId)
      .where('meter_id', '=', meterId)
      .execute();
    let reading = 0;
    await t.app.db
      .insertInto('reading_days')
      .values(
        values.map((c, i) => {
          reading += c;
          return {
            company_id: companyId,
            meter_id: meterId,
            day: addDays(today, i - values.length + 1),
            reading,
            consumption: c,
            quality: 'A',
            reads: 24,
          };
        }),
      )
      .execute();
  };

  it('raises zero use and a stuck register, a sudden increase, and clears them when use returns', async () => {
    const stuck = await meterIdOf('AM-004');
    const burst = await meterIdOf('AM-002');
    await series(stuck, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0]);
    await series(burst, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 3.2]);
    await evaluateUsageOfMeters(t.app.db, companyId, [stuck, burst], t.clock.now());
    const found = async () =>
      (
        await t.app.db
          .selectFrom('alarms')
          .select(['alarm_type', 'source_code', 'level', 'active'])
          .where('company_id', '=', companyId)
          .where('alarm_type', 'in', ['zeroUse', 'stuckMeter', 'suddenIncrease'])
          .orderBy('alarm_type')
          .execute()
      ).map((a) => `${a.alarm_type}:${a.source_code}:${a.level}:${a.active}`);
    expect(await found()).toEqual([
      'stuckMeter:AM-004:alarm:true',
      'suddenIncrease:AM-002:severe:true',
      'zeroUse:AM-004:general:true',
    ]);

    await series(stuck, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0.4]);
    await series(burst, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.6]);
    await evaluateUsageOfMeters(t.app.db, companyId, [stuck, burst], t.clock.now());
    t.clock.advance(301_000);
    await evaluateUsageOfMeters(t.app.db, companyId, [stuck, burst], t.clock.now());
    expect(await found()).toEqual([
      'stuckMeter:AM-004:alarm:false',
      'suddenIncrease:AM-002:severe:false',
      'zeroUse:AM-004:general:false',
    ]);
  });

  it('raises continuous flow on a home that never stops, not on a bulk meter others hang under', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.archives,
      payload: {
        meters: ['AM-005', 'AM-006', 'AM-007'].map((meterCode) => ({
          meterCode,
          concentratorCode: 'AC-001',
          areaName: '告警一小区',
        })),
      },
      headers: { authorization: `Device ${key}` },
    });
    expect(added.statusCode).toBe(200);
    const home = await meterIdOf('AM-005');
    const master = await meterIdOf('AM-006');
    await t.app.db
      .updateTable('water_meters')
      .set({ parent_meter_id: master })
      .where('company_id', '=', companyId)
      .where('meter_code', '=', 'AM-007')
      .execute();
    // 20 L every hour for 26 hours, on both
    const now = t.clock.now().getTime();
    const hourly = (code: string) =>
      Array.from({ length: 27 }, (_, h) =>
        read(code, 500 + h * 0.02, {}, new Date(now - (26 - h) * 3_600_000 - 60_000)),
      );
    expect((await ingest({ readings: [...hourly('AM-005'), ...hourly('AM-006')] })).json().datas.accepted).toBe(54);
    await evaluateUsageOfMeters(t.app.db, companyId, [home, master], t.clock.now());
    const flowing = (await alarmsOf('continuousFlow')).filter((a) => ['AM-005', 'AM-006'].includes(a.source_code));
    expect(flowing.map((a) => `${a.source_code}:${a.active}`)).toEqual(['AM-005:true']);
  });
});

describe('the night-flow hook', () => {
  it('raises a district alarm at once and clears it at once', async () => {
    const at = t.clock.now();
    const input = {
      alarmType: 'nightFlow' as const,
      sourceKind: 'district' as const,
      sourceId: 7,
      sourceCode: '一号分区',
      level: 'alarm' as const,
      value: 3.2,
      threshold: 2.5,
      at,
    };
    expect(await raiseSourceAlarm(t.app.db, companyId, input)).toMatchObject({ raised: 1 });
    expect(await raiseSourceAlarm(t.app.db, companyId, input)).toMatchObject({ raised: 0 });
    expect(
      await clearSourceAlarm(t.app.db, companyId, { alarmType: 'nightFlow', sourceKind: 'district', sourceId: 7, at }),
    ).toMatchObject({ cleared: 1 });
    const [alarm] = await alarmsOf('nightFlow');
    expect(alarm).toMatchObject({ active: false, source_code: '一号分区' });
  });

  it('takes a new change_seq for every change', async () => {
    const rows = await t.app.db.selectFrom('alarms').select('change_seq').where('company_id', '=', companyId).execute();
    const seqs = rows.map((r) => Number(r.change_seq));
    expect(new Set(seqs).size).toBe(seqs.length);
  });
});
