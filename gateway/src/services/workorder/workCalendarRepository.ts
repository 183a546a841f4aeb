// SQL of the work calendar: a tenant's public holidays and make-up working days (调休) of a year, read and replaced
// whole (the page saves a year at a time; an import replaces or merges on the page before saving).
import type { CalendarDay } from '@waterops/shared/workorder';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

const bounds = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const;

/** The year's days, in order. */
export const calendarDays = async (db: Db, companyId: number, year: number): Promise<CalendarDay[]> => {
  const [from, to] = bounds(year);
  const rows = await db
    .selectFrom('work_calendar_days')
    .select([sql<string>`day::text`.as('day'), 'kind', 'name'])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind === 'workday' ? 'workday' : 'holiday', name: r.name }));
};

/** Replaces the year's days with these (checked: real days of that year, each once). */
export const replaceCalendarDays = async (
  tx: Transaction<DB>,
  companyId: number,
  year: number,
  days: readonly CalendarDay[],
): Promise<void> => {
  const [from, to] = bounds(year);
  await tx
    .deleteFrom('work_calendar_days')
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  if (days.length === 0) return;
  await tx
    .insertInto('work_calendar_days')
    .values(days.map((d) => ({ company_id: companyId, day: d.day, kind: d.kind, name: d.name })))
    .execute();
};
