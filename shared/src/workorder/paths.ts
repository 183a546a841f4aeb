// The work-order calls (spec §7 /api-business/workorder, /api-workbench/meter/meterBase workOrder and
// batchWorkOrder). Calls the spec names keep its names; the others follow the same style.
const W = '/api-business/workorder';

export const WORK_ORDER_PATHS = {
  /** GET WorkOrderListQuery → PageResult(WorkOrder) with each order's `actions` for the caller */
  list: `${W}/list`,
  /** GET WorkOrderListQuery → .xlsx of the list's rows (its filters and sort) */
  export: `${W}/export`,
  /** GET → Result(WorkOrder): one order with its actions */
  find: (id: number | string) => `${W}/${id}`,
  /** GET ?code → Result(WorkOrder): the order a to-do names (spec §2 ?code=) */
  findByCode: `${W}/findByCode`,
  /** GET → Result(WorkOrderEvent[]): the timeline, oldest first */
  events: (id: number | string) => `${W}/${id}/events`,
  /** GET → Result(WorkOrderContext): the district's open leak events and live alarms around the order */
  context: (id: number | string) => `${W}/${id}/context`,
  /** POST WorkOrderSave → Result(WorkOrder): create (manual, the map) or edit */
  save: `${W}/save`,
  /** POST WorkOrderActionBody → Result(WorkOrder): one transition each */
  assign: `${W}/assign`,
  accept: `${W}/accept`,
  start: `${W}/start`,
  note: `${W}/note`,
  complete: `${W}/complete`,
  delay: `${W}/delay`,
  resume: `${W}/resume`,
  reminder: `${W}/reminder`,
  close: `${W}/close`,
  reopen: `${W}/reopen`,
  cancel: `${W}/cancel`,
  /** POST WorkOrderBatchBody → Result(BatchItemResult[]) */
  batchAssign: `${W}/batchAssign`,
  batchComplete: `${W}/batchComplete`,
  /** POST WorkOrderRaise → Result(RaiseResult); batch: WorkOrderBatchRaise → Result(BatchRaiseItem[]) */
  raise: `${W}/raise`,
  batchRaise: `${W}/batchRaise`,
  /** GET WorkOrderStatisticsQuery → Result(WorkOrderStatistics) */
  statistics: `${W}/statistics`,
  /** GET ?since → Result(WorkOrderFeed): the live topic's feed */
  feed: `${W}/feed`,
  /** GET CrewQuery → Result(CrewMember[]) */
  crew: `${W}/crew`,
  /** GET RosterQuery → Result(RosterDay[]); POST RosterSave → Result(RosterDay) */
  roster: `${W}/roster`,
  rosterSave: `${W}/roster/save`,
  /** GET CalendarQuery → Result(CalendarYear); POST CalendarYear → Result(CalendarYear) */
  calendar: `${W}/calendar`,
  calendarSave: `${W}/calendar/save`,
  /** GET → Result(WorkOrderSettings); POST WorkOrderSettings → Result(WorkOrderSettings) */
  settings: `${W}/settings`,
  settingsSave: `${W}/settings/save`,
  /** spec §7: raise reading-exception orders from the meter-reading page (one / many) */
  meterBaseWorkOrder: '/api-workbench/meter/meterBase/workOrder',
  meterBaseBatchWorkOrder: '/api-workbench/meter/meterBase/batchWorkOrder',
} as const;

/** The route each transition is posted to. */
export const ACTION_PATHS = {
  assign: WORK_ORDER_PATHS.assign,
  accept: WORK_ORDER_PATHS.accept,
  start: WORK_ORDER_PATHS.start,
  note: WORK_ORDER_PATHS.note,
  complete: WORK_ORDER_PATHS.complete,
  delay: WORK_ORDER_PATHS.delay,
  resume: WORK_ORDER_PATHS.resume,
  remind: WORK_ORDER_PATHS.reminder,
  close: WORK_ORDER_PATHS.close,
  reopen: WORK_ORDER_PATHS.reopen,
  cancel: WORK_ORDER_PATHS.cancel,
} as const;
