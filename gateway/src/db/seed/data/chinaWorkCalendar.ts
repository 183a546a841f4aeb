// China's official working calendar as published by the State Council's General Office each November for the next
// year: public holidays and the make-up working days (调休) on weekends. A new tenant starts with the years known here;
// later years are entered or imported on the 工作日历 page. Migration 0018 holds its own frozen copy of 2026.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../tables.ts';

/** [from, to, kind, name]: 2026 (国务院办公厅关于2026年部分节假日安排的通知). */
export const CHINA_WORK_CALENDAR: readonly [string, string, 'holiday' | 'workday', string][] = [
  ['2026-01-01', '2026-01-03', 'holiday', '元旦'],
  ['2026-01-04', '2026-01-04', 'workday', '元旦调休'],
  ['2026-02-14', '2026-02-14', 'workday', '春节调休'],
  ['2026-02-15', '2026-02-23', 'holiday', '春节'],
  ['2026-02-28', '2026-02-28', 'workday', '春节调休'],
  ['2026-04-04', '2026-04-06', 'holiday', '清明节'],
  ['2026-05-01', '2026-05-05', 'holiday', '劳动节'],
  ['2026-05-09', '2026-05-09', 'workday', '劳动节调休'],
  ['2026-06-19', '2026-06-21', 'holiday', '端午节'],
  ['2026-09-20', '2026-09-20', 'workday', '国庆节调休'],
  ['2026-09-25', '2026-09-27', 'holiday', '中秋节'],
  ['2026-10-01', '2026-10-07', 'holiday', '国庆节'],
  ['2026-10-10', '2026-10-10', 'workday', '国庆节调休'],
];

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Every day of the calendar above, as rows of a tenant. */
export const calendarRows = (companyId: number) =>
  CHINA_WORK_CALENDAR.flatMap(([from, to, kind, name]) => {
    const rows: { company_id: number; day: string; kind: string; name: string }[] = [];
    for (let day = from; day <= to; day = nextDay(day)) rows.push({ company_id: companyId, day, kind, name });
    return rows;
  });

export const seedWorkCalendar = async (db: Kysely<DB> | Transaction<DB>, companyId: number): Promise<void> => {
  await db
    .insertInto('work_calendar_days')
    .values(calendarRows(companyId))
    .onConflict((oc) => oc.columns(['company_id', 'day']).doNothing())
    .execute();
};
