// Meter swaps (换表) through device/watermeter/replace: the metering point takes the new body code and base, the
// swap is kept and listed, the daily series is recomputed from the swap's day so the day's use counts the old
// register up to its final read and the new one from its base; the body code stays unique (spec message), bad input
// names its field and writes nothing; 401, 403, another tenant's and an out-of-scope meter's 404.

import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { revalidateDirtyMeters } from '@waterops/gateway/src/services/reading/revalidate.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { addDays, chinaDay, dayStart, METER_BASE_PATHS, type MeterReplacement } from '@waterops/shared/reading';
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
let otherAdmin: string;
let recorder: TestUser;
let areaA: Area;
let areaB: Area;
let meter: number;
let neighbour: number;
const today = chinaDay(new Date());
const ago = (k: number) => addDays(today, -k);
const HOUR = 3_600_000;

const call = (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });

const newMeter = async (code: string, areaId: number) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: code, area_id: areaId, max_reading: 99999, base_reading: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

const meterRow = (id: number) =>
  t.app.db
    .selectFrom('water_meters')
    .select(['meter_code', 'base_reading', 'last_reading'])
    .select((eb) => eb.cast<string | null>('dirty_from', 'text').as('dirty'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const swapBody = (over: Record<string, unknown> = {}) => ({
  meterId: meter,
  replacedAt: new Date(dayStart(ago(3)).getTime() + 12 * HOUR).toISOString(),
  oldFinalReading: 511,
  newMeterCode: 'RPL-NEW',
  newBaseReading: 0,
  remark: '表坏了',
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  recorder = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRecordEdit]);
  const areas = (await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[];
  [areaA, areaB] = areas as [Area, Area];
  meter = await newMeter('RPL-OLD', areaA.id);
  neighbour = await newMeter('RPL-NEIGHBOUR', areaB.id);

  // 2 m³ a day on the old register for ten days up to 3 days ago (closing reads at 00:00); the swap is at noon
  // 3 days ago with 1 m³ more on the old register; the new one reads 1, 3, 5 at the following closings
  const reads: { at: Date; reading: number }[] = [];
  for (let k = 12; k >= 4; k--) reads.push({ at: dayStart(addDays(ago(k))), reading: 510 - 2 * (k - 4) });
  [1, 3, 5].forEach((reading, i) => {
    reads.push({ at: dayStart(addDays(ago(3 - i))), reading });
  });
  await ensureReadingPartitions(
    t.app.db,
    reads.map((r) => r.at),
  );
  await t.app.db
    .insertInto('meter_readings')
    .values(reads.map((r) => ({ company_id: companyId, meter_id: meter, read_at: r.at, reading: r.reading })))
    .execute();
  // as ingestion left it: last reported the old register's 510 at 00:00 three days ago (before the swap)
  await t.app.db
    .updateTable('water_meters')
    .set({ dirty_from: ago(12), last_reading: 510, last_report_at: dayStart(ago(3)) })
    .where('id', '=', meter)
    .execute();
  await revalidateDirtyMeters(t.app.db, { now: new Date() });
});
afterAll(async () => {
  await t?.close();
});

describe('a meter swap', () => {
  it('moves the point to the new body code and base, lists the swap, logs it and marks the series from its day', async () => {
    const res = await call('POST', METER_BASE_PATHS.replace, recorder.token, swapBody());
    expect(res.json(), res.body).toMatchObject({
      resp_code: 0,
      datas: { meterId: meter, oldMeterCode: 'RPL-OLD', newMeterCode: 'RPL-NEW', oldFinalReading: 511 },
    });
    const row = await meterRow(meter);
    expect(row.meter_code).toBe('RPL-NEW');
    expect(Number(row.base_reading)).toBe(0);
    // the meter has not reported since the swap: its last reading is the new register's base
    expect(Number(row.last_reading)).toBe(0);
    expect(row.dirty).toBe(ago(3));

    const list = await call('GET', `${METER_BASE_PATHS.replacements}?meterId=${meter}`, recorder.token);
    expect((list.json().datas as MeterReplacement[]).map((s) => [s.oldMeterCode, s.newMeterCode, s.remark])).toEqual([
      ['RPL-OLD', 'RPL-NEW', '表坏了'],
    ]);
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('operation', '=', 'meterReplace')
      .execute();
    expect(logged.map((l) => l.detail).join()).toContain('RPL-OLD');
  });

  it("counts the swap day's use across both registers once the series is recomputed", async () => {
    await revalidateDirtyMeters(t.app.db, { now: new Date() });
    const days = await t.app.db
      .selectFrom('reading_days')
      .select(['consumption', 'reading'])
      .select((eb) => eb.cast<string>('day', 'text').as('d'))
      .where('company_id', '=', companyId)
      .where('meter_id', '=', meter)
      .where('day', '>=', ago(4) as never)
      .orderBy('day')
      .execute();
    // the day before: 2 m³; the swap day: 1 on the old register + 1 on the new; then 2 a day on the new one
    expect(days.map((d) => [d.d, Number(d.consumption), Number(d.reading)])).toEqual([
      [ago(4), 2, 510],
      [ago(3), 2, 1],
      [ago(2), 2, 3],
      [ago(1), 2, 5],
    ]);
    expect((await meterRow(meter)).dirty).toBeNull();
  });

  it('refuses a body code another meter holds with the spec message, and bad input naming the field', async () => {
    const taken = await call('POST', METER_BASE_PATHS.replace, admin, swapBody({ newMeterCode: 'RPL-NEIGHBOUR' }));
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: zh('resource.meterCode.exists') });
    const takenEn = await call(
      'POST',
      METER_BASE_PATHS.replace,
      admin,
      swapBody({ newMeterCode: 'RPL-NEIGHBOUR' }),
      'en',
    );
    expect(takenEn.json().resp_msg).toBe(en('resource.meterCode.exists'));

    const future = await call(
      'POST',
      METER_BASE_PATHS.replace,
      admin,
      swapBody({ newMeterCode: 'RPL-3', replacedAt: new Date(Date.now() + 86_400_000).toISOString() }),
    );
    expect(future.json()).toMatchObject({
      resp_code: 400,
      field: 'replacedAt',
      resp_msg: zh('meterBase.replace.timeFuture'),
    });
    const blank = await call('POST', METER_BASE_PATHS.replace, admin, swapBody({ newMeterCode: '   ' }));
    expect(blank.json()).toMatchObject({ resp_code: 400, field: 'newMeterCode' });
    const negative = await call('POST', METER_BASE_PATHS.replace, admin, swapBody({ newBaseReading: -1 }));
    expect(negative.statusCode).toBe(400);
    expect((await meterRow(meter)).meter_code).toBe('RPL-NEW');
    const swaps = await t.app.db.selectFrom('meter_replacements').select('id').where('meter_id', '=', meter).execute();
    expect(swaps).toHaveLength(1);
  });
});

describe('access', () => {
  it('answers 401 without a token, 403 without the permission, 404 for another tenant or outside the data scope', async () => {
    const body = swapBody({ meterId: neighbour, newMeterCode: 'RPL-X' });
    expect((await call('POST', METER_BASE_PATHS.replace, undefined, body)).json()).toEqual(unauthorized);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRecordView]);
    expect((await call('POST', METER_BASE_PATHS.replace, viewer.token, body)).json()).toEqual(forbidden);
    expect((await call('GET', `${METER_BASE_PATHS.replacements}?meterId=${meter}`, viewer.token)).statusCode).toBe(200);
    expect((await call('POST', METER_BASE_PATHS.replace, otherAdmin, body)).json()).toEqual(notFound);
    expect((await call('GET', `${METER_BASE_PATHS.replacements}?meterId=${meter}`, otherAdmin)).json()).toEqual(
      notFound,
    );

    // the recorder limited to area A cannot swap the meter of area B
    const scoped = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: recorder.id,
      regionIds: [],
      areaIds: [areaA.id],
    });
    expect(scoped.json().resp_code, scoped.body).toBe(0);
    const token = await signIn(t.app, recorder.username, recorder.password);
    expect((await call('POST', METER_BASE_PATHS.replace, token, body)).json()).toEqual(notFound);
    // the latest swaps without a meter: the scoped recorder's area A swap, nothing for another tenant
    const latest = await call('GET', METER_BASE_PATHS.replacements, token);
    expect((latest.json().datas as MeterReplacement[]).map((r) => r.meterId)).toEqual([meter]);
    expect((await call('GET', METER_BASE_PATHS.replacements, otherAdmin)).json().datas).toEqual([]);
    expect((await meterRow(neighbour)).meter_code).toBe('RPL-NEIGHBOUR');
  });
});
