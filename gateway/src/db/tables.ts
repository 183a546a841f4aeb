// The typed shape of the database for Kysely: one interface per table, as migrations/ creates them.
// Tenant tables lead with company_id (architecture §4, ready for Citus); the few global tables (logins, tokens,
// oauth_clients, sign-in counters, captchas) are read before the tenant is known and would be Citus reference tables.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AlarmTables } from './alarmTables.ts';
import type { DashboardTables } from './dashboardTables.ts';
import type { DisplayTables } from './displayTables.ts';
import type { DmaTables } from './dmaTables.ts';
import type { NoticeTables } from './noticeTables.ts';
import type { WorkOrderTables } from './workOrderTables.ts';

/** A timestamptz column: read as Date, written as Date (or the database default where Generated). */
type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  name_en: string | null;
  /** the name shown beside the logo in the top bar */
  logo_name: string;
  logo_name_en: string | null;
  logo_img: string | null;
  /** the company's default role (spec §6: "roleId comes from the company record") */
  role_id: number | null;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  // Companies administration (migration 0007)
  /** the company that created this one; null for a top company */
  parent_id: number | null;
  /** 'water' (water company) or 'meter' (meter maker) */
  kind: Generated<string>;
  /** short code, unique across companies (case-insensitive) */
  code: string | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
}

export interface UsersTable {
  company_id: number;
  id: Generated<number>;
  username: string;
  /** scrypt, see services/uaa/passwordHash.ts */
  password_hash: string;
  nickname: string;
  mobile: string | null;
  head_img_url: string | null;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** m0009: the account's department (null: none) */
  department_id: Generated<number | null>;
  /** m0009: 1 manager, 2 operator, 3 meter reader, 4 maintenance */
  account_type: Generated<number>;
}

/** Global: user name → tenant and user, so sign-in finds the tenant without breaking company_id-first keys. */
export interface LoginsTable {
  username: string;
  company_id: number;
  user_id: number;
}

export interface RolesTable {
  company_id: number;
  id: Generated<number>;
  /** stable code: ADMIN, OPERATOR… */
  code: string;
  name: string;
  name_en: string | null;
  /** role type, sent as `identity` by the work-order list (spec §6) */
  type: string;
  created_at: CreatedAt;
}

export interface UserRolesTable {
  company_id: number;
  user_id: number;
  role_id: number;
}

/** Menu entry kinds: a page, a menu with children, a permission entry (carries `permission`). */
export const MENU_TYPE = { page: 0, menu: 1, permission: 2 } as const;

export interface MenusTable {
  company_id: number;
  id: Generated<number>;
  /** 0 = top level */
  parent_id: number;
  name: string;
  name_en: string | null;
  type: number;
  permission: string | null;
  /** page component key ('Layout' for a directory) */
  path: string;
  /** route path, or an external link */
  url: string;
  css: string;
  hidden: boolean;
  sort: number;
  affix: boolean;
  badge: string | null;
  target: string | null;
  /** open for the company; set by its parent company (migration 0008, shared/src/user/menuOpening.ts) */
  opened: Generated<boolean>;
}

export interface RoleMenusTable {
  company_id: number;
  role_id: number;
  menu_id: number;
}

/** Global: OAuth clients (the web app's Basic credential). */
export interface OauthClientsTable {
  client_id: string;
  secret_hash: string;
  scope: string;
  created_at: CreatedAt;
}

/** Global: access tokens, looked up by their SHA-256 (the token itself is never stored). */
export interface TokensTable {
  token_hash: string;
  company_id: number;
  user_id: number;
  client_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Date | null;
}

export interface OperationLogTable {
  company_id: number;
  id: Generated<number>;
  user_id: number | null;
  username: string;
  operation: string;
  detail: string;
  ip: string;
  created_at: Timestamp;
  /** 'success' | 'failed' (migration 0010) */
  result: ColumnType<'success' | 'failed', 'success' | 'failed' | undefined, never>;
  /** the message a failed attempt was answered; null on success */
  reason: string | null;
}

export interface FilesTable {
  company_id: number;
  id: string;
  /** the uploader; null once their account was deleted */
  user_id: number | null;
  name: string;
  content_type: string;
  size: number;
  created_at: Timestamp;
}

/** An uploaded file's bytes, when WATEROPS_FILE_STORE=database (migration 0022); keyed like `files`. */
export interface FileContentsTable {
  company_id: number;
  id: string;
  /** Buffer from pg, Uint8Array from PGlite */
  content: Uint8Array;
  created_at: CreatedAt;
}

/** Global: failed sign-ins per user name within a window (shared by every instance through the database). */
export interface LoginFailuresTable {
  username: string;
  failures: number;
  window_started_at: Timestamp;
}

/** Global: verification codes, stored as a hash, bound to the device id the image was fetched with. */
export interface CaptchasTable {
  device_id: string;
  code_hash: string;
  expires_at: Timestamp;
}

/** Two-step verification of an account (migration 0021); secrets sealed by services/uaa/totpSecretBox.ts. */
export interface UserTotpTable {
  company_id: number;
  user_id: number;
  /** an administrator requires it: sign-in leads an account without a confirmed secret to enrol */
  required: ColumnType<boolean, boolean | undefined, boolean>;
  /** the confirmed secret; null = two-step verification off */
  secret_sealed: string | null;
  /** a secret shown for enrolment, not yet confirmed with a code */
  pending_secret_sealed: string | null;
  /** the last 30 s step a code was accepted for: that code and older ones are refused */
  last_step: ColumnType<number | null, number | null, number | null>;
  enabled_at: Timestamp | null;
}

/** A company's numbering of one code kind (resident, meter, work order, bill), migration 0007. */
export interface CodeRulesTable {
  company_id: number;
  kind: string;
  prefix: string;
  /** none | yyyy | yyyyMM | yyyyMMdd */
  date_part: string;
  seq_length: number;
  /** the sequence the next code gets */
  next_seq: number;
  updated_at: Timestamp;
}

/** Global: SMS codes (migration 0005), one per purpose and mobile, stored as a hash, with the per-mobile send window. */
export interface SmsCodesTable {
  purpose: string;
  mobile: string;
  /** the company the code was sent for (registration joins it) */
  company_id: number;
  code_hash: string;
  expires_at: Timestamp;
  /** wrong attempts at the current code */
  attempts: number;
  last_sent_at: Timestamp;
  /** the start of the send window `sends` counts in */
  window_started_at: Timestamp;
  sends: number;
}

/** The built-in SMS sender's messages (migration 0005): what a real provider would have delivered. */
export interface SmsOutboxTable {
  company_id: number;
  id: Generated<number>;
  mobile: string;
  text: string;
  purpose: string;
  created_at: Timestamp;
}

/** Spreadsheet import jobs (migration 0006): one per upload, polled by the web while its rows are saved. */
export interface ImportJobsTable {
  company_id: number;
  id: Generated<number>;
  /** the resource's name ('user') */
  resource: string;
  user_id: number | null;
  username: string;
  /** the starter's language: failure reasons and the job's error are written in it */
  locale: string;
  status: Generated<'waiting' | 'importing' | 'success' | 'failed'>;
  file_name: string;
  total: Generated<number>;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  /** [{ row, values, reason }] */
  failures: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  heartbeat_at: ColumnType<Date, Date | undefined, Date>;
}

/** Regions (片区) of a tenant; region_name unique in the tenant. */
export interface RegionsTable {
  company_id: number;
  id: Generated<number>;
  region_name: string;
  remark: string | null;
  created_at: CreatedAt;
}

/** Residential areas (小区); area_name unique in the tenant; position in BD-09 (null until placed). */
export interface AreasTable {
  company_id: number;
  id: Generated<number>;
  region_id: number;
  area_name: string;
  address: string | null;
  lng: number | null;
  lat: number | null;
  remark: string | null;
  created_at: CreatedAt;
}

/** Departments: a tree by parent_id (0 = top); a name is unique among siblings. */
export interface DepartmentsTable {
  company_id: number;
  id: Generated<number>;
  parent_id: number;
  name: string;
  sort: number;
  created_at: CreatedAt;
}

/** An account's data scope: a whole region (area_id null) or one area. No row = unrestricted. */
export interface UserRegionAreasTable {
  company_id: number;
  user_id: number;
  region_id: number | null;
  area_id: number | null;
}

// ── The registry (issue 4, migration 0011). numeric columns read as strings (exact), written as number or string.
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type DateOnly = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

/** Meter and device manufacturers; name unique in the tenant. */
export interface ManufacturersTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  code: string | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Meter models (表型); type_name unique. meter_kind: 1 mechanical, 2 wired remote, 3 wireless, 4 NB-IoT, 5 IC card. */
export interface MeterModelsTable {
  company_id: number;
  id: Generated<number>;
  type_name: string;
  manufacturer_id: number | null;
  meter_kind: Generated<number>;
  caliber: number | null;
  max_reading: Numeric;
  precision: number | null;
  valve_control: Generated<boolean>;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Collector types; type_name unique; link_kind 1 wired, 2 wireless. */
export interface CollectorTypesTable {
  company_id: number;
  id: Generated<number>;
  type_name: string;
  link_kind: Generated<number>;
  manufacturer_id: number | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Resident categories (用户类别, the resident's "user type"); type_name unique. */
export interface ResidentCategoriesTable {
  company_id: number;
  id: Generated<number>;
  type_name: string;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Parameter config (paramconfig): values by key_type group and code, each enabled or not. */
export interface ParamConfigsTable {
  company_id: number;
  id: Generated<number>;
  key_type: string;
  code: string;
  name: string;
  value: string | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ConcentratorsTable {
  company_id: number;
  id: Generated<number>;
  concentrator_code: string;
  name: string | null;
  manufacturer_id: number | null;
  area_id: number | null;
  address: string | null;
  ip: string | null;
  port: number | null;
  sim_card: string | null;
  report_rate: number | null;
  install_date: DateOnly;
  used: Generated<boolean>;
  lng: number | null;
  lat: number | null;
  online: Generated<boolean>;
  last_report_at: Timestamp | null;
  /** m0013: the device clock minus the server clock at its last report, seconds (clock drift) */
  clock_offset_s: number | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Collectors; link_kind 1 wired (findWiredList), 2 wireless (findWirelessList). */
export interface CollectorsTable {
  company_id: number;
  id: Generated<number>;
  collector_code: string;
  link_kind: Generated<number>;
  collector_type_id: number | null;
  concentrator_id: number | null;
  area_id: number | null;
  address: string | null;
  ip: string | null;
  port: number | null;
  upload_frequency: number | null;
  channel: number | null;
  install_date: DateOnly;
  online: Generated<boolean>;
  last_report_at: Timestamp | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Water meters; meter_code is the body code (表身号), unique in the tenant. */
export interface WaterMetersTable {
  company_id: number;
  id: Generated<number>;
  meter_code: string;
  remote_code: string | null;
  collector_id: number | null;
  concentrator_id: number | null;
  manufacturer_id: number | null;
  meter_model_id: number | null;
  caliber: number | null;
  valve_control: Generated<boolean>;
  steel_seal: string | null;
  lead_seal_no: string | null;
  max_reading: Numeric;
  base_reading: Numeric;
  precision: number | null;
  parent_meter_id: number | null;
  area_id: number | null;
  address: string | null;
  install_date: DateOnly;
  operation_years: number | null;
  used: Generated<boolean>;
  lng: number | null;
  lat: number | null;
  online: Generated<boolean>;
  last_report_at: Timestamp | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  // m0013: the last status the meter reported (ingestion keeps these current)
  last_reading: Numeric;
  voltage: Numeric;
  csq: number | null;
  rsrp: number | null;
  /** 1 open, 0 closed */
  valve_state: number | null;
  /** the first China day whose daily values must be recomputed (null: the daily series is up to date) */
  dirty_from: DateOnly;
  /** m0025: household (in a residential area) or a bulk kind (district, bulk, pump; area optional) */
  meter_kind: Generated<'household' | 'district' | 'bulk' | 'pump'>;
}

/** Valves (deviceValve); valve_state 1 open, 0 closed. */
export interface ValvesTable {
  company_id: number;
  id: Generated<number>;
  valve_code: string;
  name: string | null;
  valve_kind: Generated<number>;
  caliber: number | null;
  valve_state: Generated<number>;
  meter_id: number | null;
  area_id: number | null;
  address: string | null;
  lng: number | null;
  lat: number | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Residents (household accounts); resident_code unique; status 1 normal, 2 suspended, 3 closed. */
export interface ResidentsTable {
  company_id: number;
  id: Generated<number>;
  resident_code: string;
  resident_name: string;
  address: string | null;
  phone: string | null;
  id_card: string | null;
  bank_card: string | null;
  category_id: number | null;
  charge_fee: Generated<boolean>;
  tax_number: string | null;
  invoice_name: string | null;
  area_id: number | null;
  floor: string | null;
  residents_count: number | null;
  original_account_no: string | null;
  open_date: DateOnly;
  status: Generated<number>;
  app_username: string | null;
  app_password_hash: string | null;
  remark: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The resident–meter binding history: unbound_at null while bound; at most one open binding per meter. */
export interface ResidentMetersTable {
  company_id: number;
  id: Generated<number>;
  resident_id: number;
  meter_id: number;
  bound_at: ColumnType<Date, Date | undefined, Date>;
  bound_by: number | null;
  start_reading: Numeric;
  unbound_at: Timestamp | null;
  unbound_by: number | null;
  end_reading: Numeric;
  /** 'relieve' | 'takeOff' | 'clearance' */
  unbind_kind: string | null;
  remark: string | null;
}

// ── Telemetry (m0013) ─────────────────────────────────────────────────────────────────────────────────────────────

/** Raw register reads, append-only, partitioned by month of read_at (services/reading/readingPartitions.ts). */
export interface MeterReadingsTable {
  company_id: number;
  meter_id: number;
  read_at: Timestamp;
  /** cumulative register, m³ */
  reading: ColumnType<string, number | string, never>;
  voltage: Numeric;
  csq: number | null;
  rsrp: number | null;
  /** 1 open, 0 closed */
  valve_state: number | null;
  /** 1 device, 2 manual read, 3 import */
  source: Generated<number>;
  received_at: CreatedAt;
}

/** The validated daily series (VEE): derived from meter_readings, recomputed when late data arrives. */
export interface ReadingDaysTable {
  company_id: number;
  meter_id: number;
  day: ColumnType<Date, Date | string, Date | string>;
  raw_reading: Numeric;
  reading: ColumnType<string, number | string, number | string>;
  consumption: Numeric;
  raw_consumption: Numeric;
  /** A actual, E estimated, S substituted */
  quality: string;
  /** the validation rule that fired, if any */
  rule: string | null;
  reads: Generated<number>;
  /** defaults to now() */
  computed_at: ColumnType<Date, Date | undefined, Date>;
}

/** Meter swaps: the register restarts at a new base. */
export interface MeterReplacementsTable {
  company_id: number;
  id: Generated<number>;
  meter_id: number;
  replaced_at: Timestamp;
  old_meter_code: string;
  old_final_reading: ColumnType<string, number | string, number | string>;
  new_meter_code: string;
  new_base_reading: ColumnType<string, number | string, number | string>;
  created_by: number | null;
  remark: string | null;
  created_at: CreatedAt;
}

/** Month-end bases (抄表底数), one per meter and 'YYYY-MM' period. */
export interface MeterBasesTable {
  company_id: number;
  id: Generated<number>;
  meter_id: number;
  period: string;
  start_reading: Numeric;
  end_reading: Numeric;
  consumption: Numeric;
  quality: Generated<string>;
  /** 1 month-end freeze, 2 import, 3 manual */
  source: Generated<number>;
  /** 0 unchecked, 1 normal, 2 abnormal */
  check_state: Generated<number>;
  check_message: string | null;
  frozen_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Commands to devices: created → executing → success | failed, or cancelled at creation. */
export interface DeviceCommandsTable {
  company_id: number;
  id: Generated<number>;
  /** 1 concentrator, 2 collector, 3 water meter */
  device_kind: number;
  device_id: number;
  device_code: string;
  concentrator_id: number | null;
  command: string;
  params: ColumnType<unknown, string | null, string | null>;
  /** 0 created, 1 executing, 2 success, 3 failed, 4 cancelled */
  state: Generated<number>;
  /** offline | intercepted | timeout | device */
  reason: string | null;
  message: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  batch_id: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  finished_at: Timestamp | null;
  deadline_at: Timestamp;
}

/** Data-push blacklist (1), reading-sync blacklist (2), device command filter (3). */
export interface DeviceBlacklistsTable {
  company_id: number;
  id: Generated<number>;
  list_kind: number;
  /** 1 concentrator, 2 collector, 3 water meter */
  device_kind: number;
  device_id: number;
  device_code: string;
  reason: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** Keys devices and head-end systems sign ingestion calls with (stored as sha256, shown once). */
export interface IngestKeysTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  key_prefix: string;
  key_hash: string;
  /** null: every device of the company; else only this concentrator's */
  concentrator_id: number | null;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
}

/** Global: one row per scheduled job and period; the insert that wins runs it. */
export interface JobRunsTable {
  job: string;
  period: string;
  instance: string;
  started_at: Generated<Date>;
  finished_at: Timestamp | null;
  detail: ColumnType<unknown, string | null, string | null>;
}

export interface DB extends AlarmTables, NoticeTables, DmaTables, WorkOrderTables, DashboardTables, DisplayTables {
  companies: CompaniesTable;
  users: UsersTable;
  logins: LoginsTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  menus: MenusTable;
  role_menus: RoleMenusTable;
  oauth_clients: OauthClientsTable;
  tokens: TokensTable;
  operation_log: OperationLogTable;
  files: FilesTable;
  file_contents: FileContentsTable;
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  user_totp: UserTotpTable;
  regions: RegionsTable;
  areas: AreasTable;
  departments: DepartmentsTable;
  user_region_areas: UserRegionAreasTable;
  import_jobs: ImportJobsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  code_rules: CodeRulesTable;
  manufacturers: ManufacturersTable;
  meter_models: MeterModelsTable;
  collector_types: CollectorTypesTable;
  resident_categories: ResidentCategoriesTable;
  param_configs: ParamConfigsTable;
  concentrators: ConcentratorsTable;
  collectors: CollectorsTable;
  water_meters: WaterMetersTable;
  valves: ValvesTable;
  residents: ResidentsTable;
  resident_meters: ResidentMetersTable;
  meter_readings: MeterReadingsTable;
  reading_days: ReadingDaysTable;
  meter_replacements: MeterReplacementsTable;
  meter_bases: MeterBasesTable;
  device_commands: DeviceCommandsTable;
  device_blacklists: DeviceBlacklistsTable;
  ingest_keys: IngestKeysTable;
  job_runs: JobRunsTable;
}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Menu = Selectable<MenusTable>;
export type NewMenu = Insertable<MenusTable>;
