// The query plans behind the registry benchmark's filtered cases: the SQL the generic resource repository sends for
// the meter list (gateway/src/services/resource/resourceRepository.ts with the filters of device/meterRoutes.ts:
// rows of one page ordered by body code, then the count), under EXPLAIN ANALYZE — enough to see whether the area
// index and the text_pattern_ops code-prefix index serve the filters or the whole tenant is read and sorted.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { explainQueries } from './benchApp.ts';

/** The list's columns (meterRoutes COLUMNS) as the repository selects them. */
const COLUMNS = sql.raw(
  [
    'id',
    'meter_code',
    'remote_code',
    'collector_id',
    'concentrator_id',
    'manufacturer_id',
    'meter_model_id',
    'caliber',
    'valve_control',
    'steel_seal',
    'lead_seal_no',
    'max_reading',
    'base_reading',
    'precision',
    'parent_meter_id',
    'area_id',
    'address',
    'install_date',
    'operation_years',
    'used',
    'lng',
    'lat',
    'online',
    'last_report_at',
    'remark',
    'created_at',
  ]
    .map((c) => `t.${c}`)
    .join(', '),
);

export type PlanContext = {
  companyId: number;
  areaId: number;
  regionId: number;
  prefix: string;
  earlyPrefix: string;
  deepOffset: number;
};

const queries = (c: PlanContext): [string, RawBuilder<unknown>][] => {
  const meters = (where: RawBuilder<unknown>, offset = 0): [RawBuilder<unknown>, RawBuilder<unknown>] => [
    sql`select ${COLUMNS} from water_meters t where t.company_id = ${c.companyId} and ${where}
        order by t.meter_code asc, t.id asc limit 50 offset ${offset}`,
    sql`select count(*) from water_meters t where t.company_id = ${c.companyId} and ${where}`,
  ];
  // the prefix as the route writes it: LIKE (not ILIKE), wildcards escaped; the prefix holds none
  const prefix = sql`t.meter_code like ${`${c.prefix}%`}`;
  const area = sql`t.area_id = ${c.areaId}`;
  // the regionId filter and a region-scoped account's data scope are the same "area in the region's areas", spelt
  // as resourceScope.ts inAreasOfRegions does; the correlated spelling it replaced is kept as a what-if
  const region = sql`t.area_id = any(array(select sa.id from areas sa where sa.region_id in (${c.regionId})))`;
  const regionCorrelated = sql`t.area_id in (select sa.id from areas sa where sa.company_id = t.company_id
                               and sa.region_id = ${c.regionId})`;
  const cases: [string, [RawBuilder<unknown>, RawBuilder<unknown>]][] = [
    ['page 1', meters(sql`true`)],
    ['by area', meters(area)],
    ['by code prefix (late batch)', meters(prefix)],
    ['by code prefix (early batch)', meters(sql`t.meter_code like ${`${c.earlyPrefix}%`}`)],
    ['by area and code prefix', meters(sql`${area} and ${prefix}`)],
    ['deep page', meters(sql`true`, c.deepOffset)],
    ['code contains', meters(sql`t.meter_code ilike ${'%00042%'}`)],
    ['by region (or region-scoped account)', meters(region)],
    ['region-scoped, code prefix', meters(sql`${region} and ${prefix}`)],
    // what-if: the region condition correlated on t.company_id, as it was (PostgreSQL 15 runs it once per meter)
    ['by region, correlated subquery (before)', meters(regionCorrelated)],
  ];
  return cases.flatMap(([name, [rows, count]]) => [
    [`${name} (rows)`, rows],
    [`${name} (count)`, count],
  ]);
};

/** EXPLAIN ANALYZE of each case's rows query and count query. */
export const explainMeterQueries = (db: Kysely<DB>, c: PlanContext) => explainQueries(db, queries(c));
