// Data verification (数据校验): ingestion marks meters dirty, revalidation writes the validated daily series
// (reading_days) with quality codes and rules, readingCheck lists the exceptions with their filters, and dataCheck
// revalidates a selection now — with the day-range and selection refusals in both languages, the tenant, the
// permissions and the data scope.

import { clearDirty } from '@waterops/gateway/src/services/reading/readingDaysRepository.ts';
import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { revalidateDirtyMeters, sweepYesterday } from '@waterops/gateway/src/services/reading/revalidate.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import {
  addDays,
  chinaDay,
  DATA_CHECK_PATHS,
  type DataCheckResult,
  dayStart,
  type ReadingCheckRow,
} from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
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
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let checker: TestUser;
let areaA: Area;
let areaB: Area;
let today: string;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
/** The day `k` days before today (China time). */
const ago = (k: number) => addDays(today, -k);

const newMeter = async (areaId: number, maxReading: number | null = 9999, company = companyId) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: company, meter_code: uniq('VEE'), area_id: areaId, max_reading: maxReading })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Daily closing reads (00:00 the day after) for the given days, as ingestion would store them, and the dirty mark. */
const ingest = async (meterId: number, reads: [day: string, reading: number][], company = companyId) => {
  const rows = reads.map(([day, reading]) => ({
    company_id: company,
    meter_id: meterId,
    read_at: dayStart(addDays(day)),
    reading,
  }));
  await ensureReadingPartitions(
    t.app.db,
    rows.map((r) => r.read_at),
  );
  await t.app.db
    .insertInto('meter_readings')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const first = reads.map(([d]) => d).sort()[0] as string;
  await t.app.db
    .updateTable('water_meters')
    .set({ dirty_from: first, last_reading: reads.at(-1)?.[1] })
    .where('company_id', '=', company)
    .where('id', '=', meterId)
    .execute();
};
/** A run of daily reads from `from`, `step` m³ a day from `start`, skipping the days listed. */
const run = (from: number, days: number, start: number, step: number, skip: number[] = []): [string, number][] =>
  Array.from(
    { length: days },
    (_, i) => [ago(from - i), Math.round((start + i * step) * 1000) / 1000] as [string, number],
  ).filter((_, i) => !skip.includes(i));

const daysOf = async (meterId: number) =>
  (
    await t.app.db
      .selectFrom('reading_days')
      .select(['day', 'raw_reading', 'reading', 'consumption', 'quality', 'rule', 'reads'])
      .select((eb) => eb.cast<string>('day', 'text').as('d'))
      .where('company_id', '=', companyId)
      .where('meter_id', '=', meterId)
      .orderBy('day')
      .execute()
  ).map((r) => ({
    day: r.d,
    raw: r.raw_reading == null ? null : Number(r.raw_reading),
    reading: Number(r.reading),
    use: r.consumption == null ? null : Number(r.consumption),
    quality: r.quality.trim(),
    rule: r.rule,
  }));
const dirtyFrom = async (meterId: number) =>
  (
    await t.app.db
      .selectFrom('water_meters')
      .select((eb) => eb.cast<string | null>('dirty_from', 'text').as('d'))
      .where('company_id', '=', companyId)
      .where('id', '=', meterId)
      .executeTakeFirstOrThrow()
  ).d;
const exceptions = async (query: string, token = admin) => {
  const res = await call('GET', `${DATA_CHECK_PATHS.readingCheck}?limit=200&${query}`, token);
  expect(res.json().code, res.body).toBe(0);
  return res.json() as { count: number; data: ReadingCheckRow[] };
};

let gappy: number;
let spiky: number;
let rolling: number;

beforeAll(async () => {
  t = await startTestApp();
  today = chinaDay(t.clock.now());
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingDataCheckView]);
  checker = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.readingDataCheckView,
    PERMISSIONS.readingDataCheckEdit,
  ]);
  const areas = (await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[];
  [areaA, areaB] = areas as [Area, Area];
  // 12 days of 1 m³ a day, nothing read 9 and 8 days ago
  gappy = await newMeter(areaA.id);
  await ingest(gappy, run(12, 12, 100, 1, [3, 4]));
  // 12 days of 0.5 m³, a misread of 600 five days ago
  spiky = await newMeter(areaA.id);
  await ingest(
    spiky,
    run(12, 12, 200, 0.5).map(([d, v]) => [d, d === ago(5) ? 600 : v]),
  );
  // a register passing 9999 four days ago, in the other area
  rolling = await newMeter(areaB.id);
  await ingest(
    rolling,
    run(12, 12, 9991, 1).map(([d, v]) => [d, v >= 9999 ? v - 9999 : v]),
  );
  const done = await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
  expect(done.meters).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await t?.close();
});

describe('revalidation of dirty meters', () => {
  it('estimates the days nothing was read by interpolation, keeps the others actual and clears the mark', async () => {
    const days = await daysOf(gappy);
    expect(days.map((d) => d.day)).toEqual(run(12, 12, 0, 0).map(([d]) => d));
    expect(days.find((d) => d.day === ago(9))).toEqual({
      day: ago(9),
      raw: null,
      reading: 103,
      use: 1,
      quality: 'E',
      rule: 'gap',
    });
    expect(days.find((d) => d.day === ago(7))).toMatchObject({
      raw: 105,
      reading: 105,
      use: 1,
      quality: 'A',
      rule: null,
    });
    expect(days.reduce((a, d) => a + (d.use ?? 0), 0)).toBe(11);
    expect(await dirtyFrom(gappy)).toBeNull();
  });

  it('substitutes a spike and keeps the raw read beside it', async () => {
    const spike = (await daysOf(spiky)).find((d) => d.day === ago(5));
    expect(spike).toEqual({ day: ago(5), raw: 600, reading: 203.5, use: 0.5, quality: 'S', rule: 'spike' });
  });

  it('counts use across a rollover at the max reading', async () => {
    const days = await daysOf(rolling);
    const over = days.find((d) => d.rule === 'rollover');
    expect(over).toMatchObject({ raw: 0, reading: 0, use: 1, quality: 'A' });
    expect(days.every((d) => d.use === null || d.use === 1)).toBe(true);
  });

  it('turns an estimate into an actual day when the late read arrives, and recomputes the days after', async () => {
    await ingest(gappy, [[ago(9), 103.4]]);
    expect(await dirtyFrom(gappy)).toBe(ago(9));
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    const days = await daysOf(gappy);
    expect(days.find((d) => d.day === ago(9))).toMatchObject({ raw: 103.4, use: 1.4, quality: 'A', rule: null });
    expect(days.find((d) => d.day === ago(8))).toMatchObject({ raw: null, reading: 104.2, use: 0.8, quality: 'E' });
    expect(days.reduce((a, d) => a + (d.use ?? 0), 0)).toBeCloseTo(11, 6);
  });

  it('counts a meter swap: (old final − previous read) + (new read − new base)', async () => {
    const swapped = await newMeter(areaA.id);
    await ingest(swapped, [...run(6, 4, 50, 2), [ago(2), 3], [ago(1), 5]]);
    await t.app.db
      .insertInto('meter_replacements')
      .values({
        company_id: companyId,
        meter_id: swapped,
        replaced_at: new Date(dayStart(ago(2)).getTime() + 6 * 3_600_000),
        old_meter_code: 'OLD',
        old_final_reading: 57,
        new_meter_code: 'NEW',
        new_base_reading: 0,
      })
      .execute();
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    const days = await daysOf(swapped);
    // day 3 ago closed at 56; 1 m³ more on the old meter, 3 on the new
    expect(days.find((d) => d.day === ago(2))).toMatchObject({
      raw: 3,
      reading: 3,
      use: 4,
      quality: 'A',
      rule: 'swap',
    });
    expect(days.find((d) => d.day === ago(1))).toMatchObject({ use: 2, quality: 'A', rule: null });
  });

  it('flags reverse flow among the hourly reads of a day, and not a day whose register only rose', async () => {
    const hourly = await newMeter(areaA.id);
    const at = (day: string, hour: number) => new Date(dayStart(day).getTime() + hour * 3_600_000);
    const reads = [
      [at(ago(3), 12), 50],
      [at(ago(2), 1), 50.2],
      [at(ago(2), 2), 50.1], // the register stepped back 0.1 m³ in the night
      [at(ago(2), 20), 50.6],
      [at(ago(1), 8), 50.9],
      [at(ago(1), 20), 51.3],
    ] as const;
    await ensureReadingPartitions(
      t.app.db,
      reads.map(([d]) => d),
    );
    await t.app.db
      .insertInto('meter_readings')
      .values(reads.map(([read_at, reading]) => ({ company_id: companyId, meter_id: hourly, read_at, reading })))
      .execute();
    await t.app.db
      .updateTable('water_meters')
      .set({ dirty_from: ago(3) })
      .where('id', '=', hourly)
      .execute();
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    const days = await daysOf(hourly);
    expect(days.find((d) => d.day === ago(2))).toMatchObject({ raw: 50.6, use: 0.6, quality: 'A', rule: 'negative' });
    expect(days.find((d) => d.day === ago(1))).toMatchObject({ raw: 51.3, use: 0.7, quality: 'A', rule: null });
  });

  it('leaves the mark of a meter marked again meanwhile (compare-and-clear)', async () => {
    await ingest(gappy, [[ago(1), 111]]);
    await clearDirty(t.app.db, companyId, [{ id: gappy, dirtyFrom: ago(3), maxReading: 9999 }]);
    expect(await dirtyFrom(gappy)).toBe(ago(1));
    await clearDirty(t.app.db, companyId, [{ id: gappy, dirtyFrom: ago(1), maxReading: 9999 }]);
    expect(await dirtyFrom(gappy)).toBeNull();
  });
});

describe('the daily sweep', () => {
  it('marks every meter that reported dirty from yesterday once a day, whichever instance asks first', async () => {
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    const silent = await newMeter(areaA.id);
    await ingest(silent, run(6, 3, 10, 1));
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    expect(await dirtyFrom(silent)).toBeNull();
    const marked = await sweepYesterday(t.app.db, t.clock.now(), 'one');
    expect(marked).toBeGreaterThanOrEqual(1);
    expect(await sweepYesterday(t.app.db, t.clock.now(), 'two')).toBeNull();
    expect(await dirtyFrom(silent)).toBe(ago(1));
    await revalidateDirtyMeters(t.app.db, { now: t.clock.now() });
    // the days since its last read are estimated and flagged as gaps
    const days = await daysOf(silent);
    expect(days.filter((d) => d.rule === 'gap').map((d) => d.day)).toEqual([ago(3), ago(2), ago(1)]);
  });
});

describe('GET meter/meterBase/readingCheck', () => {
  it('lists the exception days with meter, area, raw and validated values, newest first', async () => {
    const res = await exceptions(`from=${ago(12)}&to=${today}`);
    const days = res.data.map((r) => r.day);
    expect([...days].sort().reverse()).toEqual(days);
    const spike = res.data.find((r) => r.meterId === spiky && r.day === ago(5));
    expect(spike).toMatchObject({ areaId: areaA.id, areaName: areaA.areaName, rawReading: 600, reading: 203.5 });
    // the raw reads alone: 203 the day before, then 600
    expect(spike?.rawConsumption).toBe(397);
    expect(res.data.every((r) => r.rule !== null || r.quality !== 'A')).toBe(true);
  });

  it('filters by rule, quality, area and body code prefix', async () => {
    expect((await exceptions('rule=spike')).data.map((r) => r.meterId)).toEqual([spiky]);
    expect((await exceptions('quality=S&rule=spike')).count).toBe(1);
    expect((await exceptions('quality=E')).data.every((r) => r.quality === 'E')).toBe(true);
    expect((await exceptions(`areaId=${areaB.id}`)).data.every((r) => r.meterId === rolling)).toBe(true);
    const code = (
      await t.app.db.selectFrom('water_meters').select('meter_code').where('id', '=', spiky).executeTakeFirstOrThrow()
    ).meter_code;
    expect((await exceptions(`meterCode=${code}`)).data.map((r) => r.meterId)).toEqual([spiky]);
    expect((await exceptions(`meterCode=${code}X`)).count).toBe(0);
  });

  it('refuses a range of more than 93 days, and a rule it does not know', async () => {
    const res = await call(
      'GET',
      `${DATA_CHECK_PATHS.readingCheck}?from=${ago(100)}&to=${today}`,
      admin,
      undefined,
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(en('readingRecord.rangeTooLong', { max: 93 }));
    expect((await call('GET', `${DATA_CHECK_PATHS.readingCheck}?rule=bogus`, admin)).statusCode).toBe(400);
  });

  it('shows another tenant nothing, and an account scoped to another area nothing of this one', async () => {
    expect((await exceptions('', otherAdmin)).count).toBe(0);
    // as routeSecurity asks every list: a page of 999
    const big = await call('GET', `${DATA_CHECK_PATHS.readingCheck}?page=1&limit=999`, otherAdmin);
    expect(big.json()).toMatchObject({ code: 0, count: 0, data: [] });
    const res = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: viewer.id,
      regionIds: [],
      areaIds: [areaB.id],
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const seen = await exceptions('', viewer.token);
    expect(seen.count).toBeGreaterThan(0);
    expect(seen.data.every((r) => r.meterId === rolling)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    const res = await call('GET', DATA_CHECK_PATHS.readingCheck);
    expect(res.json()).toMatchObject(unauthorized);
  });
});

describe('POST meter/meterBase/dataCheck', () => {
  it('revalidates an area now, counts the rules and qualities found, and logs it', async () => {
    const res = await call('POST', DATA_CHECK_PATHS.dataCheck, checker.token, {
      areaId: areaA.id,
      from: ago(12),
      to: today,
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const result = res.json().datas as DataCheckResult;
    expect(result.from).toBe(ago(12));
    expect(result.meters).toBeGreaterThanOrEqual(3);
    expect(result.rules.spike).toBe(1);
    expect(result.rules.swap).toBe(1);
    expect(result.qualities.S).toBeGreaterThanOrEqual(1);
    expect(result.qualities.A + result.qualities.E + result.qualities.S).toBe(result.days);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail', 'result'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operation: 'dataCheck', result: 'success' });
    expect(log.detail).toContain(`area #${areaA.id}`);
  });

  it('marks the days after a meter’s last read as gaps', async () => {
    const silent = await newMeter(areaA.id);
    await ingest(silent, run(10, 6, 10, 1));
    const res = await call('POST', DATA_CHECK_PATHS.dataCheck, admin, {
      meterIds: [silent],
      from: ago(10),
      to: ago(1),
    });
    expect(res.json().datas).toMatchObject({ meters: 1, days: 10, qualities: { A: 6, E: 4, S: 0 } });
    expect(res.json().datas.rules.gap).toBe(4);
    const days = await daysOf(silent);
    expect(days.find((d) => d.day === ago(1))).toMatchObject({ quality: 'E', rule: 'gap', reading: 19 });
  });

  it('refuses an empty selection and a range of more than 93 days, in both languages, writing nothing', async () => {
    const before = await t.app.db
      .selectFrom('reading_days')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const empty = await call('POST', DATA_CHECK_PATHS.dataCheck, admin, { meterIds: [], from: ago(3), to: today });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().resp_msg).toBe(zh('dataCheck.noSelection'));
    const long = await call(
      'POST',
      DATA_CHECK_PATHS.dataCheck,
      admin,
      { areaId: areaA.id, from: ago(93), to: today },
      'en',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().resp_msg).toBe(en('readingRecord.rangeTooLong', { max: 93 }));
    const reversed = await call('POST', DATA_CHECK_PATHS.dataCheck, admin, {
      areaId: areaA.id,
      from: today,
      to: ago(1),
    });
    expect(reversed.json().resp_msg).toBe(zh('readingRecord.rangeReversed'));
    const bad = await call('POST', DATA_CHECK_PATHS.dataCheck, admin, {
      areaId: areaA.id,
      from: '2026-02-30',
      to: today,
    });
    expect(bad.statusCode).toBe(400);
    const after = await t.app.db
      .selectFrom('reading_days')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('answers 404 for another tenant’s meter or area, and for an area outside the caller’s scope', async () => {
    const theirs = await call('POST', DATA_CHECK_PATHS.dataCheck, otherAdmin, {
      meterIds: [gappy],
      from: ago(3),
      to: today,
    });
    expect(theirs.json()).toMatchObject(notFound);
    const area = await call('POST', DATA_CHECK_PATHS.dataCheck, otherAdmin, {
      areaId: areaA.id,
      from: ago(3),
      to: today,
    });
    expect(area.json()).toMatchObject(notFound);
    await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: checker.id,
      regionIds: [],
      areaIds: [areaB.id],
    });
    const outside = await call('POST', DATA_CHECK_PATHS.dataCheck, checker.token, {
      areaId: areaA.id,
      from: ago(3),
      to: today,
    });
    expect(outside.json()).toMatchObject(notFound);
    const meter = await call('POST', DATA_CHECK_PATHS.dataCheck, checker.token, {
      meterIds: [gappy],
      from: ago(3),
      to: today,
    });
    expect(meter.json()).toMatchObject(notFound);
  });

  it('answers 403 to a viewer and 401 without a token', async () => {
    const body = { areaId: areaA.id, from: ago(3), to: today };
    expect((await call('POST', DATA_CHECK_PATHS.dataCheck, viewer.token, body)).json()).toMatchObject(forbidden);
    expect((await call('POST', DATA_CHECK_PATHS.dataCheck, undefined, body)).json()).toMatchObject(unauthorized);
  });
});
