// The demo's alarm history (issue 16.12): on the first start of a demo whose city is in, the alarms of the past days
// as the product would have made them from the city's fault plan (simulator/alarmHistory.ts) — raised, acknowledged by
// the control room, returned to normal, each with its alarm_events rows in order and the concentrator outages as
// grouped parents — so the statistics' 30-day trend shows a month, not one spike on the day the demo started. Written
// under the tenant's alarm lock; nothing it writes is live (all returned to normal and acknowledged), so it never
// stands in the running engine's way. Runs once (see demoSimulator.ts); tests call it only when they ask for it.
import { type Kysely, sql } from 'kysely';
import { alarmLock } from '../../services/alarm/alarmEvaluationRepository.ts';
import { loadAlarmRules } from '../../services/alarm/alarmRuleRepository.ts';
import { alarmHistory } from '../../simulator/alarmHistory.ts';
import type { HistoryAlarm } from '../../simulator/alarmHistoryEngine.ts';
import type { CityPlan } from '../../simulator/cityPlan.ts';
import type { DB } from '../tables.ts';
import { DEMO_SIGN_IN } from './seedDatabase.ts';

const DAY = 86_400_000;
const CHUNK = 2_000;

export type AlarmHistoryOptions = {
  /** the end of the history (the demo's start) */
  now: Date;
  /** days of history (default 30) */
  days?: number;
};

export type AlarmHistorySummary = {
  /** alarms written, grouped children included */
  alarms: number;
  /** of which at the top level (not hung under a parent) */
  topLevel: number;
  events: number;
  /** top-level alarms raised per China day */
  perDay: Record<string, number>;
};

/**
 * Whether the tenant's alarms already reach back a day: then the demo ran before and its past is the product's own
 * record (or this history), and nothing is written.
 */
export const hasAlarmHistory = async (db: Kysely<DB>, companyId: number, now: Date): Promise<boolean> =>
  (await db
    .selectFrom('alarms')
    .select('id')
    .where('company_id', '=', companyId)
    .where('raised_at', '<', new Date(now.getTime() - DAY))
    .limit(1)
    .executeTakeFirst()) !== undefined;

const chinaDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

type Row = {
  id: number;
  alarm: HistoryAlarm;
  sourceId: number;
  code: string;
  areaId: number | null;
  parentId: number | null;
};

/** Writes the history of [now − days, now) for the city `plan` of the demo tenant; returns what it wrote. */
export const seedDemoAlarmHistory = async (
  db: Kysely<DB>,
  companyId: number,
  plan: CityPlan,
  opts: AlarmHistoryOptions,
): Promise<AlarmHistorySummary> => {
  const summary: AlarmHistorySummary = { alarms: 0, topLevel: 0, events: 0, perDay: {} };
  // the control room: the operator on duty, the administrator now and then (alarmHistory.ts ACK_PEOPLE)
  const people = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('company_id', '=', companyId)
    .where('username', 'in', [DEMO_SIGN_IN.operator.username, DEMO_SIGN_IN.username])
    .execute();
  const byName = (name: string) => people.find((p) => p.username === name);
  const admin = byName(DEMO_SIGN_IN.username);
  const operator = byName(DEMO_SIGN_IN.operator.username) ?? admin;
  if (!operator || !admin) return summary;
  const ackers = [operator, admin];

  // the product's own record starts where the running engine raised its first alarm: the history ends before it
  const first = await db
    .selectFrom('alarms')
    .select(({ fn }) => fn.min('raised_at').as('at'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const firstAt = first?.at ? new Date(first.at).getTime() : Number.POSITIVE_INFINITY;
  const to = Math.min(opts.now.getTime(), firstAt - 60_000);
  const from = opts.now.getTime() - (opts.days ?? 30) * DAY;
  if (to <= from) return summary;

  const rules = await loadAlarmRules(db, companyId);
  const history = alarmHistory(
    plan,
    { voltage: rules.voltage, usage: rules.usage, offline: rules.offline, delay: rules.delay },
    from,
    to,
  );

  // the plan's devices as WaterOps registered them (a meter only once it reported: the engine ignores the others)
  const [concentrators, collectors, meters] = await Promise.all([
    db
      .selectFrom('concentrators')
      .select(['id', 'concentrator_code as code', 'area_id'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('collectors')
      .select(['id', 'collector_code as code', 'area_id'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('water_meters')
      .select(['id', 'meter_code as code', 'area_id'])
      .where('company_id', '=', companyId)
      .where('used', '=', true)
      .where('last_report_at', 'is not', null)
      .execute(),
  ]);
  const index = (rows: { id: number | string; code: string; area_id: number | string | null }[]) =>
    new Map(rows.map((r) => [r.code, { id: Number(r.id), areaId: r.area_id === null ? null : Number(r.area_id) }]));
  const found = {
    concentrator: index(concentrators),
    collector: index(collectors),
    meter: index(meters),
  };
  const codeOf = (a: HistoryAlarm): string | undefined =>
    a.sourceKind === 'concentrator'
      ? plan.concentrators[a.source]?.code
      : a.sourceKind === 'collector'
        ? plan.collectors[a.source]?.code
        : plan.meters.code[a.source];

  return db.transaction().execute(async (tx) => {
    await alarmLock(tx, companyId);
    const rows: Row[] = [];
    const place = (alarm: HistoryAlarm, parentId: number | null): Row | undefined => {
      const code = codeOf(alarm);
      const device = code === undefined ? undefined : found[alarm.sourceKind].get(code);
      if (!device || code === undefined) return undefined;
      const row = { id: 0, alarm, sourceId: device.id, code, areaId: device.areaId, parentId };
      rows.push(row);
      return row;
    };
    for (const a of history) {
      const parent = place(a, null);
      if (!parent) continue;
      summary.topLevel++;
      const day = chinaDay(a.raisedAt);
      summary.perDay[day] = (summary.perDay[day] ?? 0) + 1;
    }
    if (rows.length === 0) return summary;
    // ids first, so that children can name their parent in the same statement
    const ids = await sql<{ id: string }>`
      select nextval(pg_get_serial_sequence('alarms', 'id')) as id from generate_series(1, ${rows.length})`.execute(tx);
    rows.forEach((r, i) => {
      r.id = Number(ids.rows[i]?.id);
    });
    for (const parent of [...rows]) for (const child of parent.alarm.children ?? []) place(child, parent.id);
    const childIds = await sql<{ id: string }>`
      select nextval(pg_get_serial_sequence('alarms', 'id')) as id
      from generate_series(1, ${rows.length - summary.topLevel})`.execute(tx);
    rows.slice(summary.topLevel).forEach((r, i) => {
      r.id = Number(childIds.rows[i]?.id);
    });

    const iso = (t: number) => new Date(t).toISOString();
    for (let s = 0; s < rows.length; s += CHUNK) {
      const part = rows.slice(s, s + CHUNK);
      const col = <T>(f: (r: Row) => T) => part.map(f);
      const last = (r: Row) => iso(Math.max(...r.alarm.events.map((e) => e.at)));
      await sql`
        insert into alarms (company_id, id, alarm_type, level, source_kind, source_id, source_code, area_id, value,
          threshold, active, acknowledged, raised_at, cleared_at, ack_at, ack_user_id, ack_by, ack_comment, parent_id,
          suppressed, updated_at)
        select ${companyId}, x.id, x.alarm_type, x.level, x.source_kind, x.source_id, x.source_code, x.area_id, x.value,
          x.threshold, false, true, x.raised_at, x.cleared_at, x.ack_at, x.ack_user_id, x.ack_by, x.ack_comment,
          x.parent_id, x.parent_id is not null, x.updated_at
        from unnest(
          ${col((r) => r.id)}::bigint[], ${col((r) => r.alarm.alarmType)}::text[], ${col((r) => r.alarm.level)}::text[],
          ${col((r) => r.alarm.sourceKind)}::text[], ${col((r) => r.sourceId)}::bigint[], ${col((r) => r.code)}::text[],
          ${col((r) => r.areaId)}::bigint[], ${col((r) => (r.alarm.value === null ? null : String(r.alarm.value)))}::numeric[],
          ${col((r) => (r.alarm.threshold === null ? null : String(r.alarm.threshold)))}::numeric[],
          ${col((r) => iso(r.alarm.raisedAt))}::timestamptz[], ${col((r) => iso(r.alarm.clearedAt))}::timestamptz[],
          ${col((r) => iso(r.alarm.ackAt))}::timestamptz[], ${col((r) => Number(ackers[r.alarm.ackBy]?.id))}::bigint[],
          ${col((r) => ackers[r.alarm.ackBy]?.username ?? null)}::text[], ${col((r) => r.alarm.ackComment)}::text[],
          ${col((r) => r.parentId)}::bigint[], ${col(last)}::timestamptz[])
        as x (id, alarm_type, level, source_kind, source_id, source_code, area_id, value, threshold, raised_at,
          cleared_at, ack_at, ack_user_id, ack_by, ack_comment, parent_id, updated_at)`.execute(tx);
    }

    // the events in the order they happened (ids follow time, as the engine's and the operators' writes would)
    const events = rows
      .flatMap((r) => r.alarm.events.map((e, n) => ({ r, e, n })))
      .sort((a, b) => a.e.at - b.e.at || a.r.id - b.r.id || a.n - b.n);
    for (let s = 0; s < events.length; s += CHUNK) {
      const part = events.slice(s, s + CHUNK);
      const ack = (x: (typeof part)[number]) => x.e.action === 'acknowledged';
      const change = part.map((x) => x.e.levelChange ?? null);
      const decimal = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));
      await sql`
        insert into alarm_events (company_id, alarm_id, action, user_id, username, at, comment, from_level, to_level,
          value, threshold)
        select ${companyId}, x.alarm_id, x.action, x.user_id, x.username, x.at, x.comment, x.from_level, x.to_level,
          x.value, x.threshold
        from unnest(
          ${part.map((x) => x.r.id)}::bigint[], ${part.map((x) => x.e.action)}::text[],
          ${part.map((x) => (ack(x) ? Number(ackers[x.r.alarm.ackBy]?.id) : null))}::bigint[],
          ${part.map((x) => (ack(x) ? (ackers[x.r.alarm.ackBy]?.username ?? null) : null))}::text[],
          ${part.map((x) => iso(x.e.at))}::timestamptz[],
          ${part.map((x) => (ack(x) ? x.r.alarm.ackComment : null))}::text[],
          ${change.map((c) => c?.from ?? null)}::text[], ${change.map((c) => c?.to ?? null)}::text[],
          ${change.map((c) => decimal(c?.value))}::numeric[], ${change.map((c) => decimal(c?.threshold))}::numeric[])
          with ordinality as x (alarm_id, action, user_id, username, at, comment, from_level, to_level, value,
            threshold, n)
        order by x.n`.execute(tx);
    }
    summary.alarms = rows.length;
    summary.events = events.length;
    return summary;
  });
};
