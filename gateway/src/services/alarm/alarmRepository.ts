// SQL of the alarm console: the paged list and its ETag, the change feed, events, children, the operator's
// transitions (acknowledge, shelve, unshelve; bulk; the WHERE clauses are alarmTransitions.canApply) and the
// auto-unshelve at expiry, each with its alarm_events rows and a new change_seq under the tenant's alarm lock.
import {
  type Alarm,
  type AlarmBadActor,
  type AlarmEvent,
  type AlarmLevel,
  type AlarmListQuery,
  type AlarmState,
  CHATTER_PER_HOUR,
} from '@waterops/shared/monitoring';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';
import { alarmLock } from './alarmEvaluationRepository.ts';

type Db = Kysely<DB> | Transaction<DB>;
/** The caller's data scope over alarms.area_id: null = unrestricted, [] = nothing. */
export type AlarmScope = readonly ScopePredicate[] | null;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

type Row = {
  id: number;
  alarm_type: string;
  level: string;
  source_kind: string;
  source_id: number;
  source_code: string;
  area_id: number | null;
  area_name: string | null;
  value: string | null;
  threshold: string | null;
  active: boolean;
  acknowledged: boolean;
  shelved_until: Date | null;
  shelve_reason: string | null;
  shelved_by: string | null;
  parent_id: number | null;
  suppressed: boolean;
  child_count: number | string;
  raised_at: Date;
  cleared_at: Date | null;
  ack_at: Date | null;
  ack_by: string | null;
  ack_comment: string | null;
  updated_at: Date;
};

export const toAlarm = (r: Row): Alarm => ({
  id: Number(r.id),
  alarmType: r.alarm_type as Alarm['alarmType'],
  level: r.level as Alarm['level'],
  sourceKind: r.source_kind as Alarm['sourceKind'],
  sourceId: Number(r.source_id),
  sourceCode: r.source_code,
  areaId: r.area_id === null ? null : Number(r.area_id),
  areaName: r.area_name,
  value: num(r.value),
  threshold: num(r.threshold),
  active: r.active,
  acknowledged: r.acknowledged,
  shelvedUntil: iso(r.shelved_until),
  shelveReason: r.shelve_reason,
  shelvedBy: r.shelved_by,
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  suppressed: r.suppressed,
  childCount: Number(r.child_count),
  raisedAt: iso(r.raised_at) as string,
  clearedAt: iso(r.cleared_at),
  ackAt: iso(r.ack_at),
  ackBy: r.ack_by,
  ackComment: r.ack_comment,
  updateTime: iso(r.updated_at) as string,
});

/** The alarms of a tenant in the caller's scope as alias `t`, with the area's name and the count of children. */
const alarmsOf = (db: Db, companyId: number, scope: AlarmScope) => {
  let q = db
    .selectFrom('alarms as t')
    .leftJoin('areas as ar', (j) => j.onRef('ar.company_id', '=', 't.company_id').onRef('ar.id', '=', 't.area_id'))
    .where('t.company_id', '=', companyId);
  if (scope !== null) q = q.where(scopeExpression(scope));
  return q.select([
    't.id',
    't.alarm_type',
    't.level',
    't.source_kind',
    't.source_id',
    't.source_code',
    't.area_id',
    'ar.area_name as area_name',
    't.value',
    't.threshold',
    't.active',
    't.acknowledged',
    't.shelved_until',
    't.shelve_reason',
    't.shelved_by',
    't.parent_id',
    't.suppressed',
    sql<number>`(select count(*) from alarms k where k.company_id = t.company_id and k.parent_id = t.id)`.as(
      'child_count',
    ),
    't.raised_at',
    't.cleared_at',
    't.ack_at',
    't.ack_by',
    't.ack_comment',
    't.updated_at',
  ]);
};

const live = sql<SqlBool>`(t.active or not t.acknowledged)`;

const stateCondition = (state: AlarmState, at: string): Expression<SqlBool> => {
  const shelved = sql<SqlBool>`(t.shelved_until is not null and t.shelved_until > ${at}::timestamptz)`;
  if (state === 'shelved') return sql<SqlBool>`${shelved} and ${live}`;
  const open = sql<SqlBool>`not ${shelved}`;
  if (state === 'activeUnacked') return sql<SqlBool>`t.active and not t.acknowledged and ${open}`;
  if (state === 'activeAcked') return sql<SqlBool>`t.active and t.acknowledged and ${open}`;
  return sql<SqlBool>`not t.active and not t.acknowledged and ${open}`;
};

/**
 * The console's page: the live set (or, with history, every alarm), narrowed by level, type, area and state;
 * suppressed alarms only under their parent (alarmChildren). Urgent first, newest first.
 */
export const listAlarms = async (
  db: Db,
  companyId: number,
  scope: AlarmScope,
  q: AlarmListQuery,
  now: Date,
): Promise<{ rows: Alarm[]; count: number }> => {
  const page = q.page ?? 1;
  const limit = q.limit ?? 50;
  let base = alarmsOf(db, companyId, scope).where('t.suppressed', '=', false);
  if (!q.history) base = base.where(live);
  if (q.level) base = base.where('t.level', '=', q.level);
  if (q.alarmType) base = base.where('t.alarm_type', '=', q.alarmType);
  if (q.areaId) base = base.where('t.area_id', '=', q.areaId);
  if (q.state) base = base.where(stateCondition(q.state, now.toISOString()));
  const [rows, total] = await Promise.all([
    base
      .orderBy(sql`case t.level when 'urgent' then 0 when 'severe' then 1 when 'alarm' then 2 else 3 end`)
      .orderBy('t.raised_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => toAlarm(r as Row)), count: Number(total?.n ?? 0) };
};

/** The tenant's latest change_seq (0 when it has no alarm): the list's ETag and the feed's cursor. */
export const latestChange = async (db: Db, companyId: number): Promise<number> => {
  const r = await db
    .selectFrom('alarms')
    .select(sql<number | null>`max(change_seq)`.as('seq'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.seq ?? 0);
};

/** A changed-alarms answer larger than this is sent as a reset (the whole live set) instead. */
export const FEED_MAX_CHANGES = 2000;

/**
 * The alarms changed after `since` (live or not, suppressed included: a client regroups them under their parent),
 * in the caller's scope; `reset` with the whole live set when the cursor is missing, unknown or too far behind.
 */
export const alarmFeed = (
  db: Kysely<DB>,
  companyId: number,
  scope: AlarmScope,
  since: string | undefined,
): Promise<{ items: Alarm[]; cursor: string; reset: boolean }> =>
  // one snapshot for the items and the cursor (tenant writes commit in change_seq order: alarmLock)
  db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const head = await latestChange(tx, companyId);
      const sinceSeq = since !== undefined && /^\d{1,18}$/.test(since) ? Number(since) : null;
      // a cursor ahead of the tenant's latest change comes from another database (restored, reset): start over
      if (sinceSeq !== null && sinceSeq <= head) {
        const rows = await alarmsOf(tx, companyId, scope)
          .where('t.change_seq', '>', sinceSeq)
          .orderBy('t.change_seq')
          .limit(FEED_MAX_CHANGES + 1)
          .execute();
        if (rows.length <= FEED_MAX_CHANGES)
          return { items: rows.map((r) => toAlarm(r as Row)), cursor: String(head), reset: false };
      }
      const rows = await alarmsOf(tx, companyId, scope).where(live).orderBy('t.id').execute();
      return { items: rows.map((r) => toAlarm(r as Row)), cursor: String(head), reset: true };
    });

/** One alarm of the tenant in the caller's scope, or undefined. */
export const findAlarm = async (db: Db, companyId: number, scope: AlarmScope, id: number) => {
  const r = await alarmsOf(db, companyId, scope).where('t.id', '=', id).executeTakeFirst();
  return r ? toAlarm(r as Row) : undefined;
};

export const alarmChildren = async (db: Db, companyId: number, scope: AlarmScope, parentId: number) =>
  (
    await alarmsOf(db, companyId, scope)
      .where('t.parent_id', '=', parentId)
      .orderBy('t.source_code')
      .limit(5000)
      .execute()
  ).map((r) => toAlarm(r as Row));

export const alarmEvents = async (db: Db, companyId: number, alarmId: number): Promise<AlarmEvent[]> =>
  (
    await db
      .selectFrom('alarm_events')
      .select(['id', 'alarm_id', 'action', 'username', 'at', 'comment', 'from_level', 'to_level', 'value', 'threshold'])
      .where('company_id', '=', companyId)
      .where('alarm_id', '=', alarmId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map((e) => ({
    id: Number(e.id),
    alarmId: Number(e.alarm_id),
    action: e.action as AlarmEvent['action'],
    username: e.username,
    at: new Date(e.at).toISOString(),
    comment: e.comment,
    ...(e.action === 'levelChanged' && e.from_level !== null && e.to_level !== null
      ? {
          levelChange: {
            from: e.from_level as AlarmLevel,
            to: e.to_level as AlarmLevel,
            value: num(e.value),
            threshold: num(e.threshold),
          },
        }
      : {}),
  }));

export type Actor = { companyId: number; userId: number; username: string };

/** The ids among `ids` that are the tenant's and in the caller's scope. */
const visibleIds = async (tx: Db, companyId: number, scope: AlarmScope, ids: readonly number[]) => {
  let q = tx
    .selectFrom('alarms as t')
    .select('t.id')
    .where('t.company_id', '=', companyId)
    .where('t.id', 'in', [...ids]);
  if (scope !== null) q = q.where(scopeExpression(scope));
  return (await q.execute()).map((r) => Number(r.id));
};

const writeEvents = (action: string, actor: Actor | null, at: string, comment: string | null) => sql`
  insert into alarm_events (company_id, alarm_id, action, user_id, username, at, comment)
  select company_id, id, ${action}, ${actor?.userId ?? null}::bigint, ${actor?.username ?? null}::text,
    ${at}::timestamptz, ${comment}::text from changed`;

/**
 * Acknowledges the unacknowledged among `ids` with the comment; their suppressed children go along (the
 * operator acknowledged the group). Returns how many of `ids` changed.
 */
export const acknowledgeAlarms = (
  db: Kysely<DB>,
  actor: Actor,
  scope: AlarmScope,
  ids: readonly number[],
  comment: string | null,
  now: Date,
): Promise<number> =>
  db.transaction().execute(async (tx) => {
    const targets = await visibleIds(tx, actor.companyId, scope, ids);
    if (targets.length === 0) return 0;
    await alarmLock(tx, actor.companyId);
    const at = now.toISOString();
    const set = sql`acknowledged = true, ack_at = ${at}::timestamptz, ack_user_id = ${actor.userId},
      ack_by = ${actor.username}, ack_comment = ${comment}, change_seq = nextval('alarm_change_seq'),
      updated_at = ${at}::timestamptz`;
    const r = await sql<{ n: number }>`
      with changed as (
        update alarms set ${set}
        where company_id = ${actor.companyId} and id = any(${targets}::bigint[]) and not acknowledged
        returning company_id, id),
      ev as (${writeEvents('acknowledged', actor, at, comment)})
      select count(*) as n from changed`.execute(tx);
    await sql`
      with changed as (
        update alarms set ${set}
        where company_id = ${actor.companyId} and parent_id = any(${targets}::bigint[]) and not acknowledged
        returning company_id, id)
      ${writeEvents('acknowledged', actor, at, comment)}`.execute(tx);
    return Number(r.rows[0]?.n ?? 0);
  });

/** Shelves the live among `ids` for `minutes` with the reason (again: a new expiry). */
export const shelveAlarms = (
  db: Kysely<DB>,
  actor: Actor,
  scope: AlarmScope,
  ids: readonly number[],
  minutes: number,
  reason: string,
  now: Date,
): Promise<number> =>
  db.transaction().execute(async (tx) => {
    const targets = await visibleIds(tx, actor.companyId, scope, ids);
    if (targets.length === 0) return 0;
    await alarmLock(tx, actor.companyId);
    const at = now.toISOString();
    const until = new Date(now.getTime() + minutes * 60_000).toISOString();
    const r = await sql<{ n: number }>`
      with changed as (
        update alarms set shelved_until = ${until}::timestamptz, shelve_reason = ${reason}, shelved_by = ${actor.username},
          change_seq = nextval('alarm_change_seq'), updated_at = ${at}::timestamptz
        where company_id = ${actor.companyId} and id = any(${targets}::bigint[]) and (active or not acknowledged)
        returning company_id, id),
      ev as (${writeEvents('shelved', actor, at, reason)})
      select count(*) as n from changed`.execute(tx);
    return Number(r.rows[0]?.n ?? 0);
  });

/** Unshelves the shelved among `ids` (by an operator), or, with ids null, every shelving expired at `now` (the job). */
export const unshelveAlarms = (
  db: Kysely<DB>,
  companyId: number,
  actor: Actor | null,
  scope: AlarmScope,
  ids: readonly number[] | null,
  now: Date,
): Promise<number> =>
  db.transaction().execute(async (tx) => {
    const targets = ids === null ? null : await visibleIds(tx, companyId, scope, ids);
    if (targets !== null && targets.length === 0) return 0;
    await alarmLock(tx, companyId);
    const at = now.toISOString();
    const which =
      targets === null
        ? sql`shelved_until <= ${at}::timestamptz`
        : sql`id = any(${targets}::bigint[]) and shelved_until > ${at}::timestamptz`;
    const r = await sql<{ n: number }>`
      with changed as (
        update alarms set shelved_until = null, shelve_reason = null, shelved_by = null,
          change_seq = nextval('alarm_change_seq'), updated_at = ${at}::timestamptz
        where company_id = ${companyId} and shelved_until is not null and ${which}
        returning company_id, id),
      ev as (${writeEvents('unshelved', actor, at, null)})
      select count(*) as n from changed`.execute(tx);
    return Number(r.rows[0]?.n ?? 0);
  });

/** The tenants with a shelving expired at `now` (the auto-unshelve job's work list). */
export const tenantsWithExpiredShelving = async (db: Db, now: Date): Promise<number[]> =>
  (await db.selectFrom('alarms').select('company_id').distinct().where('shelved_until', '<=', now).execute()).map((r) =>
    Number(r.company_id),
  );

const BUCKET_MS = 10 * 60_000;
const BUCKETS = 144;

type BadActorRow = { source_kind: string; source_id: unknown; source_code: string; alarm_type: string; n: unknown };
const badActor = (r: BadActorRow): AlarmBadActor => ({
  sourceKind: r.source_kind as AlarmBadActor['sourceKind'],
  sourceId: Number(r.source_id),
  sourceCode: r.source_code,
  alarmType: r.alarm_type as AlarmBadActor['alarmType'],
  count: Number(r.n),
});
const BAD_ACTORS = 10;

/**
 * The alarm-load panel over the last 24 h, in the caller's scope, suppressed alarms left out (their parent stands
 * for them). It counts annunciations, as ISA-18.2 does: each raise and each re-raise of an alarm (one that returned
 * to normal unacknowledged and sounded again keeps its row, so counting rows would hide a chattering alarm). Per 10
 * minutes, the last 10 minutes, the priority mix, the most frequent alarms and the chattering ones (an alarm is a
 * source and a type); stale alarms are those active for 24 h.
 */
export const alarmLoad = async (db: Db, companyId: number, scope: AlarmScope, now: Date) => {
  const end = Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS + BUCKET_MS;
  const start = new Date(end - BUCKETS * BUCKET_MS);
  let base = db.selectFrom('alarms as t').where('t.company_id', '=', companyId).where('t.suppressed', '=', false);
  if (scope !== null) base = base.where(scopeExpression(scope));
  const sounded = base
    .innerJoin('alarm_events as e', (j) =>
      j.onRef('e.company_id', '=', 't.company_id').onRef('e.alarm_id', '=', 't.id'),
    )
    .where('e.action', 'in', ['raised', 'reraised'])
    .where('e.at', '>=', start);
  const alarmKey = ['t.source_kind', 't.source_id', 't.source_code', 't.alarm_type'] as const;
  const [buckets, levels, frequent, chattering, stale, lastTen] = await Promise.all([
    sounded
      .select([
        sql<number>`floor(extract(epoch from e.at) * 1000 / ${BUCKET_MS})`.as('b'),
        sql<number>`count(*)`.as('n'),
      ])
      .groupBy('b')
      .execute(),
    sounded
      .select(['t.level', sql<number>`count(*)`.as('n')])
      .groupBy('t.level')
      .execute(),
    sounded
      .select([...alarmKey, sql<number>`count(*)`.as('n')])
      .groupBy([...alarmKey])
      .orderBy('n', 'desc')
      .orderBy('t.source_code')
      .limit(BAD_ACTORS)
      .execute(),
    // per alarm, the most times it sounded within any one hour (a sliding hour: a burst across o'clock counts whole)
    db
      .selectFrom(
        sounded
          .select([
            ...alarmKey,
            sql<number>`count(*) over (partition by t.source_kind, t.source_id, t.alarm_type order by e.at
              range between interval '1 hour' preceding and current row)`.as('n'),
          ])
          .as('h'),
      )
      .select(['h.source_kind', 'h.source_id', 'h.source_code', 'h.alarm_type', sql<number>`max(h.n)`.as('n')])
      .groupBy(['h.source_kind', 'h.source_id', 'h.source_code', 'h.alarm_type'])
      .having(sql<number>`max(h.n)`, '>=', CHATTER_PER_HOUR)
      .orderBy('n', 'desc')
      .orderBy('h.source_code')
      .limit(BAD_ACTORS)
      .execute(),
    base
      .select(sql<number>`count(*)`.as('n'))
      .where('t.active', '=', true)
      .where('t.raised_at', '<=', new Date(now.getTime() - 24 * 3_600_000))
      .executeTakeFirst(),
    sounded
      .select(sql<number>`count(*)`.as('n'))
      .where('e.at', '>', new Date(now.getTime() - BUCKET_MS))
      .executeTakeFirst(),
  ]);
  const perBucket = new Map(buckets.map((b) => [Number(b.b), Number(b.n)]));
  const firstBucket = start.getTime() / BUCKET_MS;
  const series = Array.from({ length: BUCKETS }, (_, i) => ({
    start: new Date((firstBucket + i) * BUCKET_MS).toISOString(),
    count: perBucket.get(firstBucket + i) ?? 0,
  }));
  const total = levels.reduce((s, l) => s + Number(l.n), 0);
  const share = (level: string) => {
    const n = Number(levels.find((l) => l.level === level)?.n ?? 0);
    return total === 0 ? 0 : Math.round((n / total) * 1000) / 1000;
  };
  return {
    buckets: series,
    target: 1,
    lastTenMinutes: Number(lastTen?.n ?? 0),
    stale: Number(stale?.n ?? 0),
    mostFrequent: frequent.map(badActor),
    chattering: chattering.map(badActor),
    mix: { urgent: share('urgent'), severe: share('severe'), alarm: share('alarm'), general: share('general') },
  };
};
