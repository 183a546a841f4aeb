// Kysely types of the district-metering and pipe-network tables (issue 7, migration m0016_dma); DB in tables.ts
// extends this. Positions are BD-09; polygon and path are jsonb arrays of [lng, lat].
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type DateOnly = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Day = ColumnType<Date, Date | string, Date | string>;
/** jsonb [[lng, lat], ...]: written as JSON text */
type Positions = ColumnType<[number, number][] | null, string | null | undefined, string | null>;

export const DISTRICT_KIND = { zone: 1, supervision: 2 } as const;
export const DISTRICT_METER_ROLE = { inlet: 1, outlet: 2, supervision: 3, member: 4 } as const;

export interface DistrictsTable {
  company_id: number;
  id: Generated<number>;
  district_name: string;
  /** DISTRICT_KIND */
  kind: Generated<number>;
  parent_id: number | null;
  polygon: Positions;
  mains_length_km: Numeric;
  connections: number | null;
  private_pipe_km: Numeric;
  mean_pressure_m: Numeric;
  night_use_l_per_conn_h: Numeric;
  night_day_factor_h: Numeric;
  /** m0025: the legitimate night use stated directly, m³/h (wins over connections × L/h) */
  night_use_m3h: Numeric;
  /** m0027: the quiet period the night-flow detector learns its baseline from (null: the first three weeks) */
  baseline_from: DateOnly;
  baseline_to: DateOnly;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DistrictMetersTable {
  company_id: number;
  district_id: number;
  meter_id: number;
  /** DISTRICT_METER_ROLE */
  role: number;
}

export interface DistrictAreasTable {
  company_id: number;
  district_id: number;
  area_id: number;
}

/** Imported flow samples of inlet and outlet meters, m³/h. */
export interface InletFlowsTable {
  company_id: number;
  meter_id: number;
  at: Timestamp;
  flow: ColumnType<string, number | string, number | string>;
  imported_at: CreatedAt;
}

/** The nightly analysis per district and China day; nightline null when the night had too few points. */
export interface DistrictNightlinesTable {
  company_id: number;
  district_id: number;
  day: Day;
  nightline: Numeric;
  min_at: Date | null;
  points: number;
  expected: number;
  legitimate: Numeric;
  leakage: Numeric;
  mean_flow: Numeric;
  computed_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DistrictLeakEventsTable {
  company_id: number;
  id: Generated<number>;
  district_id: number;
  /** 'step' | 'trend' */
  kind: string;
  /** 'open' | 'repaired' | 'notConfirmed' (m0027) */
  status: string;
  start_day: Day;
  detected_day: Day;
  repaired_day: DateOnly;
  magnitude: ColumnType<string, number | string, number | string>;
  volume: ColumnType<string, number | string, number | string>;
  level: string;
  alarm_id: number | null;
  updated_at: UpdatedAt;
  /** m0018: the work order that reported the repair, and when */
  repair_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  repair_reported_at: DateOnly;
  /** m0027: when WaterOps first saw the event (wall clock); the key is (district, detected_day) */
  first_detected_at: ColumnType<Date, Date | undefined, never>;
}

export interface WellsTable {
  company_id: number;
  id: Generated<number>;
  well_code: string;
  name: string | null;
  /** 1 inspection, 2 valve, 3 meter, 4 junction, 5 tank, 6 reservoir */
  well_type: Generated<number>;
  depth_m: Numeric;
  elevation_m: Numeric;
  lng: number | null;
  lat: number | null;
  district_id: number | null;
  address: string | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PipelinesTable {
  company_id: number;
  id: Generated<number>;
  pipe_code: string;
  name: string | null;
  /** 1 transmission, 2 distribution, 3 service */
  pipe_type: Generated<number>;
  material: string | null;
  length_m: Numeric;
  depth_m: Numeric;
  diameter_mm: number | null;
  roughness: Numeric;
  start_meter_id: number | null;
  end_meter_id: number | null;
  start_well_id: number | null;
  end_well_id: number | null;
  district_id: number | null;
  path: Positions;
  /** 1 in service, 0 out of service */
  status: Generated<number>;
  install_date: DateOnly;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DmaTables {
  districts: DistrictsTable;
  district_meters: DistrictMetersTable;
  district_areas: DistrictAreasTable;
  inlet_flows: InletFlowsTable;
  district_nightlines: DistrictNightlinesTable;
  district_leak_events: DistrictLeakEventsTable;
  wells: WellsTable;
  pipelines: PipelinesTable;
}
