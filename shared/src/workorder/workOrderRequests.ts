// What the work-order calls take and answer (spec §7 /api-business/workorder: list, save, assign, complete, reminder,
// delay, batchAssign, batchComplete, statistics; the calls the spec does not show are designed in the same style):
// list filters, the save body, the one action body every transition route takes, batch results, raising from a
// source, the live feed, the crew and duty roster, the work calendar and the deadline settings, statistics.
import { type Static, Type } from '@sinclair/typebox';
import { MAX_LIMIT } from '../api/paging.ts';
import { Instant, Nullable, OptionalNullable } from '../api/schemaParts.ts';
import { nullableInteger, nullableNumber } from '../rules/nullable.ts';
import { NameText } from '../rules/textLimits.ts';
import { WorkOrder } from './workOrderFields.ts';
import { DeadlineClass, WorkOrderPriority, WorkOrderSource, WorkOrderStatus, WorkOrderType } from './workOrderModel.ts';

const Id = Type.Integer({ minimum: 1 });
const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** Uploaded photos: /api-file urls, at most nine per order or event. */
export const MAX_ATTACHMENTS = 9;
export const Attachments = Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: MAX_ATTACHMENTS });

export const WORK_ORDER_SORT_FIELDS = ['code', 'priority', 'createdAt', 'resolveDueAt'] as const;

/** The list's filters (spec §6: `identity`, the caller's role types comma-joined, decides whose orders). */
export const WorkOrderListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  sort: Type.Optional(Type.Union(WORK_ORDER_SORT_FIELDS.map((f) => Type.Literal(f)))),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  identity: Type.Optional(Type.String({ maxLength: 40 })),
  /** code, title, address, contact or meter code contains */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  code: Type.Optional(Type.String({ maxLength: 40 })),
  status: Type.Optional(WorkOrderStatus.schema),
  /** only orders still open (pending, processing, deferred, completed awaiting review) */
  open: Type.Optional(Type.Boolean()),
  type: Type.Optional(WorkOrderType.schema),
  priority: Type.Optional(WorkOrderPriority.schema),
  source: Type.Optional(WorkOrderSource.schema),
  deadline: Type.Optional(DeadlineClass.schema),
  departmentId: Type.Optional(Id),
  assigneeId: Type.Optional(Id),
  areaId: Type.Optional(Id),
  districtId: Type.Optional(Id),
  meterId: Type.Optional(Id),
  residentId: Type.Optional(Id),
  alarmId: Type.Optional(Id),
  leakEventId: Type.Optional(Id),
  complaintId: Type.Optional(Id),
  /** created in [startTime, endTime] */
  startTime: Type.Optional(Instant),
  endTime: Type.Optional(Instant),
});
export type WorkOrderListQuery = Static<typeof WorkOrderListQuery>;

/** Create (no id) or edit (id) an order; the idempotency key makes a retried create return the first one. */
export const WorkOrderSave = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ maxLength: 100 }),
  type: WorkOrderType.schema,
  /** default: the type's (DEFAULT_PRIORITY) */
  priority: Type.Optional(WorkOrderPriority.schema),
  description: Type.String({ maxLength: 2000 }),
  address: OptionalNullable(Type.String({ maxLength: 200 })),
  /** BD-09 */
  lng: Type.Optional(nullableNumber({ minimum: -180, maximum: 180 })),
  lat: Type.Optional(nullableNumber({ minimum: -90, maximum: 90 })),
  contactName: OptionalNullable(NameText()),
  contactPhone: OptionalNullable(Type.String({ maxLength: 30 })),
  meterId: Type.Optional(nullableInteger({ minimum: 1 })),
  residentId: Type.Optional(nullableInteger({ minimum: 1 })),
  areaId: Type.Optional(nullableInteger({ minimum: 1 })),
  districtId: Type.Optional(nullableInteger({ minimum: 1 })),
  attachments: Type.Optional(Attachments),
  /** create and assign at once */
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  departmentId: Type.Optional(nullableInteger({ minimum: 1 })),
  requestKey: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type WorkOrderSave = Static<typeof WorkOrderSave>;

/** The body of every transition route (assign, accept, start, note, complete, delay, resume, reminder, close,
 * reopen, cancel): the order and what the action takes (WORK_ORDER_TRANSITIONS[].inputs). */
export const WorkOrderActionBody = Type.Object({
  id: Id,
  comment: OptionalNullable(Type.String({ maxLength: 500 })),
  attachments: Type.Optional(Attachments),
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  departmentId: Type.Optional(nullableInteger({ minimum: 1 })),
  dueAt: OptionalNullable(Instant),
  cause: OptionalNullable(Type.String({ maxLength: 100 })),
  materials: OptionalNullable(Type.String({ maxLength: 500 })),
});
export type WorkOrderActionBody = Static<typeof WorkOrderActionBody>;

/** Batch assign / batch complete: the same action on up to 1,000 orders, each answered on its own. */
export const BATCH_MAX = 1000;
export const WorkOrderBatchBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: BATCH_MAX }),
  comment: OptionalNullable(Type.String({ maxLength: 500 })),
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  departmentId: Type.Optional(nullableInteger({ minimum: 1 })),
  cause: OptionalNullable(Type.String({ maxLength: 100 })),
  materials: OptionalNullable(Type.String({ maxLength: 500 })),
});
export type WorkOrderBatchBody = Static<typeof WorkOrderBatchBody>;

/** One order's answer in a batch: done, or why not (localized). */
export const BatchItemResult = Type.Object({
  id: Type.Integer(),
  code: Nullable(Type.String()),
  ok: Type.Boolean(),
  message: Nullable(Type.String()),
});
export type BatchItemResult = Static<typeof BatchItemResult>;

/** Raising an order from where the problem is seen; one open order per source (raising again returns it). */
export const RAISE_SOURCES = ['alarm', 'usageException', 'readingException', 'nightFlowEvent'] as const;
export type RaiseSource = (typeof RAISE_SOURCES)[number];
export const WorkOrderRaise = Type.Object({
  source: Type.Union(RAISE_SOURCES.map((s) => Type.Literal(s))),
  alarmId: Type.Optional(Id),
  meterId: Type.Optional(Id),
  /** usage exception: the alarm type (zeroUse, reverseFlow…); reading exception: the check that failed */
  exceptionType: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' })),
  leakEventId: Type.Optional(Id),
  type: Type.Optional(WorkOrderType.schema),
  priority: Type.Optional(WorkOrderPriority.schema),
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  comment: OptionalNullable(Type.String({ maxLength: 500 })),
});
export type WorkOrderRaise = Static<typeof WorkOrderRaise>;
export const RaiseResult = Type.Object({ order: WorkOrder, created: Type.Boolean() });
export type RaiseResult = Static<typeof RaiseResult>;

export const RAISE_BATCH_MAX = 500;
export const WorkOrderBatchRaise = Type.Object({
  items: Type.Array(WorkOrderRaise, { minItems: 1, maxItems: RAISE_BATCH_MAX }),
});
export const BatchRaiseItem = Type.Object({
  ok: Type.Boolean(),
  created: Type.Boolean(),
  id: Nullable(Type.Integer()),
  code: Nullable(Type.String()),
  message: Nullable(Type.String()),
});
export type BatchRaiseItem = Static<typeof BatchRaiseItem>;

/** The live feed (topic `workorders`): orders changed after the cursor, or every open order with reset. */
export const WorkOrderFeedQuery = Type.Object({ since: Type.Optional(Type.String({ maxLength: 40 })) });
export const WorkOrderFeed = Type.Object({
  items: Type.Array(WorkOrder),
  cursor: Type.String(),
  reset: Type.Boolean(),
});
export type WorkOrderFeed = Static<typeof WorkOrderFeed>;

/** A crew member as the dispatcher sees them: team, today's duty and open load. */
export const CrewMember = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Nullable(Type.String()),
  departmentId: Nullable(Type.Integer()),
  departmentName: Nullable(Type.String()),
  onDuty: Type.Boolean(),
  /** open orders assigned to them (pending, processing, deferred) */
  openLoad: Type.Integer({ minimum: 0 }),
});
export type CrewMember = Static<typeof CrewMember>;
export const CrewQuery = Type.Object({ departmentId: Type.Optional(Id), day: Type.Optional(DAY) });

/** The duty roster: who of a team is on duty on a China day. */
export const RosterDay = Type.Object({
  day: Type.String(),
  departmentId: Type.Integer(),
  userIds: Type.Array(Type.Integer()),
});
export type RosterDay = Static<typeof RosterDay>;
export const ROSTER_MAX_DAYS = 62;
/** from / to: China days, at most ROSTER_MAX_DAYS apart; left out: the current China week, Monday to Sunday */
export const RosterQuery = Type.Object({
  from: Type.Optional(DAY),
  to: Type.Optional(DAY),
  departmentId: Type.Optional(Id),
});
export const RosterSave = Type.Object({
  day: DAY,
  departmentId: Id,
  userIds: Type.Array(Id, { maxItems: 200 }),
});
export type RosterSave = Static<typeof RosterSave>;

/** The work calendar of a year: its public holidays and make-up working days (调休). */
export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const;
export const CalendarDay = Type.Object({
  day: DAY,
  kind: Type.Union(CALENDAR_DAY_KINDS.map((k) => Type.Literal(k))),
  name: Type.String({ maxLength: 20 }),
});
export type CalendarDay = Static<typeof CalendarDay>;
export const CalendarQuery = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });
export const CalendarYear = Type.Object({
  year: Type.Integer(),
  days: Type.Array(CalendarDay, { maxItems: 366 }),
});
export type CalendarYear = Static<typeof CalendarYear>;

/** A tenant's deadline settings as the settings page edits them (stored in parameter config). */
export const TargetRow = Type.Object({
  type: WorkOrderType.schema,
  priority: WorkOrderPriority.schema,
  responseMinutes: Type.Integer({ minimum: 1, maximum: 525_600 }),
  resolveMinutes: Type.Integer({ minimum: 1, maximum: 525_600 }),
});
export type TargetRow = Static<typeof TargetRow>;
export const EscalationRow = Type.Object({
  level: Type.Integer({ minimum: 1, maximum: 9 }),
  basis: Type.Union([Type.Literal('response'), Type.Literal('resolve')]),
  percent: Type.Integer({ minimum: 1, maximum: 1000 }),
  notify: Type.Array(Type.Union([Type.Literal('assignee'), Type.Literal('dispatchers'), Type.Literal('managers')]), {
    minItems: 1,
    maxItems: 3,
  }),
});
export const WorkOrderSettings = Type.Object({
  targets: Type.Array(TargetRow, { maxItems: 100 }),
  workingTimePriorities: Type.Array(WorkOrderPriority.schema, { maxItems: 4 }),
  /** '' (whole working days) or 'HH:MM-HH:MM' in China time */
  workingHours: Type.String({ maxLength: 11 }),
  escalation: Type.Array(EscalationRow, { maxItems: 9 }),
});
export type WorkOrderSettings = Static<typeof WorkOrderSettings>;

/** Statistics (spec §7 workorder/statistics): one query module the home page and the big screen reuse. */
export const WorkOrderStatisticsQuery = Type.Object({
  startTime: Type.Optional(Instant),
  endTime: Type.Optional(Instant),
  departmentId: Type.Optional(Id),
  districtId: Type.Optional(Id),
});
export const WorkOrderStatistics = Type.Object({
  /** orders created in the range, by status now */
  byStatus: Type.Record(Type.String(), Type.Integer()),
  /** every open order now (whatever the range), by status (the open statuses only) */
  openByStatus: Type.Record(Type.String(), Type.Integer()),
  /** every open order now (whatever the range), by deadline class */
  deadline: Type.Record(Type.String(), Type.Integer()),
  open: Type.Integer({ minimum: 0 }),
  byType: Type.Array(Type.Object({ type: WorkOrderType.schema, total: Type.Integer(), open: Type.Integer() })),
  byTeam: Type.Array(
    Type.Object({
      departmentId: Nullable(Type.Integer()),
      departmentName: Nullable(Type.String()),
      total: Type.Integer(),
      open: Type.Integer(),
      completed: Type.Integer(),
    }),
  ),
  /** mean minutes from creation to first assignment / to completion, over orders created in the range */
  meanAssignMinutes: Nullable(Type.Number()),
  meanCompleteMinutes: Nullable(Type.Number()),
  /** per China day of the range: created and completed */
  trend: Type.Array(Type.Object({ day: Type.String(), created: Type.Integer(), completed: Type.Integer() })),
  asOf: Instant,
});
export type WorkOrderStatistics = Static<typeof WorkOrderStatistics>;

/**
 * What surrounds an order in its district, for the dispatcher: the district's open night-flow leak events (with the
 * order that repairs each, if any) and its live alarms — each part present only to callers who may read it.
 */
export const WorkOrderContext = Type.Object({
  districtId: Nullable(Type.Integer()),
  districtName: Nullable(Type.String()),
  /** null: the caller may not read the night flow */
  leakEvents: Nullable(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        kind: Type.String(),
        startDay: Type.String(),
        /** m³/h above the baseline */
        magnitude: Type.Number(),
        /** m³ lost so far */
        volume: Type.Number(),
        orderCode: Nullable(Type.String()),
      }),
    ),
  ),
  /** null: the caller may not read alarms; at most 20, the most urgent first */
  alarms: Nullable(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        alarmType: Type.String(),
        level: Type.String(),
        sourceCode: Type.String(),
        raisedAt: Instant,
      }),
    ),
  ),
  alarmCount: Type.Integer({ minimum: 0 }),
  /** other open orders in the district */
  otherOpenOrders: Type.Integer({ minimum: 0 }),
});
export type WorkOrderContext = Static<typeof WorkOrderContext>;
