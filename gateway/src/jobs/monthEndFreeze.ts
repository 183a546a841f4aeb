// The month-end freeze as a scheduled job: per tenant, a month is due once 00:00 China time of the tenant's freeze
// day in the next month has passed (param_configs meterFreeze/day, 1–28, default 1). Every due month since the
// tenant's first data without a job_runs row is frozen, oldest first, so a gateway that was down for months catches
// up in order. job_runs makes each (tenant, month) run once across instances, by the job or by hand.
import { addMonths, chinaMonth, dayStart } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.ts';
import { firstDataDay, freezeMonth } from '../services/reading/meterBase/freezeMonth.ts';
import { revalidateDirtyMeters } from '../services/reading/revalidate.ts';
import { type PeriodRun, runOncePerPeriod } from './jobScheduler.ts';

export const DEFAULT_FREEZE_DAY = 1;
export const MAX_FREEZE_DAY = 28;

/** The job_runs name of a tenant's freeze. */
export const freezeJobName = (companyId: number): string => `monthEndFreeze:${companyId}`;

/** The instant month `period` may be frozen: 00:00 China time of `freezeDay` in the next month. */
export const freezeDueAt = (period: string, freezeDay: number): Date =>
  dayStart(`${addMonths(period)}-${String(freezeDay).padStart(2, '0')}`);

/** Every month from the one holding `firstDay` whose freeze is due at `now`, oldest first. */
export const dueFreezePeriods = (firstDay: string | null, freezeDay: number, now: Date): string[] => {
  if (!firstDay) return [];
  const out: string[] = [];
  const current = chinaMonth(now);
  for (let m = firstDay.slice(0, 7); m < current && freezeDueAt(m, freezeDay) <= now; m = addMonths(m)) out.push(m);
  return out;
};

/** The tenant's freeze day: the enabled parameter meterFreeze/day when it is a whole number 1–28, else 1. */
export const tenantFreezeDay = async (db: Kysely<DB>, companyId: number): Promise<number> => {
  const row = await db
    .selectFrom('param_configs')
    .select('value')
    .where('company_id', '=', companyId)
    .where('key_type', '=', 'meterFreeze')
    .where('code', '=', 'day')
    .where('enabled', '=', true)
    .executeTakeFirst();
  const day = Number(row?.value?.trim());
  return Number.isInteger(day) && day >= 1 && day <= MAX_FREEZE_DAY ? day : DEFAULT_FREEZE_DAY;
};

/** Freezes one tenant's month once across instances (the job and the manual route share it). */
export const freezeOnce = (
  db: Kysely<DB>,
  companyId: number,
  period: string,
  instance: string,
  now: Date,
): Promise<PeriodRun<{ frozen: number }>> =>
  runOncePerPeriod(
    db,
    freezeJobName(companyId),
    period,
    instance,
    async () => ({ frozen: await freezeMonth(db, companyId, period, now) }),
    now,
  );

/**
 * For this long after a month's freeze, ticks add the bases of meters that had none then (their data arrived late:
 * a head-end's backfill, a concentrator catching up, a series still being validated). A base once written is never
 * changed by the job; after the window, late meters are the base check's and the import's business.
 */
export const FILL_IN_DAYS = 7;

/** The tenant's months frozen within FILL_IN_DAYS before `now`. */
const recentlyFrozen = async (db: Kysely<DB>, companyId: number, now: Date): Promise<string[]> =>
  (
    await db
      .selectFrom('job_runs')
      .select('period')
      .where('job', '=', freezeJobName(companyId))
      .where('finished_at', 'is not', null)
      .where('started_at', '>', new Date(now.getTime() - FILL_IN_DAYS * 86_400_000))
      .where('started_at', '<=', now)
      .orderBy('period')
      .execute()
  ).map((r) => r.period);

export type FreezeRunReport = { companyId: number; period: string; frozen: number; fillIn?: true }[];

/**
 * One tick: brings the daily series up to date, freezes every tenant's due months not frozen yet (oldest first),
 * then fills in the recently frozen months for meters whose validated data has arrived since.
 */
export const freezeDueMonths = async (db: Kysely<DB>, now: Date, instance: string): Promise<FreezeRunReport> => {
  await revalidateDirtyMeters(db, { now });
  const report: FreezeRunReport = [];
  const companies = await db.selectFrom('companies').select('id').orderBy('id').execute();
  for (const { id: companyId } of companies) {
    const due = dueFreezePeriods(await firstDataDay(db, companyId), await tenantFreezeDay(db, companyId), now);
    // a month already run is a conflicting insert that changes nothing; a crashed run is taken over (job_runs)
    for (const period of due) {
      const run = await freezeOnce(db, companyId, period, instance, now);
      if (run.ran) report.push({ companyId, period, frozen: run.detail.frozen });
    }
    for (const period of await recentlyFrozen(db, companyId, now)) {
      if (report.some((r) => r.companyId === companyId && r.period === period)) continue;
      const frozen = await freezeMonth(db, companyId, period, now);
      if (frozen > 0) report.push({ companyId, period, frozen, fillIn: true });
    }
  }
  return report;
};
