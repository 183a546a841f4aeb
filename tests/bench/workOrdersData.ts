// The data of the work-order benchmark, made inside the database with generate_series (one INSERT … SELECT per table):
// the registry benchmark's places and a few thousand meters, districts over the areas, maintenance teams with their
// field crew and dispatchers (real accounts that sign in), and two years of work orders ending now — mostly closed,
// ~1.5 % still open (the last days' orders, a third of the fortnight before, and a few forgotten ones), in the mix of
// types, priorities and sources a utility sees, each with the due times of the default targets, its assignee and
// team, its area and district, an address on one of fifty streets. Events are written only for the open orders (the
// list does not read them; an action on an order reads its history). Codes follow the code rule (GD + China day + a
// sequence the rule then continues from).

import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { hashPassword } from '@waterops/gateway/src/services/uaa/passwordHash.ts';
import {
  CompletionCause,
  DEFAULT_DEADLINE_SETTINGS,
  WorkOrderPriority,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { type Kysely, sql } from 'kysely';
import { createIndexes, dropSecondaryIndexes, timed } from './benchApp.ts';
import { buildRegistryData } from './registryData.ts';

export type WorkOrderDataSize = {
  orders: number;
  /** field crew (role CREW), spread over the teams */
  crew: number;
  teams: number;
  /** dispatchers of the whole tenant (role DISPATCHER, no data scope) */
  dispatchers: number;
  meters: number;
  regions: number;
  areasPerRegion: number;
  areasPerDistrict: number;
};
export const FULL_WORK_ORDER_SIZE: WorkOrderDataSize = {
  orders: 1_000_000,
  crew: 180,
  teams: 10,
  dispatchers: 20,
  meters: 20_000,
  regions: 20,
  areasPerRegion: 50,
  areasPerDistrict: 10,
};

/** The orders span two years back from when the data is made (the app's clock then reads them as live). */
export const SPAN_DAYS = 730;
/** Password of every bench account. */
export const BENCH_PASSWORD = 'pass1234';

export type BenchAccount = { id: number; username: string; departmentId: number | null };
export type WorkOrderData = {
  companyId: number;
  /** when the newest order was created */
  end: Date;
  crew: BenchAccount[];
  dispatchers: BenchAccount[];
  /** a dispatcher whose data scope is one region */
  scoped: BenchAccount & { regionId: number };
  teams: number[];
  regions: number[];
  openOrders: number;
  seconds: Record<string, number>;
};

/** Numbers and constants of this file: safe as SQL literals. */
const n = (v: number) => sql.raw(String(Math.trunc(v)));
const text = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => sql.raw(`array[${items.map(text).join(',')}]::text[]`);

/** One hundred "type|source" pairs: the share of each type and where such orders come from. */
const KINDS: [string, string, number][] = [
  ['leakRepair', 'nightFlowEvent', 6],
  ['leakRepair', 'alarm', 4],
  ['leakRepair', 'manual', 8],
  ['burst', 'manual', 3],
  ['burst', 'alarm', 1],
  ['meterFault', 'alarm', 10],
  ['meterFault', 'usageException', 6],
  ['meterFault', 'manual', 6],
  ['valve', 'manual', 6],
  ['noWater', 'complaint', 6],
  ['noWater', 'manual', 4],
  ['waterQuality', 'complaint', 3],
  ['waterQuality', 'manual', 1],
  ['readingException', 'readingException', 16],
  ['inspection', 'manual', 10],
  ['complaintFollowUp', 'complaint', 6],
  ['other', 'manual', 4],
];
const KIND_SLOTS = KINDS.flatMap(([type, source, share]) => Array.from({ length: share }, () => `${type}|${source}`));
/** Twenty priority slots: 1 urgent, 4 high, 11 normal, 4 low (a burst is always urgent). */
const PRIORITY_SLOTS = ['urgent', ...Array(4).fill('high'), ...Array(11).fill('normal'), ...Array(4).fill('low')];
const STREETS =
  '人民路 解放路 中山路 建设路 和平路 胜利路 新华路 朝阳路 青年路 文化路 长江路 黄河路 光明路 团结路 幸福路 东风路 红旗路 友谊路 前进路 工农路 北京路 上海路 南京路 广州路 天津路 重庆路 西湖路 东湖路 滨江路 环城路 学府路 科技路 创业路 金融街 商业街 花园路 公园路 体育路 医院路 车站路 机场路 港口路 开发大道 世纪大道 振兴路 复兴路 昌平路 顺义路 通州路 大兴路'.split(
    ' ',
  );
const SURNAMES = '王 李 张 刘 陈 杨 赵 黄 周 吴 徐 孙 胡 朱 高 林 何 郭 马 罗'.split(' ');
const MATERIALS = ['DN100 哈夫节 1 个', 'DN50 球阀 1 个', 'DN20 水表 1 块', '管卡 2 个，生料带 1 卷', '无'];
const METER_TYPES = ['meterFault', 'readingException', 'noWater'];

const numbered = (table: string, companyId: number, where = 'true') =>
  sql.raw(`(select t.*, (row_number() over (order by t.id) - 1)::int as k
            from ${table} t where t.company_id = ${Math.trunc(companyId)} and ${where})`);

const roleIdOf = async (db: Kysely<DB>, companyId: number, code: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Accounts `prefix000…` of one role, optionally spread over the teams; answered in number order. */
const insertAccounts = async (
  db: Kysely<DB>,
  companyId: number,
  o: { prefix: string; count: number; nickname: string; role: string; accountType: number; teams: number },
  hash: string,
): Promise<BenchAccount[]> => {
  const team = o.teams > 0 ? sql`d.id` : sql`null::bigint`;
  const teams =
    o.teams > 0
      ? sql`join ${numbered('departments', companyId, "t.name like '抢修%'")} d on d.k = g % ${n(o.teams)}`
      : sql``;
  await sql`insert into users (company_id, username, password_hash, nickname, mobile, enabled, department_id,
                               account_type, updated_at)
      select ${companyId}, ${o.prefix}::text || lpad(g::text, 3, '0'), ${hash}, ${o.nickname}::text || (g + 1)::text,
             '139' || lpad((g + 1)::text, 8, '0'), true, ${team}, ${n(o.accountType)}, now()
      from generate_series(0, ${n(o.count - 1)}) g ${teams}`.execute(db);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'department_id'])
    .where('company_id', '=', companyId)
    .where('username', 'like', `${o.prefix}%`)
    .orderBy('username')
    .execute();
  await db
    .insertInto('logins')
    .values(rows.map((r) => ({ username: r.username, company_id: companyId, user_id: r.id })))
    .execute();
  const roleId = await roleIdOf(db, companyId, o.role);
  await db
    .insertInto('user_roles')
    .values(rows.map((r) => ({ company_id: companyId, user_id: r.id, role_id: roleId })))
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    departmentId: r.department_id === null ? null : Number(r.department_id),
  }));
};

/** What each order may point at, in number order: crew (with their team), areas and meters (with their district). */
export type OrderLinks = {
  crew: { id: number; departmentId: number | null }[];
  /** who creates the orders taken by hand (manual, complaints) */
  dispatchers: { id: number }[];
  areas: { id: number; districtId: number }[];
  meters: { id: number; areaId: number; districtId: number }[];
};

const bigints = (values: readonly (number | null)[]) => sql`${values.map((v) => v ?? null)}::bigint[]`;
const ints = (values: readonly number[]) => sql.raw(`array[${values.map((v) => Math.trunc(v)).join(',')}]::int[]`);

/**
 * The INSERT of the orders (see the head of the file), one row per g of generate_series (g = 0 the newest) and no
 * join: the choices are looked up in arrays by index (a join of a million generated rows was misestimated and
 * hashed on the wrong side, spilling to disk: 20 minutes on PGlite). ra, rb, rc: three independent pseudo-random
 * draws per order (hashint4 of g, salted), all ≥ 0.
 */
export const insertOrders = (companyId: number, size: WorkOrderDataSize, end: Date, links: OrderLinks) => {
  const endSql = sql`${end.toISOString()}::timestamptz`;
  const step = (SPAN_DAYS * 86_400) / size.orders;
  const recent = Math.round(size.orders * 0.006);
  const fortnight = Math.round(size.orders * 0.03);
  const types = WorkOrderType.values;
  const priorities = WorkOrderPriority.values;
  // a (type, priority) pair's targets at index 1 + type * 4 + priority
  const targets = types.flatMap((t) => priorities.map((p) => DEFAULT_DEADLINE_SETTINGS.targets[t][p]));
  const kindType = KIND_SLOTS.map((slot) => types.indexOf(slot.split('|')[0] as (typeof types)[number]));
  const kindSource = KIND_SLOTS.map((slot) => slot.split('|')[1] as string);
  const priorityOf = PRIORITY_SLOTS.map((p) => priorities.indexOf(p as (typeof priorities)[number]));
  const meterTypes = METER_TYPES.map((t) => types.indexOf(t as (typeof types)[number]));
  const { crew, dispatchers, areas, meters } = links;
  return sql`insert into work_orders (company_id, code, title, type, priority, status, source, description, address,
        lng, lat, contact_name, contact_phone, meter_id, area_id, district_id, department_id, assignee_id,
        creator_id, creator_name, created_at, assigned_at, accepted_at, started_at, completed_at, closed_at, cancelled_at,
        deferred_until, response_due_at, resolve_due_at, response_target_minutes, resolve_target_minutes, clock,
        cause, materials, resolution, updated_at)
    select ${companyId},
           'GD' || to_char(((o.created + interval '8 hours') at time zone 'UTC'), 'YYYYMMDD')
                || lpad((${n(size.orders)} - o.g)::text, 7, '0'),
           (${textArray(types.map((t) => WorkOrderType.labels[t]['zh-CN']))})[1 + o.ti] || '：' || o.address,
           (${textArray(types)})[1 + o.ti], (${textArray(priorities)})[1 + o.pi], o.status, o.source,
           (${textArray(types.map((t) => WorkOrderType.labels[t]['zh-CN']))})[1 + o.ti] || '，' || o.address
             || '，请尽快处理',
           o.address,
           116.3 + (o.rc % 2000) / 10000.0, 39.85 + (o.rb % 2000) / 10000.0,
           case when o.source = 'complaint' then (${textArray(SURNAMES)})[1 + o.rc % 20] || '先生' end,
           case when o.source = 'complaint' then '13' || lpad((o.rc % 1000000000)::text, 9, '0') end,
           case when o.metered then (${bigints(meters.map((m) => m.id))})[1 + o.mk] end,
           case when o.metered then (${bigints(meters.map((m) => m.areaId))})[1 + o.mk]
                else (${bigints(areas.map((x) => x.id))})[1 + o.ak] end,
           case when o.metered then (${bigints(meters.map((m) => m.districtId))})[1 + o.mk]
                else (${bigints(areas.map((x) => x.districtId))})[1 + o.ak] end,
           case when o.assigned then (${bigints(crew.map((c) => c.departmentId))})[1 + o.ck] end,
           case when o.assigned then (${bigints(crew.map((c) => c.id))})[1 + o.ck] end,
           case when o.source in ('manual', 'complaint')
                then (${bigints(dispatchers.map((d) => d.id))})[1 + o.rc % ${n(Math.max(1, dispatchers.length))}] end,
           '调度员',
           o.created,
           case when o.assigned then least(o.created + (5 + o.ra % 55) * interval '1 minute', ${endSql}) end,
           case when o.status in ('processing', 'deferred', 'completed', 'closed')
                then least(o.created + (10 + o.ra % 55 + o.rb % 40) * interval '1 minute', ${endSql}) end,
           case when o.status in ('deferred', 'completed', 'closed') or (o.status = 'processing' and o.h % 2 = 0)
                then least(o.started, ${endSql}) end,
           case when o.status in ('completed', 'closed') then least(greatest(o.completed, o.started), ${endSql}) end,
           case when o.status = 'closed'
                then least(greatest(o.completed, o.started) + (60 + o.ra % 600) * interval '1 minute', ${endSql}) end,
           case when o.status = 'cancelled' then o.created + interval '30 minutes' end,
           case when o.status = 'deferred' then ${endSql} + (1 + o.ra % 3) * interval '1 day' end,
           o.created + o.response_min * interval '1 minute',
           o.created + o.resolve_min * interval '1 minute',
           o.response_min, o.resolve_min, 'hours24',
           case when o.status in ('completed', 'closed')
                then (${textArray(CompletionCause.values)})[1 + o.rc % ${n(CompletionCause.values.length)}] end,
           case when o.status in ('completed', 'closed') then (${textArray(MATERIALS)})[1 + o.rb % 5] end,
           case when o.status in ('completed', 'closed') then '已处理完毕' end,
           least(o.created + interval '3 days', ${endSql})
    from (
      select s.*,
             s.created + (30 + s.ra % 55 + s.rb % 40 + s.rc % 60) * interval '1 minute' as started,
             s.created + s.resolve_min * (30 + s.rb % 80) / 100 * interval '1 minute' as completed,
             case when not s.open then (case when s.g % 25 = 3 then 'cancelled' else 'closed' end)
                  when s.h < 5 then 'pending' when s.h < 15 then 'processing' when s.h = 15 then 'deferred'
                  else 'completed' end as status,
             not ((s.open and s.h < 3) or (not s.open and s.g % 25 = 3 and s.rb % 2 = 0)) as assigned
      from (
        select k.*,
               (${ints(targets.map((t) => t.responseMinutes))})[1 + k.ti * 4 + k.pi] as response_min,
               (${ints(targets.map((t) => t.resolveMinutes))})[1 + k.ti * 4 + k.pi] as resolve_min
        from (
          select d.*,
                 (${ints(kindType)})[1 + d.ra % ${n(KIND_SLOTS.length)}] as ti,
                 (${textArray(kindSource)})[1 + d.ra % ${n(KIND_SLOTS.length)}] as source,
                 case when (${ints(kindType)})[1 + d.ra % ${n(KIND_SLOTS.length)}] = ${n(types.indexOf('burst'))}
                      then 0 else (${ints(priorityOf)})[1 + (d.ra / 100) % 20] end as pi,
                 (${ints(kindType)})[1 + d.ra % ${n(KIND_SLOTS.length)}] in (${sql.raw(meterTypes.join(', '))})
                   and ${n(meters.length)} > 0 as metered,
                 ((d.rb / 7) % ${n(Math.max(1, meters.length))})::int as mk,
                 ((d.ra / 7) % ${n(areas.length)})::int as ak,
                 (d.rb % ${n(crew.length)})::int as ck,
                 (d.ra / 2000) % 20 as h,
                 (${textArray(STREETS)})[1 + d.rc % 50] || (1 + (d.rc / 50) % 800) || '号' as address
          from (
            select g, ${endSql} - g * ${sql.raw(`interval '${step.toFixed(3)} seconds'`)} as created,
                   abs(hashint4(g)::bigint) as ra, abs(hashint4(-g - 1)::bigint) as rb,
                   abs(hashint4(g + 1000000000)::bigint) as rc,
                   (g < ${n(recent)} or (g < ${n(fortnight)} and g % 3 = 0) or g % 1000 = 500) as open
            from generate_series(0, ${n(size.orders - 1)}) g) d) k) s) o`;
};

/** The crew, areas and meters of the tenant as the orders point at them (each area's district from district_areas). */
const linksOf = async (
  db: Kysely<DB>,
  companyId: number,
  crew: BenchAccount[],
  dispatchers: BenchAccount[],
): Promise<OrderLinks> => {
  const areas = await sql<{ id: string | number; district_id: string | number }>`
    select a.id, da.district_id from areas a
    join district_areas da on da.company_id = a.company_id and da.area_id = a.id
    where a.company_id = ${companyId} order by a.id`.execute(db);
  const districtOf = new Map(areas.rows.map((a) => [Number(a.id), Number(a.district_id)]));
  const meters = await db
    .selectFrom('water_meters')
    .select(['id', 'area_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return {
    crew: crew.map((c) => ({ id: c.id, departmentId: c.departmentId })),
    dispatchers: dispatchers.map((d) => ({ id: d.id })),
    areas: areas.rows.map((a) => ({ id: Number(a.id), districtId: Number(a.district_id) })),
    meters: meters.flatMap((m) => {
      const districtId = districtOf.get(Number(m.area_id));
      return districtId === undefined ? [] : [{ id: Number(m.id), areaId: Number(m.area_id), districtId }];
    }),
  };
};

/**
 * Drops the table's foreign keys and answers how to add them back (one join to check them all instead of a trigger
 * call per inserted row).
 */
const dropForeignKeys = async (db: Kysely<DB>, table: string): Promise<string[]> => {
  const keys = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = to_regclass(${table}) and contype = 'f'`.execute(db);
  for (const k of keys.rows) await sql`alter table ${sql.id(table)} drop constraint ${sql.id(k.name)}`.execute(db);
  return keys.rows.map((k) => `alter table ${table} add constraint ${k.name} ${k.definition}`);
};

/** Fills the tenant of `companyId` (see the head of this file); answers its accounts and how long each step took. */
export const buildWorkOrderData = async (
  db: Kysely<DB>,
  companyId: number,
  size: WorkOrderDataSize,
): Promise<WorkOrderData> => {
  const places = await buildRegistryData(db, companyId, {
    meters: size.meters,
    regions: size.regions,
    areasPerRegion: size.areasPerRegion,
  });
  const seconds: Record<string, number> = { ...places.seconds };
  const areaCount = places.areas.length;
  const districtCount = Math.ceil(areaCount / size.areasPerDistrict);
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await timed(seconds, 'districtsTeams', async () => {
    await sql`insert into districts (company_id, district_name, kind)
        select ${companyId}, '压测分区' || lpad(k::text, 3, '0'), 1 from generate_series(0, ${n(districtCount - 1)}) k`.execute(
      db,
    );
    await sql`insert into district_areas (company_id, district_id, area_id)
        select ${companyId}, d.id, a.id from ${numbered('areas', companyId)} a
        join ${numbered('districts', companyId, "t.district_name like '压测分区%'")} d
          on d.k = a.k / ${n(size.areasPerDistrict)}`.execute(db);
    await sql`insert into departments (company_id, parent_id, name, sort)
        select ${companyId}, 0, '抢修' || lpad((k + 1)::text, 2, '0') || '班', k
        from generate_series(0, ${n(size.teams - 1)}) k`.execute(db);
  });
  const teams = (
    await db
      .selectFrom('departments')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', 'like', '抢修%')
      .orderBy('id')
      .execute()
  ).map((r) => Number(r.id));

  const hash = await hashPassword(BENCH_PASSWORD);
  const { crew, dispatchers, scoped } = await timed(seconds, 'accounts', async () => {
    const crew = await insertAccounts(
      db,
      companyId,
      { prefix: 'wocrew', count: size.crew, nickname: '维修工', role: 'CREW', accountType: 4, teams: size.teams },
      hash,
    );
    const dispatchers = await insertAccounts(
      db,
      companyId,
      { prefix: 'wodisp', count: size.dispatchers, nickname: '调度员', role: 'DISPATCHER', accountType: 2, teams: 0 },
      hash,
    );
    const [scopedAccount] = await insertAccounts(
      db,
      companyId,
      { prefix: 'woscoped', count: 1, nickname: '片区调度', role: 'DISPATCHER', accountType: 2, teams: 0 },
      hash,
    );
    // the region of the areas in the middle of the list: its orders are a twentieth of the tenant's
    const regionId = places.areas[Math.floor(areaCount / 2)]?.regionId ?? 0;
    const scoped = { ...(scopedAccount as BenchAccount), regionId };
    await db
      .insertInto('user_region_areas')
      .values({ company_id: companyId, user_id: scoped.id, region_id: regionId, area_id: null })
      .execute();
    return { crew, dispatchers, scoped };
  });

  const links = await linksOf(db, companyId, crew, dispatchers);
  const indexes = await dropSecondaryIndexes(db, 'work_orders');
  const keys = await dropForeignKeys(db, 'work_orders');
  await timed(seconds, 'orders', () => insertOrders(companyId, size, end, links).execute(db));
  await timed(seconds, 'orderIndexes', async () => {
    await createIndexes(db, indexes);
    for (const k of keys) await sql.raw(k).execute(db);
  });

  // the open orders' history: created, assigned, accepted, deferred or completed — what an action on them reads
  await timed(seconds, 'events', async () => {
    const open = sql`o.company_id = ${companyId} and o.status in ('pending', 'processing', 'deferred', 'completed')`;
    const assignee = sql`join users u on u.company_id = o.company_id and u.id = o.assignee_id`;
    await sql`insert into work_order_events (company_id, order_id, action, from_status, to_status, username, at)
        select o.company_id, o.id, 'created', null, 'pending', o.creator_name, o.created_at
        from work_orders o where ${open} order by o.id`.execute(db);
    await sql`insert into work_order_events (company_id, order_id, action, from_status, to_status, username, at,
                                             assignee_id, assignee_name, department_name)
        select o.company_id, o.id, 'assign', 'pending', 'pending', o.creator_name, o.assigned_at, o.assignee_id,
               u.nickname, dep.name
        from work_orders o ${assignee}
        join departments dep on dep.company_id = o.company_id and dep.id = o.department_id
        where ${open} order by o.id`.execute(db);
    await sql`insert into work_order_events (company_id, order_id, action, from_status, to_status, user_id, username, at)
        select o.company_id, o.id, 'accept', 'pending', 'processing', o.assignee_id, u.username, o.accepted_at
        from work_orders o ${assignee} where ${open} and o.accepted_at is not null order by o.id`.execute(db);
    await sql`insert into work_order_events (company_id, order_id, action, from_status, to_status, user_id, username, at,
                                             comment, due_at)
        select o.company_id, o.id, 'delay', 'processing', 'deferred', o.assignee_id, u.username, o.started_at,
               '等待材料', o.deferred_until
        from work_orders o ${assignee} where ${open} and o.status = 'deferred' order by o.id`.execute(db);
    await sql`insert into work_order_events (company_id, order_id, action, from_status, to_status, user_id, username, at,
                                             cause, materials)
        select o.company_id, o.id, 'complete', 'processing', 'completed', o.assignee_id, u.username, o.completed_at,
               o.cause, o.materials
        from work_orders o ${assignee} where ${open} and o.status = 'completed' order by o.id`.execute(db);
  });
  // the code rule continues after the generated sequence
  await db
    .insertInto('code_rules')
    .values({
      company_id: companyId,
      kind: 'workOrder',
      prefix: 'GD',
      date_part: 'yyyyMMdd',
      seq_length: 4,
      next_seq: size.orders + 1,
      updated_at: end,
    })
    .onConflict((oc) => oc.columns(['company_id', 'kind']).doUpdateSet({ next_seq: size.orders + 1 }))
    .execute();
  await timed(seconds, 'vacuumAnalyze', () => sql`vacuum analyze`.execute(db));

  const open = await sql<{ n: string | number }>`select count(*) as n from work_orders
    where company_id = ${companyId} and status in ('pending', 'processing', 'deferred', 'completed')`.execute(db);
  return {
    companyId,
    end,
    crew,
    dispatchers,
    scoped,
    teams,
    regions: [...new Set(places.areas.map((a) => a.regionId))],
    openOrders: Number(open.rows[0]?.n ?? 0),
    seconds,
  };
};

export type RelationSize = { table: string; index: string; bytes: number };

/** The sizes of the order table and its indexes (the table itself as index `(table)`). */
export const orderRelationSizes = async (db: Kysely<DB>): Promise<RelationSize[]> => {
  const rows = await sql<{ table: string; index: string; bytes: string | number }>`
    select c.relname as table, '(table)' as index, pg_relation_size(c.oid) as bytes
    from pg_class c where c.relname = 'work_orders' and c.relkind = 'r'
    union all
    select t.relname, i.relname, pg_relation_size(i.oid)
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = 'work_orders'
    order by 1, 2`.execute(db);
  return rows.rows.map((r) => ({ table: r.table, index: r.index, bytes: Number(r.bytes) }));
};
