// Kysely types of the alarm tables (issue 6, migration m0014_alarms); DB in tables.ts extends this.
import type { ColumnType, Generated } from 'kysely';

/** A numeric column: read as a string (exact decimal), written as a number or a string. */
type Numeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface AlarmsTable {
  company_id: number;
  id: Generated<number>;
  /** ALARM_TYPES (shared/src/monitoring/alarms.ts) */
  alarm_type: string;
  /** ALARM_LEVELS */
  level: string;
  /** ALARM_SOURCE_KINDS */
  source_kind: string;
  source_id: number;
  source_code: string;
  area_id: number | null;
  value: Numeric;
  threshold: Numeric;
  active: Generated<boolean>;
  acknowledged: Generated<boolean>;
  raised_at: Timestamp;
  cleared_at: NullableTimestamp;
  ack_at: NullableTimestamp;
  ack_user_id: number | null;
  ack_by: string | null;
  ack_comment: string | null;
  shelved_until: NullableTimestamp;
  shelve_reason: string | null;
  shelved_by: string | null;
  parent_id: number | null;
  suppressed: Generated<boolean>;
  /** usage and leakage exceptions: 0 pending, 1 confirmed, 2 dismissed (updateLeakageWaterState) */
  handle_state: Generated<number>;
  /** the condition went normal at this instant; the alarm clears once the off-delay has passed */
  normal_since: NullableTimestamp;
  /** from the sequence alarm_change_seq, taken anew on every change: the change feed's cursor */
  change_seq: Generated<number>;
  updated_at: Generated<Date>;
}

export interface AlarmEventsTable {
  company_id: number;
  id: Generated<number>;
  alarm_id: number;
  /** ALARM_ACTIONS */
  action: string;
  user_id: number | null;
  /** null: the system */
  username: string | null;
  at: Timestamp;
  comment: string | null;
  /** a `levelChanged` event's level before and after and the value and limit that moved it (m0026); else null */
  from_level: ColumnType<string | null, string | null | undefined, string | null>;
  to_level: ColumnType<string | null, string | null | undefined, string | null>;
  value: Numeric;
  threshold: Numeric;
}

/** Conditions waiting out their on-delay (not yet alarms). */
export interface AlarmPendingTable {
  company_id: number;
  alarm_type: string;
  source_kind: string;
  source_id: number;
  pending_since: Timestamp;
}

export type AlarmTables = {
  alarms: AlarmsTable;
  alarm_events: AlarmEventsTable;
  alarm_pending: AlarmPendingTable;
};
