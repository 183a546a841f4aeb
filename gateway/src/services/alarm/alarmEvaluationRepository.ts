// The set-based heart of the alarm engine. An evaluation names a SCOPE (alarm types × one source kind × all sources
// of the tenant or a list of ids) and the CONDITIONS that hold now inside it (rows of the per-transaction temp table
// alarm_eval: source, level, value, limit, and the parent device whose offline alarm it hangs under). Every source of
// the scope without a condition is normal. A handful of statements then apply, to the whole set at once, what
// rules/onOffDelay.ts does for one source: raise after the on-delay (alarm_pending), clear after the off-delay
// (normal_since), re-raise a returned-to-normal alarm nobody acknowledged yet, follow the level up and down, and hang
// children under their parent (suppressed) or take them off again. A parent that clears takes its children along.
// Every change takes a new change_seq and writes an alarm_events row (a level change: 'levelChanged' with the level
// before and after, the value and the limit; alarmTransitions.ts levelChangeOf is the rule).
//
// Writes of one tenant are serialized by a transaction-scoped advisory lock (alarmLock), so change_seq order is
// commit order within a tenant: a feed reader that saw seq N has seen every earlier change of that tenant.
import type { AlarmLevel, AlarmSourceKind, AlarmType, DelayRule } from '@waterops/shared/monitoring';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Tx = Transaction<DB>;

/** The advisory lock class of alarm writes (jobScheduler uses 72014, readingPartitions 72013). */
const ALARM_LOCK_CLASS = 72_015;

/** Serializes the alarm writes of one tenant until the transaction ends. */
export const alarmLock = async (tx: Tx, companyId: number): Promise<void> => {
  await sql`select pg_advisory_xact_lock(${ALARM_LOCK_CLASS}, ${companyId}::int)`.execute(tx);
};

/** One condition that holds now (a row of alarm_eval). */
export type Condition = {
  alarmType: AlarmType;
  sourceKind: AlarmSourceKind;
  sourceId: number;
  sourceCode: string;
  areaId: number | null;
  level: AlarmLevel;
  value: number | null;
  threshold: number | null;
  /** the device whose `offline` alarm this one hangs under while that device is offline */
  parentKind?: AlarmSourceKind | null;
  parentId?: number | null;
};

export type EvaluationScope = {
  types: readonly AlarmType[];
  sourceKind: AlarmSourceKind;
  /** null: every source of the kind in the tenant */
  sourceIds: readonly number[] | null;
};

export type EvaluationResult = {
  raised: number;
  reraised: number;
  cleared: number;
  /** active alarms moved to another level */
  levelChanged: number;
};

/** Nothing changed. */
export const noChange = (): EvaluationResult => ({ raised: 0, reraised: 0, cleared: 0, levelChanged: 0 });

const createEval = (tx: Tx) =>
  sql`
    create temp table if not exists alarm_eval (
      alarm_type text not null, source_kind text not null, source_id bigint not null, source_code text not null,
      area_id bigint, level text not null, value numeric, threshold numeric, parent_kind text, parent_id bigint
    ) on commit delete rows`.execute(tx);

/** Fills alarm_eval from a SELECT of its ten columns, in order (the set-based producers: offline, ingestion). */
export const loadConditionsFromSql = async (tx: Tx, select: RawBuilder<unknown>): Promise<number> => {
  await createEval(tx);
  const r = await sql`insert into alarm_eval ${select}`.execute(tx);
  const n = Number(r.numAffectedRows ?? 0n);
  // a temp table has no statistics: without them a large set gets nested-loop plans
  if (n > 1000) await sql`analyze alarm_eval`.execute(tx);
  return n;
};

/** Fills alarm_eval from rows computed in code (usage rules, the night-flow hook). */
export const loadConditions = async (tx: Tx, rows: readonly Condition[]): Promise<number> =>
  loadConditionsFromSql(
    tx,
    sql`select * from unnest(
      ${rows.map((r) => r.alarmType)}::text[], ${rows.map((r) => r.sourceKind)}::text[],
      ${rows.map((r) => r.sourceId)}::bigint[], ${rows.map((r) => r.sourceCode)}::text[],
      ${rows.map((r) => r.areaId)}::bigint[], ${rows.map((r) => r.level)}::text[],
      ${rows.map((r) => (r.value === null ? null : String(r.value)))}::numeric[],
      ${rows.map((r) => (r.threshold === null ? null : String(r.threshold)))}::numeric[],
      ${rows.map((r) => r.parentKind ?? null)}::text[], ${rows.map((r) => r.parentId ?? null)}::bigint[])`,
  );

/** Whether anything could change: a condition, or a live alarm or pending condition inside the scope. */
export const scopeHasWork = async (tx: Tx, companyId: number, scope: EvaluationScope): Promise<boolean> => {
  const r = await sql<{ work: boolean }>`
    select exists (select 1 from alarm_eval)
      or exists (select 1 from alarms a where a.company_id = ${companyId} and (a.active or not a.acknowledged)
                 and ${inScope('a', scope)})
      or exists (select 1 from alarm_pending a where a.company_id = ${companyId} and ${inScope('a', scope)}) as work`.execute(
    tx,
  );
  return r.rows[0]?.work === true;
};

const inScope = (alias: string, s: EvaluationScope) => {
  const a = sql.ref(alias);
  const ids = s.sourceIds === null ? sql`true` : sql`${a}.source_id = any(${[...s.sourceIds]}::bigint[])`;
  return sql`${a}.alarm_type = any(${[...s.types]}::text[]) and ${a}.source_kind = ${s.sourceKind} and ${ids}`;
};

const matches = (alias: string) => {
  const a = sql.ref(alias);
  return sql`e.alarm_type = ${a}.alarm_type and e.source_kind = ${a}.source_kind and e.source_id = ${a}.source_id`;
};

const nextSeq = sql`nextval('alarm_change_seq')`;

const count = async (r: Promise<{ rows: { n: number | string }[] }>) => Number((await r).rows[0]?.n ?? 0);

/**
 * Applies the conditions in alarm_eval to the alarms of the scope at `now` (call inside a transaction that holds
 * alarmLock, after loading the conditions).
 */
export const applyConditions = async (
  tx: Tx,
  companyId: number,
  scope: EvaluationScope,
  now: Date,
  delay: DelayRule,
): Promise<EvaluationResult> => {
  const at = now.toISOString();
  const offCut = new Date(now.getTime() - delay.offDelaySeconds * 1000).toISOString();
  const onCut = new Date(now.getTime() - delay.onDelaySeconds * 1000).toISOString();
  const cid = companyId;

  // ── the normal side: sources of the scope without a condition ──
  await sql`
    update alarms a set normal_since = ${at}::timestamptz
    where a.company_id = ${cid} and a.active and a.normal_since is null and ${inScope('a', scope)}
      and not exists (select 1 from alarm_eval e where ${matches('a')})`.execute(tx);
  const cleared = await count(
    sql<{ n: number }>`
      with c as (
        update alarms a set active = false, cleared_at = ${at}::timestamptz, normal_since = null,
          change_seq = ${nextSeq}, updated_at = ${at}::timestamptz
        where a.company_id = ${cid} and a.active and a.normal_since <= ${offCut}::timestamptz and ${inScope('a', scope)}
          and not exists (select 1 from alarm_eval e where ${matches('a')})
        returning a.id),
      -- a parent that returns to normal takes its children along (the concentrator is back, so are its meters)
      k as (
        update alarms a set active = false, cleared_at = ${at}::timestamptz, normal_since = null,
          change_seq = ${nextSeq}, updated_at = ${at}::timestamptz
        where a.company_id = ${cid} and a.active and a.parent_id in (select id from c)
        returning a.id),
      ev as (
        insert into alarm_events (company_id, alarm_id, action, at)
        select ${cid}, id, 'cleared', ${at}::timestamptz from (select id from c union all select id from k) x)
      select count(*) as n from c`.execute(tx),
  );
  await sql`
    delete from alarm_pending a where a.company_id = ${cid} and ${inScope('a', scope)}
      and not exists (select 1 from alarm_eval e where ${matches('a')})`.execute(tx);

  // ── the condition side ──
  // an active alarm whose condition holds: back from the off-delay, and following the level up or down, each move
  // an event with the level it left (`o`, the row before this update) and the value and limit that moved it. The
  // same level with only a new value changes nothing, as levelChangeOf says: no event, the raise's value kept.
  const levelChanged = await count(
    sql<{ n: number }>`
      with l as (
        update alarms a set level = e.level, value = e.value, threshold = e.threshold, normal_since = null,
          change_seq = ${nextSeq}, updated_at = ${at}::timestamptz
        from alarm_eval e, alarms o
        where a.company_id = ${cid} and a.active and ${matches('a')} and a.level <> e.level
          and o.company_id = a.company_id and o.id = a.id
        returning a.id, o.level as from_level, a.level as to_level, a.value, a.threshold),
      ev as (
        insert into alarm_events (company_id, alarm_id, action, at, from_level, to_level, value, threshold)
        select ${cid}, id, 'levelChanged', ${at}::timestamptz, from_level, to_level, value, threshold from l)
      select count(*) as n from l`.execute(tx),
  );
  await sql`
    update alarms a set normal_since = null
    from alarm_eval e
    where a.company_id = ${cid} and a.active and ${matches('a')} and a.normal_since is not null`.execute(tx);
  // not active: the condition waits out the on-delay (pending_since is kept from its first sighting)
  await sql`
    insert into alarm_pending (company_id, alarm_type, source_kind, source_id, pending_since)
    select ${cid}, e.alarm_type, e.source_kind, e.source_id, ${at}::timestamptz from alarm_eval e
    where not exists (select 1 from alarms a where a.company_id = ${cid} and a.active and ${matches('a')})
    on conflict do nothing`.execute(tx);
  const ready = sql`
    exists (select 1 from alarm_pending p where p.company_id = ${cid} and p.alarm_type = e.alarm_type
            and p.source_kind = e.source_kind and p.source_id = e.source_id and p.pending_since <= ${onCut}::timestamptz)`;
  // returned to normal but not acknowledged: the same alarm sounds again
  const reraised = await count(
    sql<{ n: number }>`
      with r as (
        update alarms a set active = true, cleared_at = null, raised_at = ${at}::timestamptz, level = e.level,
          value = e.value, threshold = e.threshold, normal_since = null, change_seq = ${nextSeq},
          updated_at = ${at}::timestamptz
        from alarm_eval e
        where a.company_id = ${cid} and not a.active and not a.acknowledged and ${matches('a')} and ${ready}
        returning a.id),
      ev as (insert into alarm_events (company_id, alarm_id, action, at) select ${cid}, id, 'reraised', ${at}::timestamptz from r)
      select count(*) as n from r`.execute(tx),
  );
  const raised = await count(
    sql<{ n: number }>`
      with n as (
        insert into alarms (company_id, alarm_type, level, source_kind, source_id, source_code, area_id, value,
          threshold, active, acknowledged, raised_at, updated_at)
        select ${cid}, e.alarm_type, e.level, e.source_kind, e.source_id, e.source_code, e.area_id, e.value,
          e.threshold, true, false, ${at}::timestamptz, ${at}::timestamptz
        from alarm_eval e
        where ${ready}
          and not exists (select 1 from alarms a where a.company_id = ${cid} and (a.active or not a.acknowledged)
                          and ${matches('a')})
        returning id),
      ev as (insert into alarm_events (company_id, alarm_id, action, at) select ${cid}, id, 'raised', ${at}::timestamptz from n)
      select count(*) as n from n`.execute(tx),
  );
  await sql`
    delete from alarm_pending p using alarm_eval e
    where p.company_id = ${cid} and ${matches('p')} and p.pending_since <= ${onCut}::timestamptz`.execute(tx);

  // ── topology: hang active alarms under their parent's active offline alarm, or take them off ──
  await sql`
    with l as (
      update alarms a set parent_id = p.id, suppressed = true, change_seq = ${nextSeq}, updated_at = ${at}::timestamptz
      from alarm_eval e
      join alarms p on p.company_id = ${cid} and p.alarm_type = 'offline' and p.source_kind = e.parent_kind
        and p.source_id = e.parent_id and p.active
      where a.company_id = ${cid} and a.active and ${matches('a')} and e.parent_id is not null
        and (a.parent_id is distinct from p.id or not a.suppressed)
      returning a.id)
    insert into alarm_events (company_id, alarm_id, action, at) select ${cid}, id, 'suppressed', ${at}::timestamptz from l`.execute(
    tx,
  );
  await sql`
    update alarms a set parent_id = null, suppressed = false, change_seq = ${nextSeq}, updated_at = ${at}::timestamptz
    from alarm_eval e
    where a.company_id = ${cid} and a.active and ${matches('a')} and a.parent_id is not null
      and not exists (select 1 from alarms p where p.company_id = ${cid} and p.id = a.parent_id and p.active
                      and p.alarm_type = 'offline' and p.source_kind = e.parent_kind and p.source_id = e.parent_id)`.execute(
    tx,
  );
  return { raised, reraised, cleared, levelChanged };
};

/** One whole evaluation in its own transaction: load the conditions, and apply them when anything could change. */
export const evaluate = async (
  db: Kysely<DB>,
  companyId: number,
  scope: EvaluationScope,
  load: (tx: Tx) => Promise<unknown>,
  now: Date,
  delay: DelayRule,
): Promise<EvaluationResult> =>
  db.transaction().execute(async (tx) => {
    await load(tx);
    if (!(await scopeHasWork(tx, companyId, scope))) return noChange();
    await alarmLock(tx, companyId);
    return applyConditions(tx, companyId, scope, now, delay);
  });
