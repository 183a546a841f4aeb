// Kysely types of the work-order tables (issue 15, migration m0018_work_orders); DB in tables.ts extends this.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb arrays of strings (photo urls): read parsed, written as JSON text */
type JsonStrings = ColumnType<string[], string | undefined, string>;
/** a China day, read as a Date (pg) or a string (PGlite), written as 'YYYY-MM-DD' */
type Day = ColumnType<Date | string, string, string>;

export interface WorkOrdersTable {
  company_id: number;
  id: Generated<number>;
  code: string;
  title: string;
  type: string;
  priority: string;
  status: string;
  source: string;
  source_key: string | null;
  description: string;
  address: string | null;
  lng: number | null;
  lat: number | null;
  contact_name: string | null;
  contact_phone: string | null;
  meter_id: number | null;
  resident_id: number | null;
  area_id: number | null;
  district_id: number | null;
  alarm_id: number | null;
  leak_event_id: number | null;
  complaint_id: number | null;
  attachments: JsonStrings;
  department_id: number | null;
  assignee_id: number | null;
  creator_id: number | null;
  creator_name: string | null;
  created_at: Timestamp;
  assigned_at: OptionalTimestamp;
  accepted_at: OptionalTimestamp;
  started_at: OptionalTimestamp;
  completed_at: OptionalTimestamp;
  closed_at: OptionalTimestamp;
  cancelled_at: OptionalTimestamp;
  deferred_until: OptionalTimestamp;
  response_due_at: OptionalTimestamp;
  resolve_due_at: OptionalTimestamp;
  response_target_minutes: number;
  resolve_target_minutes: number;
  /** 'hours24' | 'working' */
  clock: string;
  escalation_level: Generated<number>;
  next_escalation_at: OptionalTimestamp;
  cause: string | null;
  materials: string | null;
  resolution: string | null;
  request_key: string | null;
  change_seq: Generated<string | number>;
  updated_at: Timestamp;
}

export interface WorkOrderEventsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  user_id: number | null;
  username: string | null;
  at: Timestamp;
  comment: string | null;
  attachments: JsonStrings;
  assignee_id: number | null;
  assignee_name: string | null;
  department_name: string | null;
  due_at: OptionalTimestamp;
  cause: string | null;
  materials: string | null;
  level: number | null;
}

export interface WorkOrderEscalationsTable {
  company_id: number;
  order_id: number;
  level: number;
  fired_at: Timestamp;
}

export interface DutyRostersTable {
  company_id: number;
  day: Day;
  department_id: number;
  user_id: number;
}

export interface WorkCalendarDaysTable {
  company_id: number;
  day: Day;
  /** 'holiday' | 'workday' */
  kind: string;
  name: Generated<string>;
}

export interface ComplaintsTable {
  company_id: number;
  id: Generated<number>;
  complaint_no: string;
  channel: string;
  category: string;
  /** 'open' | 'ordered' | 'closed' */
  status: Generated<string>;
  complainant: string;
  phone: string | null;
  resident_id: number | null;
  meter_id: number | null;
  area_id: number | null;
  address: string | null;
  content: string;
  attachments: JsonStrings;
  work_order_id: number | null;
  reply: string | null;
  satisfaction: string | null;
  creator_id: number | null;
  creator_name: string | null;
  created_at: Timestamp;
  closed_at: OptionalTimestamp;
  closed_by: string | null;
  reopen_count: Generated<number>;
  updated_at: Timestamp;
}

export type WorkOrderTables = {
  work_orders: WorkOrdersTable;
  work_order_events: WorkOrderEventsTable;
  work_order_escalations: WorkOrderEscalationsTable;
  duty_rosters: DutyRostersTable;
  work_calendar_days: WorkCalendarDaysTable;
  complaints: ComplaintsTable;
};
