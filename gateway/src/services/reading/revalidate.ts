// Recomputes the validated daily series (reading_days) of meters: the dirty ones (ingestion marks the earliest day
// late or new data touched; a job runs revalidateDirtyMeters every 30 s) and a chosen set for the data check page.
// Validation works on day-end registers: the last raw read of each China day, counted with its day's reads.
// History comes from what was already validated (the days before as reads, estimates left out) so a day's
// rules see the meter's habits without reloading weeks of raw data; a meter without validated history starts
// at its last raw read before. Days from the last actual one before are recomputed too, so trailing estimates
// become interpolations once the meter is heard again.
import { addDays, chinaDay, dayStart, type RuleCode } from '@waterops/shared/reading';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { runOncePerPeriod } from '../../jobs/jobScheduler.ts';
import {
  clearDirty,
  dailyLastReads,
  dirtyCompanies,
  lastActualDays,
  lastReadsBefore,
  lockDirtyMeters,
  type MeterDay,
  markAllDirtyFrom,
  replacementsOf,
  upsertReadingDays,
  validatedDays,
} from './readingDaysRepository.ts';
import { dailySeries, type RawRead } from './vee/dailySeries.ts';
import { HISTORY_DAYS } from './vee/validationRules.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Meters validated per transaction. */
export const CHUNK_METERS = 500;
/** Validated days loaded as history before the first day recomputed (the rules look back HISTORY_DAYS). */
export const CONTEXT_DAYS = HISTORY_DAYS + 5;
/**
 * How far back a meter heard again after a silence is recomputed (its estimated days become interpolations);
 * beyond, the last actual day only serves as the origin.
 */
export const MAX_REWIND_DAYS = 93;

/** A meter to recompute from a day on. */
export type MeterTask = { id: number; maxReading: number | null; from: string };

const minDay = (days: string[]): string => days.reduce((a, b) => (b < a ? b : a));
const maxDay = (days: string[]): string => days.reduce((a, b) => (b > a ? b : a));

/**
 * The daily values of a chunk of one company's meters from each one's `from` (or the day after its last actual
 * day before, when that is within MAX_REWIND_DAYS) to `to`, as of `now`.
 */
export const computeMeters = async (
  db: Db,
  companyId: number,
  tasks: MeterTask[],
  to: string,
  now: Date,
): Promise<MeterDay[]> => {
  if (tasks.length === 0) return [];
  const ids = tasks.map((t) => t.id);
  const lastActual = await lastActualDays(
    db,
    companyId,
    tasks.map((t) => ({ id: t.id, before: t.from })),
  );
  const plans = tasks.map((t) => {
    const actual = lastActual.get(t.id);
    const rewind = actual && actual.day >= addDays(t.from, -MAX_REWIND_DAYS);
    return { task: t, actual, start: rewind ? addDays(actual.day, 1) : t.from };
  });
  const starts = plans.map((p) => p.start);
  const history = await validatedDays(
    db,
    companyId,
    ids,
    addDays(minDay(starts), -CONTEXT_DAYS),
    addDays(maxDay(starts), -1),
  );
  // a meter never validated on reads starts at its last raw read before
  const openings = await lastReadsBefore(
    db,
    companyId,
    plans.filter((p) => !p.actual).map((p) => ({ id: p.task.id, before: dayStart(p.start) })),
  );
  const end = new Date(Math.min(now.getTime(), dayStart(addDays(to, 1)).getTime()));
  const raw = await dailyLastReads(
    db,
    companyId,
    plans.map((p) => ({ id: p.task.id, from: dayStart(p.start) })),
    end,
  );
  const replacements = await replacementsOf(db, companyId, ids);

  const out: MeterDay[] = [];
  for (const { task, actual, start } of plans) {
    if (start > to) continue;
    const earlier = (history.get(task.id) ?? []).filter((d) => d.day < start && d.day >= addDays(start, -CONTEXT_DAYS));
    // a validated day's register stands for the read that closed it
    const closed = (d: { day: string; reading: number }): RawRead => ({
      at: dayStart(addDays(d.day, 1)),
      reading: d.reading,
    });
    const origin = earlier.length ? [] : actual ? [closed(actual)] : [openings.get(task.id)].filter((r) => r != null);
    const reads: RawRead[] = [...earlier.map(closed), ...origin, ...(raw.get(task.id) ?? [])];
    const days = dailySeries({
      meter: { maxReading: task.maxReading },
      reads,
      replacements: replacements.get(task.id) ?? [],
      from: start,
      to,
      now,
    });
    for (const d of days) out.push({ ...d, meterId: task.id });
  }
  return out;
};

export type RevalidateResult = { meters: number; days: number };

/**
 * Validates every meter marked dirty, company by company, CHUNK_METERS per transaction (locked, skipping meters
 * another instance holds), up to `limit` meters per call, and clears each mark if it did not move meanwhile.
 */
export const revalidateDirtyMeters = async (
  db: Kysely<DB>,
  { now, limit = 20_000 }: { now: Date; limit?: number },
): Promise<RevalidateResult> => {
  const total: RevalidateResult = { meters: 0, days: 0 };
  const today = chinaDay(now);
  for (const companyId of await dirtyCompanies(db)) {
    while (total.meters < limit) {
      const done = await db.transaction().execute(async (tx) => {
        const meters = await lockDirtyMeters(tx, companyId, Math.min(CHUNK_METERS, limit - total.meters));
        const days = await computeMeters(
          tx,
          companyId,
          meters.map((m) => ({ id: m.id, maxReading: m.maxReading, from: m.dirtyFrom })),
          today,
          now,
        );
        await upsertReadingDays(tx, companyId, days, now);
        await clearDirty(tx, companyId, meters);
        return { meters: meters.length, days: days.length };
      });
      total.meters += done.meters;
      total.days += done.days;
      if (done.meters < CHUNK_METERS) break;
    }
  }
  return total;
};

/** What a data check found: per rule and per quality, over the days it recomputed. */
export type CheckCounts = {
  meters: number;
  days: number;
  rules: Partial<Record<RuleCode, number>>;
  qualities: { A: number; E: number; S: number };
};

/**
 * Recomputes the days [from, to] (to at most today) of the given meters of a company (ids checked by the caller)
 * and counts what the rules found in that window.
 */
export const revalidateMeters = async (
  db: Kysely<DB>,
  companyId: number,
  meters: { id: number; maxReading: number | null }[],
  from: string,
  to: string,
  now: Date,
): Promise<CheckCounts> => {
  const last = to < chinaDay(now) ? to : chinaDay(now);
  const counts: CheckCounts = { meters: meters.length, days: 0, rules: {}, qualities: { A: 0, E: 0, S: 0 } };
  for (let i = 0; i < meters.length; i += CHUNK_METERS) {
    const chunk = meters.slice(i, i + CHUNK_METERS).map((m) => ({ ...m, from }));
    const days = await computeMeters(db, companyId, chunk, last, now);
    await upsertReadingDays(db, companyId, days, now);
    for (const d of days) {
      if (d.day < from) continue;
      counts.days++;
      counts.qualities[d.quality]++;
      if (d.rule) counts.rules[d.rule] = (counts.rules[d.rule] ?? 0) + 1;
    }
  }
  return counts;
};

/**
 * Once per China day, on the first call after midnight and exactly once across instances (job_runs): every meter
 * that ever reported is marked dirty from yesterday, so a day on which a meter sent nothing gets its estimate and
 * its gap flag (ingestion only marks meters that send). The next revalidation does the work.
 */
export const sweepYesterday = async (db: Kysely<DB>, now: Date, instance: string): Promise<number | null> => {
  const yesterday = addDays(chinaDay(now), -1);
  const run = await runOncePerPeriod(db, 'veeSweep', yesterday, instance, () => markAllDirtyFrom(db, yesterday), now);
  return run.ran ? run.detail : null;
};
