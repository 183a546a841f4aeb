// SQL of device commands for users: the devices a request names (with what the creation rules need to know),
// the insert of new commands, the history list and the valve page's meters. Every statement is bounded by the
// caller's company_id; a scoped principal sees only devices (and their commands) in their areas.
import { COMMAND_STATE, type CommandListQuery, DEVICE_KIND, type ValveMeterQuery } from '@waterops/shared/command';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type ScopePredicate, scopeExpression } from '../resource/resourceScope.ts';

type Db = Kysely<DB> | Transaction<DB>;
// biome-ignore lint/suspicious/noExplicitAny: scope predicates are written on the alias `t` of any device table.
type AnyDb = Kysely<any>;
const loose = (db: Db): AnyDb => db as unknown as AnyDb;

/** A device a command is for, with what decideCreation needs and the concentrator that delivers it. */
export type TargetRow = {
  id: number;
  code: string;
  valveControl: boolean;
  online: boolean;
  /** the concentrator that delivers the command (for a concentrator: itself) */
  concentratorId: number | null;
  /** that concentrator's online flag; null when the device has no concentrator above it */
  concentratorOnline: boolean | null;
  filtered: boolean;
};

const DEVICE_TABLES = {
  [DEVICE_KIND.concentrator]: { table: 'concentrators', code: 'concentrator_code' },
  [DEVICE_KIND.collector]: { table: 'collectors', code: 'collector_code' },
  [DEVICE_KIND.meter]: { table: 'water_meters', code: 'meter_code' },
} as const;

/**
 * The devices of one kind with these ids, inside the tenant and the principal's scope (null: unrestricted).
 * Missing ids are simply absent: the caller answers 404.
 */
export const findTargets = async (
  db: Db,
  companyId: number,
  kind: number,
  ids: readonly number[],
  scope: readonly ScopePredicate[] | null,
): Promise<TargetRow[]> => {
  const { table, code } = DEVICE_TABLES[kind as keyof typeof DEVICE_TABLES];
  const own = kind === DEVICE_KIND.concentrator;
  let q = loose(db)
    .selectFrom(`${table} as t`)
    .select([
      't.id',
      sql<string>`t.${sql.ref(code)}`.as('code'),
      (kind === DEVICE_KIND.meter ? sql<boolean>`t.valve_control` : sql<boolean>`false`).as('valve_control'),
      't.online',
      (own ? sql<number>`t.id` : sql<number | null>`t.concentrator_id`).as('concentrator_id'),
      (own
        ? sql<boolean | null>`null`
        : sql<
            boolean | null
          >`(select c.online from concentrators c where c.company_id = t.company_id and c.id = t.concentrator_id)`
      ).as('concentrator_online'),
      sql<boolean>`exists (select 1 from device_blacklists b where b.company_id = t.company_id and b.list_kind = 3
                    and b.device_kind = ${kind} and b.device_id = t.id)`.as('filtered'),
    ])
    .where('t.company_id', '=', companyId)
    .where('t.id', 'in', [...ids]);
  if (scope !== null) q = q.where(scopeExpression(scope));
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    valveControl: Boolean(r.valve_control),
    online: Boolean(r.online),
    concentratorId: r.concentrator_id === null ? null : Number(r.concentrator_id),
    concentratorOnline: r.concentrator_online === null ? null : Boolean(r.concentrator_online),
    filtered: Boolean(r.filtered),
  }));
};

export type NewCommand = {
  companyId: number;
  deviceKind: number;
  deviceId: number;
  deviceCode: string;
  concentratorId: number | null;
  command: string;
  params: unknown;
  state: number;
  reason: string | null;
  batchId: string;
  createdBy: number | null;
  createdAt: Date;
  deadlineAt: Date;
};

/** Stores new commands (created, or cancelled at once), in the order given; returns their ids in that order. */
export const insertCommands = async (tx: Transaction<DB>, commands: readonly NewCommand[]): Promise<number[]> => {
  if (commands.length === 0) return [];
  const rows = await tx
    .insertInto('device_commands')
    .values(
      commands.map((c) => ({
        company_id: c.companyId,
        device_kind: c.deviceKind,
        device_id: c.deviceId,
        device_code: c.deviceCode,
        concentrator_id: c.concentratorId,
        command: c.command,
        params: JSON.stringify(c.params ?? {}),
        state: c.state,
        reason: c.reason,
        batch_id: c.batchId,
        created_by: c.createdBy,
        created_at: c.createdAt,
        finished_at: c.state === COMMAND_STATE.cancelled ? c.createdAt : null,
        deadline_at: c.deadlineAt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
};

// biome-ignore lint/suspicious/noExplicitAny: the history joins device tables by kind
type AnyEb = ExpressionBuilder<any, any>;

/** A command is visible to a scoped principal when its device is: one subquery per device table. */
const commandInScope =
  (scope: readonly ScopePredicate[]) =>
  (eb: AnyEb): ReturnType<AnyEb['or']> =>
    eb.or(
      Object.entries(DEVICE_TABLES).map(([kind, { table }]) =>
        eb.and([
          eb('d.device_kind', '=', Number(kind)),
          eb(
            'd.device_id',
            'in',
            eb
              .selectFrom(`${table} as t`)
              .select('t.id')
              .whereRef('t.company_id', '=', 'd.company_id')
              .where(scopeExpression(scope)),
          ),
        ]),
      ),
    );

export type CommandRow = {
  id: number;
  device_kind: number;
  device_id: number;
  device_code: string;
  command: string;
  params: unknown;
  state: number;
  reason: string | null;
  message: string | null;
  result: unknown;
  batch_id: string | null;
  created_by_name: string | null;
  created_at: Date;
  sent_at: Date | null;
  finished_at: Date | null;
  deadline_at: Date;
};

const commandRows = (db: Db, companyId: number, scope: readonly ScopePredicate[] | null) => {
  let q = loose(db).selectFrom('device_commands as d').where('d.company_id', '=', companyId);
  if (scope !== null) q = q.where(commandInScope(scope));
  return q;
};

const SELECT = [
  'd.id',
  'd.device_kind',
  'd.device_id',
  'd.device_code',
  'd.command',
  'd.params',
  'd.state',
  'd.reason',
  'd.message',
  'd.result',
  'd.batch_id',
  'd.created_at',
  'd.sent_at',
  'd.finished_at',
  'd.deadline_at',
];
const createdByName = sql<
  string | null
>`(select u.username from users u where u.company_id = d.company_id and u.id = d.created_by)`.as('created_by_name');

/** The history, newest first, with its total. */
export const listCommands = async (
  db: Db,
  companyId: number,
  query: CommandListQuery,
  scope: readonly ScopePredicate[] | null,
  stateOf: (name: string) => number,
): Promise<{ rows: CommandRow[]; count: number }> => {
  let q = commandRows(db, companyId, scope);
  if (query.deviceKind) q = q.where('d.device_kind', '=', DEVICE_KIND[query.deviceKind]);
  if (query.deviceId) q = q.where('d.device_id', '=', query.deviceId);
  if (query.deviceCode) q = q.where(sql<SqlBool>`starts_with(d.device_code, ${query.deviceCode.trim()})`);
  if (query.command) q = q.where('d.command', '=', query.command);
  if (query.state) q = q.where('d.state', '=', stateOf(query.state));
  if (query.batchId) q = q.where('d.batch_id', '=', query.batchId);
  if (query.from) q = q.where('d.created_at', '>=', new Date(query.from));
  if (query.to) q = q.where('d.created_at', '<', new Date(query.to));
  const [rows, total] = await Promise.all([
    q
      .select([...SELECT, createdByName])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as CommandRow[], count: Number((total as { n: unknown } | undefined)?.n ?? 0) };
};

export const findCommand = async (
  db: Db,
  companyId: number,
  id: number,
  scope: readonly ScopePredicate[] | null,
): Promise<CommandRow | undefined> =>
  (await commandRows(db, companyId, scope)
    .select([...SELECT, createdByName])
    .where('d.id', '=', id)
    .executeTakeFirst()) as CommandRow | undefined;

export type ValveMeterRow = {
  id: number;
  meter_code: string;
  area_id: number | null;
  area_name: string | null;
  concentrator_code: string | null;
  valve_state: number | null;
  online: boolean;
  last_report_at: Date | null;
  last_id: number | null;
  last_command: string | null;
  last_state: number | null;
  last_created_at: Date | null;
};

/** Meters with valve control, their valve state, reachability and latest valve command, by body code. */
export const listValveMeters = async (
  db: Db,
  companyId: number,
  query: ValveMeterQuery,
  scope: readonly ScopePredicate[] | null,
): Promise<{ rows: ValveMeterRow[]; count: number }> => {
  let q = loose(db)
    .selectFrom('water_meters as t')
    .leftJoin('concentrators as c', (j) =>
      j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.concentrator_id'),
    )
    .where('t.company_id', '=', companyId)
    .where('t.valve_control', '=', true);
  if (scope !== null) q = q.where(scopeExpression(scope));
  if (query.meterCode) q = q.where(sql<SqlBool>`starts_with(t.meter_code, ${query.meterCode.trim()})`);
  if (query.areaId) q = q.where('t.area_id', '=', query.areaId);
  if (query.valveState !== undefined) q = q.where('t.valve_state', '=', query.valveState);
  if (query.online !== undefined) q = q.where('t.online', '=', query.online);
  const [rows, total] = await Promise.all([
    q
      .leftJoin('areas as a', (j) => j.onRef('a.company_id', '=', 't.company_id').onRef('a.id', '=', 't.area_id'))
      .leftJoinLateral(
        (eb: AnyEb) =>
          eb
            .selectFrom('device_commands as d')
            .select(['d.id', 'd.command', 'd.state', 'd.created_at'])
            .whereRef('d.company_id', '=', 't.company_id')
            .where('d.device_kind', '=', DEVICE_KIND.meter)
            .whereRef('d.device_id', '=', 't.id')
            .where('d.command', 'in', ['valveOpen', 'valveClose'])
            .orderBy('d.created_at', 'desc')
            .orderBy('d.id', 'desc')
            .limit(1)
            .as('l'),
        (j) => j.onTrue(),
      )
      .select([
        't.id',
        't.meter_code',
        't.area_id',
        'a.area_name',
        'c.concentrator_code',
        't.valve_state',
        // the meter's own flag, as on every other page (a command also needs its concentrator: isReachable)
        't.online',
        't.last_report_at',
        'l.id as last_id',
        'l.command as last_command',
        'l.state as last_state',
        'l.created_at as last_created_at',
      ])
      .orderBy('t.meter_code')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as ValveMeterRow[], count: Number((total as { n: unknown } | undefined)?.n ?? 0) };
};

/** The stored settings a concentrator or collector command carries when the request names none. */
export const storedSettings = async (
  db: Db,
  companyId: number,
  kind: number,
  id: number,
): Promise<Record<string, unknown>> => {
  if (kind === DEVICE_KIND.concentrator) {
    const r = await db
      .selectFrom('concentrators')
      .select(['ip', 'port', 'report_rate', 'sim_card'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? { ip: r.ip, port: r.port, reportRate: r.report_rate, simCard: r.sim_card } : {};
  }
  const r = await db
    .selectFrom('collectors')
    .select(['ip', 'port', 'upload_frequency'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? { ip: r.ip, port: r.port, uploadFrequency: r.upload_frequency } : {};
};

/** The body codes of the meters a concentrator or collector reads (its archives). */
export const meterCodesUnder = async (db: Db, companyId: number, kind: number, id: number): Promise<string[]> => {
  const column = kind === DEVICE_KIND.concentrator ? 'concentrator_id' : 'collector_id';
  const rows = await db
    .selectFrom('water_meters')
    .select('meter_code')
    .where('company_id', '=', companyId)
    .where(column, '=', id)
    .orderBy('meter_code')
    .execute();
  return rows.map((r) => r.meter_code);
};
