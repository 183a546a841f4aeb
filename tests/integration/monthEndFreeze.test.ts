// The month-end freeze on real data: raw register reads go in as ingestion stores them, the validation (VEE)
// builds the daily series, and the freeze turns last month into bases. A register rolling over at its max reading
// and a meter swapped mid-month still give the month's true use; a meter whose reads stopped before the month's end
// gets an estimated end ('E'); a meter on the reading-sync blacklist gets no base; a meter still being validated
// waits for a later run.
import { freezeMonth, lastDayOf } from '@waterops/gateway/src/services/reading/meterBase/freezeMonth.ts';
import { ensureReadingPartitions } from '@waterops/gateway/src/services/reading/readingPartitions.ts';
import { revalidateDirtyMeters } from '@waterops/gateway/src/services/reading/revalidate.ts';
import { advanceRegister } from '@waterops/gateway/src/services/reading/vee/consumption.ts';
import { addDays, addMonths, chinaMonth, dayStart, daysBetween } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
const now = new Date();
/** last month (frozen here) and the month before (history) */
const P = addMonths(chinaMonth(now), -1);
const Q = addMonths(P, -1);
const days = daysBetween(`${Q}-01`, lastDayOf(P));
const daysInP = days.filter((d) => d.startsWith(P)).length;
const HOUR = 3_600_000;

const newMeter = async (code: string, maxReading: number | null = 9999) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: code, max_reading: maxReading, base_reading: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Raw reads as ingestion stores them, and the meter marked for validation from the first one's day. */
const ingest = async (meterId: number, reads: { at: Date; reading: number }[]) => {
  const rows = reads.map((r) => ({ company_id: companyId, meter_id: meterId, read_at: r.at, reading: r.reading }));
  await ensureReadingPartitions(
    t.app.db,
    rows.map((r) => r.read_at),
  );
  await t.app.db.insertInto('meter_readings').values(rows).execute();
  await t.app.db
    .updateTable('water_meters')
    .set({ dirty_from: days[0] })
    .where('company_id', '=', companyId)
    .where('id', '=', meterId)
    .execute();
};

/** A day's closing read: 00:00 China time of the next day (a concentrator's daily freeze). */
const closing = (day: string) => dayStart(addDays(day));

const baseOf = async (meterId: number) =>
  t.app.db
    .selectFrom('meter_bases')
    .select(['start_reading', 'end_reading', 'consumption', 'quality', 'source'])
    .where('company_id', '=', companyId)
    .where('meter_id', '=', meterId)
    .where('period', '=', P)
    .executeTakeFirst();

let rolling: number;
let swapped: number;
let silent: number;
let blacklisted: number;
const expected = { rollingEnd: 0, rollingStart: 0, swappedEnd: 0 };

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);

  // 10 m³ a day from 9,500 on a 9,999 register: it rolls over during last month
  rolling = await newMeter('FRZ-ROLL');
  let reg = 9500;
  const rollingReads = days.map((day) => {
    reg = advanceRegister(reg, 10, 9999);
    if (day === lastDayOf(Q)) expected.rollingStart = reg;
    return { at: closing(day), reading: reg };
  });
  expected.rollingEnd = reg;
  await ingest(rolling, rollingReads);

  // 2 m³ a day; on the 15th at noon the meter is swapped (old final = that morning's read + 1, new base 0)
  swapped = await newMeter('FRZ-SWAP');
  const swapDay = `${P}-15`;
  const swapAt = new Date(dayStart(swapDay).getTime() + 12 * HOUR);
  let old = 100;
  let fresh = 0;
  const swappedReads: { at: Date; reading: number }[] = [];
  for (const day of days) {
    if (day < swapDay) {
      old += 2;
      swappedReads.push({ at: closing(day), reading: old });
    } else {
      // the swap day: 1 m³ on the old register before noon, 1 m³ on the new one after
      fresh += day === swapDay ? 1 : 2;
      swappedReads.push({ at: closing(day), reading: fresh });
    }
  }
  expected.swappedEnd = fresh;
  await ingest(swapped, swappedReads);
  await t.app.db
    .insertInto('meter_replacements')
    .values({
      company_id: companyId,
      meter_id: swapped,
      replaced_at: swapAt,
      old_meter_code: 'FRZ-SWAP-OLD',
      old_final_reading: old + 1,
      new_meter_code: 'FRZ-SWAP',
      new_base_reading: 0,
    })
    .execute();

  // 1 m³ a day, silent for the last five days of the month
  silent = await newMeter('FRZ-SILENT', null);
  await ingest(
    silent,
    days.slice(0, -5).map((day, i) => ({ at: closing(day), reading: 50 + i })),
  );

  blacklisted = await newMeter('FRZ-BLACK', null);
  await ingest(
    blacklisted,
    days.map((day, i) => ({ at: closing(day), reading: i })),
  );
  await t.app.db
    .insertInto('device_blacklists')
    .values({ company_id: companyId, list_kind: 2, device_kind: 3, device_id: blacklisted, device_code: 'FRZ-BLACK' })
    .execute();

  await revalidateDirtyMeters(t.app.db, { now });
  await freezeMonth(t.app.db, companyId, P, now);
});
afterAll(async () => {
  await t?.close();
});

describe('the month-end freeze', () => {
  it('counts the use of a month across a register rollover', async () => {
    const base = await baseOf(rolling);
    expect(base).toBeDefined();
    expect(Number(base?.consumption)).toBe(10 * daysInP);
    expect(Number(base?.start_reading)).toBe(expected.rollingStart);
    expect(Number(base?.end_reading)).toBe(expected.rollingEnd);
    // the end is below the start: the register wrapped, the use did not go negative
    expect(Number(base?.end_reading)).toBeLessThan(Number(base?.start_reading));
    expect(base?.quality.trim()).toBe('A');
  });

  it('counts the use of a month across a meter swap', async () => {
    const base = await baseOf(swapped);
    expect(Number(base?.consumption)).toBe(2 * daysInP);
    expect(Number(base?.end_reading)).toBe(expected.swappedEnd);
  });

  it('marks an end the meter did not report as estimated', async () => {
    const base = await baseOf(silent);
    expect(base?.quality.trim()).toBe('E');
    expect(Number(base?.consumption)).toBeGreaterThan(daysInP - 1);
  });

  it('skips a meter on the reading-sync blacklist, and a second freeze adds nothing', async () => {
    expect(await baseOf(blacklisted)).toBeUndefined();
    expect(await freezeMonth(t.app.db, companyId, P, now)).toBe(0);
  });

  it('leaves out a meter whose month is not validated yet, and adds it once it is (fill-in)', async () => {
    const pending = await newMeter('FRZ-PENDING', null);
    await t.app.db
      .insertInto('reading_days')
      .values(
        days.map((day, i) => ({
          company_id: companyId,
          meter_id: pending,
          day,
          reading: i,
          consumption: 1,
          quality: 'A',
        })),
      )
      .execute();
    await t.app.db
      .updateTable('water_meters')
      .set({ dirty_from: `${P}-20` })
      .where('id', '=', pending)
      .execute();
    expect(await freezeMonth(t.app.db, companyId, P, now)).toBe(0);
    await t.app.db.updateTable('water_meters').set({ dirty_from: null }).where('id', '=', pending).execute();
    expect(await freezeMonth(t.app.db, companyId, P, now)).toBe(1);
    expect(Number((await baseOf(pending))?.consumption)).toBe(daysInP);
  });
});
