// SQL of the usage exceptions (用水异常): the alarms of the usage types on meters, with the meter's resident and area,
// and their handling state (alarms.handle_state: 0 pending, 1 confirmed, 2 dismissed). Bounded by company_id and the
// caller's data scope; a handling change takes a new change_seq like every change of an alarm (the feed's cursor).
import { USAGE_EXCEPTION_TYPES, type UseWaterExceptionQuery } from '@waterops/shared/monitoring';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;
// biome-ignore lint/suspicious/noExplicitAny: the scope condition is written on the alias `t` (resourceScope.ts).
type AnyDb = Kysely<any>;
const loose = (db: Db): AnyDb => db as unknown as AnyDb;

export type UsageExceptionRow = {
  id: string | number;
  alarm_type: string;
  level: string;
  source_id: string | number;
  source_code: string;
  meter_code: string | null;
  area_id: string | number | null;
  area_name: string | null;
  resident_id: string | number | null;
  resident_code: string | null;
  resident_name: string | null;
  value: string | null;
  threshold: string | null;
  active: boolean;
  acknowledged: boolean;
  raised_at: Date;
  cleared_at: Date | null;
  handle_state: number;
};

const usageAlarms = (db: Db, companyId: number, scope: readonly ScopePredicate[] | null) => {
  let q = loose(db)
    .selectFrom('alarms as t')
    .where('t.company_id', '=', companyId)
    .where('t.source_kind', '=', 'meter')
    .where('t.alarm_type', 'in', [...USAGE_EXCEPTION_TYPES]);
  if (scope !== null) q = q.where(scopeExpression(scope));
  return q;
};

/** One page of usage exceptions, newest first, and how many match. */
export const listUsageExceptions = async (
  db: Kysely<DB>,
  companyId: number,
  query: UseWaterExceptionQuery,
  window: { from: Date; to: Date },
  scope: readonly ScopePredicate[] | null,
): Promise<{ rows: UsageExceptionRow[]; count: number }> => {
  let q = usageAlarms(db, companyId, scope)
    .leftJoin('water_meters as m', (j) =>
      j.onRef('m.company_id', '=', 't.company_id').onRef('m.id', '=', 't.source_id'),
    )
    .where('t.raised_at', '>=', window.from)
    .where('t.raised_at', '<', window.to);
  if (query.areaId !== undefined) q = q.where('t.area_id', '=', query.areaId);
  if (query.alarmType !== undefined) q = q.where('t.alarm_type', '=', query.alarmType);
  if (query.handleState !== undefined) q = q.where('t.handle_state', '=', query.handleState);
  if (query.meterCode?.trim())
    q = q.where(sql<SqlBool>`starts_with(coalesce(m.meter_code, t.source_code), ${query.meterCode.trim()})`);
  const [rows, total] = await Promise.all([
    q
      .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
      // the resident the meter is bound to now (at most one open binding per meter)
      .leftJoin('resident_meters as rm', (j) =>
        j
          .onRef('rm.company_id', '=', 't.company_id')
          .onRef('rm.meter_id', '=', 't.source_id')
          .on('rm.unbound_at', 'is', null),
      )
      .leftJoin('residents as r', (j) =>
        j.onRef('r.company_id', '=', 'rm.company_id').onRef('r.id', '=', 'rm.resident_id'),
      )
      .select([
        't.id',
        't.alarm_type',
        't.level',
        't.source_id',
        't.source_code',
        'm.meter_code',
        't.area_id',
        'a.area_name',
        'r.id as resident_id',
        'r.resident_code',
        'r.resident_name',
        't.value',
        't.threshold',
        't.active',
        't.acknowledged',
        't.raised_at',
        't.cleared_at',
        't.handle_state',
      ])
      .orderBy('t.raised_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as UsageExceptionRow[], count: Number((total as { n?: unknown } | undefined)?.n ?? 0) };
};

/** The usage exceptions among `ids` the caller may handle, locked until the transaction ends: id → handle_state. */
export const lockUsageExceptions = async (
  tx: Transaction<DB>,
  companyId: number,
  ids: readonly number[],
  scope: readonly ScopePredicate[] | null,
): Promise<Map<number, { handleState: number; sourceCode: string }>> => {
  const rows = await usageAlarms(tx, companyId, scope)
    .where('t.id', 'in', [...ids])
    .select(['t.id', 't.handle_state', 't.source_code'])
    .forUpdate()
    .execute();
  return new Map(
    rows.map((r) => [Number(r.id), { handleState: Number(r.handle_state), sourceCode: String(r.source_code) }]),
  );
};

/** Sets the handling state of the tenant's alarms `ids`; each takes a new change_seq. */
export const setHandleState = async (
  tx: Transaction<DB>,
  companyId: number,
  ids: readonly number[],
  state: number,
  at: Date,
): Promise<number> => {
  const result = await sql`
    update alarms set handle_state = ${state}, updated_at = ${at}, change_seq = nextval('alarm_change_seq')
    where company_id = ${companyId} and id = any(${[...ids]}::bigint[])`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
};
