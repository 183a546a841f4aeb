// Reading records (meter/meterBase/readings and /days) and a meter's voltage and signal history
// (monitoring/voltageHistory): the raw reads of a China-day window newest first and paged, the validated daily series
// with its swaps and totals, bucketed averages; range rules with their messages in both languages; tenant, data
// scope and permissions. Readings and days are inserted directly: these routes only read them.

import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { PLACE_PATHS } from '@waterops/shared/place';
import {
  addDays,
  chinaDay,
  dayStart,
  type MeterDays,
  type RawReading,
  READING_RECORD_PATHS,
  type VoltageHistory,
} from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
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
let recordViewer: TestUser;
let areaA: number;
let areaB: number;
let meter: number;
/** a meter in another area, for the data scope */
let meterB: number;
let theirMeter: number;

const P = READING_RECORD_PATHS;
const call = (url: string, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

/** An instant given in China time, e.g. at('2026-11-01', '08:30'). */
const at = (day: string, time = '00:00') => new Date(`${day}T${time}:00+08:00`);

const newMeter = async (company: number, areaId: number | null) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: company, meter_code: uniq('M'), area_id: areaId, max_reading: 9999 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

type Read = {
  at: Date;
  reading: number;
  voltage?: number;
  csq?: number;
  rsrp?: number;
  valve?: number;
  source?: number;
};
const insertReads = async (meterId: number, reads: Read[], company = companyId) => {
  await ensureReadingPartitions(
    t.app.db,
    reads.map((r) => r.at),
  );
  await t.app.db
    .insertInto('meter_readings')
    .values(
      reads.map((r) => ({
        company_id: company,
        meter_id: meterId,
        read_at: r.at,
        reading: r.reading,
        voltage: r.voltage ?? null,
        csq: r.csq ?? null,
        rsrp: r.rsrp ?? null,
        valve_state: r.valve ?? null,
        source: r.source ?? 1,
      })),
    )
    .execute();
};

// The window most tests read: ten days well in the past, so the date never moves under the test.
const D1 = '2026-03-01';
const D2 = '2026-03-02';
const D3 = '2026-03-03';

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  recordViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRecordView]);
  const region = Number(
    (
      await t.app.db
        .insertInto('regions')
        .values({ company_id: companyId, region_name: uniq('片区') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const area = async (name: string) =>
    Number(
      (
        await t.app.db
          .insertInto('areas')
          .values({ company_id: companyId, region_id: region, area_name: uniq(name) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  areaA = await area('东区');
  areaB = await area('西区');
  meter = await newMeter(companyId, areaA);
  meterB = await newMeter(companyId, areaB);
  const other = await createSecondTenant(t.app);
  theirMeter = await newMeter(other.companyId, null);

  await insertReads(meter, [
    // the first instant of D1 belongs to D1's window (it closes the day before, but the window is by time)
    { at: at(D1, '00:00'), reading: 10, voltage: 3.6, csq: 20, rsrp: -85, valve: 1 },
    { at: at(D1, '12:00'), reading: 10.5, voltage: 3.58, csq: 99, rsrp: -87, valve: 1 },
    { at: at(D2, '12:00'), reading: 11.25, voltage: 3.5, csq: 18, rsrp: -95, valve: 0, source: 2 },
    { at: at(D3, '23:59'), reading: 12, voltage: 3.4, csq: 10, rsrp: -112 },
    // outside the window D1…D3: the day before and the first instant of the day after
    { at: at('2026-02-28', '23:59'), reading: 9.9 },
    { at: at('2026-03-04', '00:00'), reading: 12.1 },
  ]);
  await insertReads(theirMeter, [{ at: at(D1, '12:00'), reading: 1 }], other.companyId);
  // meter B (another area) reads at the same instant as meter A, and once in between
  await insertReads(meterB, [
    { at: at(D1, '12:00'), reading: 50 },
    { at: at(D2, '06:00'), reading: 51 },
  ]);

  await t.app.db
    .insertInto('reading_days')
    .values([
      {
        company_id: companyId,
        meter_id: meter,
        day: D1,
        raw_reading: 10.5,
        reading: 10.5,
        consumption: 0.6,
        raw_consumption: 0.6,
        quality: 'A',
        rule: null,
        reads: 2,
      },
      {
        company_id: companyId,
        meter_id: meter,
        day: D2,
        raw_reading: null,
        reading: 11.25,
        consumption: 0.75,
        raw_consumption: null,
        quality: 'E',
        rule: 'gap',
        reads: 0,
      },
      {
        company_id: companyId,
        meter_id: meter,
        day: D3,
        raw_reading: 2,
        reading: 12,
        consumption: 0.75,
        raw_consumption: -9.25,
        quality: 'A',
        rule: 'swap',
        reads: 1,
      },
    ])
    .execute();
  await t.app.db
    .insertInto('meter_replacements')
    .values([
      {
        company_id: companyId,
        meter_id: meter,
        replaced_at: at(D3, '09:00'),
        old_meter_code: 'OLD-1',
        old_final_reading: 11.5,
        new_meter_code: 'NEW-1',
        new_base_reading: 0,
        remark: '表坏',
      },
      // outside the window
      {
        company_id: companyId,
        meter_id: meter,
        replaced_at: at('2026-01-10', '09:00'),
        old_meter_code: 'OLDER',
        old_final_reading: 5,
        new_meter_code: 'OLD-1',
        new_base_reading: 0,
        remark: null,
      },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

const readings = async (query: string, token = admin) => {
  const res = await call(`${P.readings}?${query}`, token);
  expect(res.json().code, res.body).toBe(0);
  return res.json() as { count: number; data: RawReading[] };
};

describe('GET meter/meterBase/readings', () => {
  it("lists the meter's reads of the China days asked, newest first, with their status and source", async () => {
    const page = await readings(`meterId=${meter}&from=${D1}&to=${D3}`);
    expect(page.count).toBe(4);
    expect(page.data.map((r) => r.reading)).toEqual([12, 11.25, 10.5, 10]);
    expect(page.data[1]).toMatchObject({
      meterId: meter,
      time: at(D2, '12:00').toISOString(),
      reading: 11.25,
      voltage: 3.5,
      csq: 18,
      rsrp: -95,
      valveState: 0,
      source: 2,
    });
    expect(page.data[0]).toMatchObject({ voltage: 3.4, valveState: null, source: 1 });
    expect(Date.parse(page.data[0]?.receivedTime ?? '')).not.toBeNaN();
  });

  it('pages: limit and page give the next reads, the count stays the total', async () => {
    const first = await readings(`meterId=${meter}&from=${D1}&to=${D3}&limit=3&page=1`);
    const second = await readings(`meterId=${meter}&from=${D1}&to=${D3}&limit=3&page=2`);
    expect(first.data.map((r) => r.reading)).toEqual([12, 11.25, 10.5]);
    expect(second).toMatchObject({ count: 4, data: [{ reading: 10 }] });
  });

  it('is open to reading-record viewers, who may also search the meter list to pick a meter', async () => {
    expect((await readings(`meterId=${meter}&from=${D1}&to=${D1}`, recordViewer.token)).count).toBe(2);
    expect((await call(`${DEVICE_PATHS.meters}?limit=50`, recordViewer.token)).json().code).toBe(0);
  });

  it.each([
    ['a day that does not exist', `from=2026-02-30&to=${D3}`, 'from', 'readingRecord.badDay', {}],
    ['an end before the start', `from=${D3}&to=${D1}`, 'from', 'readingRecord.rangeReversed', {}],
    ['more than a year', 'from=2025-01-01&to=2026-03-01', 'to', 'readingRecord.rangeTooLong', { max: 366 }],
  ] as const)('refuses %s with a localized message', async (_what, range, field, key, params) => {
    const zhRes = await call(`${P.readings}?meterId=${meter}&${range}`, admin);
    expect(zhRes.statusCode).toBe(400);
    expect(zhRes.json()).toMatchObject({ resp_msg: zh(key, params), field });
    const enRes = await call(`${P.readings}?meterId=${meter}&${range}`, admin, 'en');
    expect(enRes.json()).toMatchObject({ resp_msg: en(key, params), field });
  });

  it('refuses a malformed day and a page size over 999', async () => {
    expect((await call(`${P.readings}?meterId=${meter}&from=1.3.2026`, admin)).statusCode).toBe(400);
    expect((await call(`${P.readings}?meterId=${meter}&limit=1000`, admin)).statusCode).toBe(400);
    expect((await call(`${P.readings}?from=${D1}&to=${D3}&limit=1000`, admin)).statusCode).toBe(400);
  });

  it('without a meter lists the latest reads of every meter of the tenant, newest first, each naming its meter', async () => {
    const page = await readings(`from=${D1}&to=${D3}`);
    // meter A's four reads and meter B's two; never the other tenant's read of the same instant
    expect(page.count).toBe(6);
    expect(page.data.map((r) => [r.meterId, r.reading])).toEqual([
      [meter, 12],
      [meter, 11.25],
      [meterB, 51],
      // the same instant: by meter id
      ...(meter < meterB
        ? [
            [meter, 10.5],
            [meterB, 50],
          ]
        : [
            [meterB, 50],
            [meter, 10.5],
          ]),
      [meter, 10],
    ]);
    expect(page.data.every((r) => r.meterId !== theirMeter)).toBe(true);
    const codes = await t.app.db
      .selectFrom('water_meters')
      .select(['id', 'meter_code'])
      .where('id', 'in', [meter, meterB])
      .execute();
    for (const r of page.data) expect(r.meterCode).toBe(codes.find((c) => Number(c.id) === r.meterId)?.meter_code);
  });

  it('pages the reads of every meter like those of one: the count stays the total', async () => {
    const all = await readings(`from=${D1}&to=${D3}&limit=6`);
    const first = await readings(`from=${D1}&to=${D3}&limit=4&page=1`);
    const second = await readings(`from=${D1}&to=${D3}&limit=4&page=2`);
    expect(first.count).toBe(6);
    expect(second.count).toBe(6);
    expect([...first.data, ...second.data]).toEqual(all.data);
    // the range rules hold without a meter too
    const long = await call(`${P.readings}?from=2025-01-01&to=2026-03-01`, admin, 'en');
    expect(long.json()).toMatchObject({ resp_msg: en('readingRecord.rangeTooLong', { max: 366 }), field: 'to' });
  });

  it("answers 404 for another tenant's meter and a meter that does not exist", async () => {
    expect((await call(`${P.readings}?meterId=${theirMeter}&from=${D1}&to=${D3}`, admin)).json()).toEqual(notFound);
    expect((await call(`${P.readings}?meterId=987654321`, admin)).json()).toEqual(notFound);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await call(`${P.readings}?meterId=${meter}`)).json()).toEqual(unauthorized);
    const meterViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
    expect((await call(`${P.readings}?meterId=${meter}`, meterViewer.token)).json()).toEqual(forbidden);
  });
});

describe('GET meter/meterBase/days', () => {
  const days = async (query: string, token = admin) => {
    const res = await call(`${P.days}?${query}`, token);
    expect(res.json().resp_code, res.body).toBe(0);
    return res.json().datas as MeterDays;
  };

  it('gives the validated days oldest first, raw beside validated, the swaps of the window and the totals', async () => {
    const series = await days(`meterId=${meter}&from=${D1}&to=2026-03-05`);
    expect(series).toMatchObject({ meterId: meter, maxReading: 9999, from: D1, to: '2026-03-05' });
    expect(series.days).toEqual([
      {
        day: D1,
        rawReading: 10.5,
        reading: 10.5,
        consumption: 0.6,
        rawConsumption: 0.6,
        quality: 'A',
        rule: null,
        reads: 2,
      },
      {
        day: D2,
        rawReading: null,
        reading: 11.25,
        consumption: 0.75,
        rawConsumption: null,
        quality: 'E',
        rule: 'gap',
        reads: 0,
      },
      {
        day: D3,
        rawReading: 2,
        reading: 12,
        consumption: 0.75,
        rawConsumption: -9.25,
        quality: 'A',
        rule: 'swap',
        reads: 1,
      },
    ]);
    expect(series.swaps).toEqual([
      {
        id: expect.any(Number),
        replacedTime: at(D3, '09:00').toISOString(),
        day: D3,
        oldMeterCode: 'OLD-1',
        oldFinalReading: 11.5,
        newMeterCode: 'NEW-1',
        newBaseReading: 0,
        remark: '表坏',
      },
    ]);
    expect(series.totals).toEqual({
      consumption: 2.1,
      rawConsumption: -8.65,
      actualDays: 2,
      estimatedDays: 1,
      substitutedDays: 0,
      missingDays: 2,
      reads: 3,
    });
  });

  it('without dates shows the last 30 days up to today, and clips a range running past today', async () => {
    const today = chinaDay(new Date());
    const recent = await days(`meterId=${meter}`);
    expect(recent.to).toBe(today);
    expect(recent.from).toBe(addDays(today, -29));
    const clipped = await days(`meterId=${meter}&from=${addDays(today, -2)}&to=${addDays(today, 40)}`);
    expect(clipped.to).toBe(today);
  });

  it('refuses more than 366 days and keeps the tenant and the data scope', async () => {
    const long = await call(`${P.days}?meterId=${meter}&from=2025-01-01&to=2026-01-02`, admin, 'en');
    expect(long.json()).toMatchObject({ resp_msg: en('readingRecord.rangeTooLong', { max: 366 }), field: 'to' });
    expect((await call(`${P.days}?meterId=${theirMeter}`, admin)).json()).toEqual(notFound);
    expect((await call(`${P.days}?meterId=${meter}`)).json()).toEqual(unauthorized);
  });
});

describe('data scope', () => {
  it('an account limited to one area reads the records and history of its meters only', async () => {
    const user = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.readingRecordView,
      PERMISSIONS.deviceMeterView,
    ]);
    const saved = await t.app.inject({
      method: 'POST',
      url: PLACE_PATHS.userRegionAreaSave,
      payload: { userId: user.id, regionIds: [], areaIds: [areaB] },
      headers: bearer(admin),
    });
    expect(saved.json().resp_code, saved.body).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    for (const path of [P.readings, P.days, P.voltageHistory]) {
      expect((await call(`${path}?meterId=${meter}&from=${D1}&to=${D3}`, token)).json()).toEqual(notFound);
      expect((await call(`${path}?meterId=${meterB}&from=${D1}&to=${D3}`, token)).statusCode).toBe(200);
    }
    // without a meter: the latest reads of its area's meters only
    const latest = await readings(`from=${D1}&to=${D3}`, token);
    expect(latest.count).toBe(2);
    expect(latest.data.map((r) => [r.meterId, r.reading])).toEqual([
      [meterB, 51],
      [meterB, 50],
    ]);
  });

  it('an account whose scope holds no meter sees no reads without a meter either', async () => {
    const user = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRecordView]);
    const { region_id } = await t.app.db
      .selectFrom('areas')
      .select('region_id')
      .where('id', '=', areaA)
      .executeTakeFirstOrThrow();
    const emptyArea = Number(
      (
        await t.app.db
          .insertInto('areas')
          .values({ company_id: companyId, region_id, area_name: uniq('空区') })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: PLACE_PATHS.userRegionAreaSave,
      payload: { userId: user.id, regionIds: [], areaIds: [emptyArea] },
      headers: bearer(admin),
    });
    expect(saved.json().resp_code, saved.body).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    expect(await readings(`from=${D1}&to=${D3}`, token)).toEqual(expect.objectContaining({ count: 0, data: [] }));
  });
});

describe('GET monitoring/voltageHistory', () => {
  const history = async (query: string, token = admin) => {
    const res = await call(`${P.voltageHistory}?${query}`, token);
    expect(res.json().resp_code, res.body).toBe(0);
    return res.json().datas as VoltageHistory;
  };

  it('averages voltage, CSQ (leaving out 99, unknown) and RSRP per time bucket', async () => {
    const h = await history(`meterId=${meter}&from=${D1}&to=${D3}`);
    // three days into at most 1,000 buckets: 260 s each (at least a minute), so every read is a bucket of its own
    expect(h.bucketSeconds).toBe(Math.ceil((3 * 86_400) / 999));
    expect(h.points.map((p) => [p.voltage, p.csq, p.rsrp, p.reads])).toEqual([
      [3.6, 20, -85, 1],
      [3.58, null, -87, 1],
      [3.5, 18, -95, 1],
      [3.4, 10, -112, 1],
    ]);
    const first = h.points[0];
    expect(first && Date.parse(first.time)).toBeLessThanOrEqual(at(D1).getTime());
  });

  it('downsamples a long series to at most 1,000 points and loses no read', async () => {
    const dense = await newMeter(companyId, areaA);
    const from = '2025-12-01';
    const reads: Read[] = [];
    for (let i = 0; i < 3000; i++) {
      // every 15 minutes for 31¼ days, voltage falling slowly
      reads.push({ at: new Date(dayStart(from).getTime() + i * 900_000), reading: i / 100, voltage: 3.6 - i / 10_000 });
    }
    for (let i = 0; i < reads.length; i += 1000) await insertReads(dense, reads.slice(i, i + 1000));
    const h = await history(`meterId=${dense}&from=${from}&to=2026-01-31`);
    expect(h.points.length).toBeLessThanOrEqual(1000);
    expect(h.points.length).toBeGreaterThan(100);
    expect(h.points.reduce((sum, p) => sum + p.reads, 0)).toBe(3000);
    const volts = h.points.map((p) => p.voltage ?? 0);
    expect(volts[0]).toBeGreaterThan(volts.at(-1) ?? 0);
  });

  it('is open to meter viewers and device-status viewers, not to others; 404 across tenants', async () => {
    const statusViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceStatusView]);
    const meterViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceMeterView]);
    const rateViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRateView]);
    expect((await history(`meterId=${meter}&from=${D1}&to=${D1}`, statusViewer.token)).points).toHaveLength(2);
    expect((await history(`meterId=${meter}&from=${D1}&to=${D1}`, meterViewer.token)).points).toHaveLength(2);
    expect((await history(`meterId=${meter}&from=${D1}&to=${D1}`, recordViewer.token)).points).toHaveLength(2);
    expect((await call(`${P.voltageHistory}?meterId=${meter}`, rateViewer.token)).json()).toEqual(forbidden);
    expect((await call(`${P.voltageHistory}?meterId=${theirMeter}`, admin)).json()).toEqual(notFound);
    expect((await call(`${P.voltageHistory}?meterId=${meter}`)).json()).toEqual(unauthorized);
  });
});
