// SQL of the monitoring statistics over `alarms`: live alarms per type and level, alarms raised per China day and
// level, and the areas with most alarms. Every statement is bounded by the caller's company_id and data scope (the
// alarm's area; alarms without an area, such as a district's, are outside every limited scope).
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

// biome-ignore lint/suspicious/noExplicitAny: the scope condition is written on the alias `t` (resourceScope.ts).
type AnyDb = Kysely<any>;
const loose = (db: Kysely<DB>): AnyDb => db as unknown as AnyDb;

/** The China day (UTC+8, no daylight saving) of an instant column, 'YYYY-MM-DD'. */
const chinaDaySql = (column: string) =>
  sql<string>`to_char(((${sql.ref(column)} + interval '8 hours') at time zone 'UTC'), 'YYYY-MM-DD')`;

export type AlarmScope = { companyId: number; predicates: readonly ScopePredicate[] | null; areaId?: number };

const alarmsOf = (db: Kysely<DB>, s: AlarmScope) => {
  let q = loose(db).selectFrom('alarms as t').where('t.company_id', '=', s.companyId);
  if (s.predicates !== null) q = q.where(scopeExpression(s.predicates));
  if (s.areaId !== undefined) q = q.where('t.area_id', '=', s.areaId);
  return q;
};

export type TypeLevelCount = { alarmType: string; level: string; count: number };

/** Live alarms (active, or normal and unacknowledged), not suppressed, per type and level. */
export const liveAlarmCounts = async (db: Kysely<DB>, s: AlarmScope): Promise<TypeLevelCount[]> => {
  const rows = await alarmsOf(db, s)
    .where(sql<SqlBool>`(t.active or not t.acknowledged)`)
    .where('t.suppressed', '=', false)
    .select(['t.alarm_type', 't.level', sql<string>`count(*)`.as('n')])
    .groupBy(['t.alarm_type', 't.level'])
    .execute();
  return rows.map((r) => ({ alarmType: String(r.alarm_type), level: String(r.level), count: Number(r.n) }));
};

export type DayLevelCount = { day: string; level: string; count: number };

/** Alarms raised in [from, to) per China day and level (suppressed children included: each was raised). */
export const raisedPerDay = async (
  db: Kysely<DB>,
  s: AlarmScope,
  window: { from: Date; to: Date },
): Promise<DayLevelCount[]> => {
  const day = chinaDaySql('t.raised_at');
  const rows = await alarmsOf(db, s)
    .where('t.raised_at', '>=', window.from)
    .where('t.raised_at', '<', window.to)
    .select([day.as('day'), 't.level', sql<string>`count(*)`.as('n')])
    .groupBy([day, 't.level'])
    .execute();
  return rows.map((r) => ({ day: String(r.day), level: String(r.level), count: Number(r.n) }));
};

export type AreaLevelCount = { areaId: number; areaName: string; level: string; count: number };

/** Alarms raised in [from, to) per residential area and level, for the `limit` areas with most alarms. */
export const raisedPerArea = async (
  db: Kysely<DB>,
  s: AlarmScope,
  window: { from: Date; to: Date },
  limit: number,
): Promise<AreaLevelCount[]> => {
  const top = alarmsOf(db, s)
    .where('t.raised_at', '>=', window.from)
    .where('t.raised_at', '<', window.to)
    .where('t.area_id', 'is not', null)
    .select(['t.area_id', sql<string>`count(*)`.as('n')])
    .groupBy('t.area_id')
    .orderBy('n', 'desc')
    .orderBy('t.area_id')
    .limit(limit);
  const tops = await top.execute();
  if (tops.length === 0) return [];
  const ids = tops.map((r) => Number(r.area_id));
  const rows = await alarmsOf(db, s)
    .innerJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
    .where('t.raised_at', '>=', window.from)
    .where('t.raised_at', '<', window.to)
    .where('t.area_id', 'in', ids)
    .select(['t.area_id', 'a.area_name', 't.level', sql<string>`count(*)`.as('n')])
    .groupBy(['t.area_id', 'a.area_name', 't.level'])
    .execute();
  return rows.map((r) => ({
    areaId: Number(r.area_id),
    areaName: String(r.area_name),
    level: String(r.level),
    count: Number(r.n),
  }));
};
