// The words of a work order (spec §1, §4; issue 15), each declared once with its labels: statuses, types,
// priorities, sources, the actions people take and the events the system records, the role types the list's
// `identity` carries (spec §6) and the overdue classes (spec §9: retained over 24, 48 or 72 h).
import { labelledEnum } from '../fields/index.ts';

/** Spec §4: pending, processing, completed, closed, cancelled, deferred. */
export const WorkOrderStatus = labelledEnum({
  pending: { 'zh-CN': '待处理', en: 'Pending' },
  processing: { 'zh-CN': '处理中', en: 'Processing' },
  deferred: { 'zh-CN': '已延期', en: 'Deferred' },
  completed: { 'zh-CN': '已完成', en: 'Completed' },
  closed: { 'zh-CN': '已关闭', en: 'Closed' },
  cancelled: { 'zh-CN': '已取消', en: 'Cancelled' },
});
export type WorkOrderStatus = (typeof WorkOrderStatus.values)[number];

/** Still someone's work: in the dispatcher's live queue, counted as load, one per source at most. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = ['pending', 'processing', 'deferred', 'completed'];
/** Nothing more happens to it (closed after review, or cancelled). */
export const FINAL_STATUSES: readonly WorkOrderStatus[] = ['closed', 'cancelled'];
export const isOpenStatus = (s: WorkOrderStatus): boolean => OPEN_STATUSES.includes(s);

export const WorkOrderType = labelledEnum({
  leakRepair: { 'zh-CN': '漏损维修', en: 'Leak repair' },
  burst: { 'zh-CN': '爆管抢修', en: 'Burst main' },
  meterFault: { 'zh-CN': '水表故障', en: 'Meter fault' },
  valve: { 'zh-CN': '阀门维修', en: 'Valve' },
  noWater: { 'zh-CN': '停水/水压低', en: 'No water / low pressure' },
  waterQuality: { 'zh-CN': '水质问题', en: 'Water quality' },
  readingException: { 'zh-CN': '抄表异常', en: 'Reading exception' },
  inspection: { 'zh-CN': '巡检', en: 'Inspection' },
  complaintFollowUp: { 'zh-CN': '投诉跟进', en: 'Complaint follow-up' },
  other: { 'zh-CN': '其他', en: 'Other' },
});
export type WorkOrderType = (typeof WorkOrderType.values)[number];

export const WorkOrderPriority = labelledEnum({
  urgent: { 'zh-CN': '紧急', en: 'Urgent' },
  high: { 'zh-CN': '高', en: 'High' },
  normal: { 'zh-CN': '普通', en: 'Normal' },
  low: { 'zh-CN': '低', en: 'Low' },
});
export type WorkOrderPriority = (typeof WorkOrderPriority.values)[number];

/** Where an order was raised from; all but manual allow one open order per source. */
export const WorkOrderSource = labelledEnum({
  manual: { 'zh-CN': '手工创建', en: 'Manual' },
  complaint: { 'zh-CN': '投诉', en: 'Complaint' },
  alarm: { 'zh-CN': '告警', en: 'Alarm' },
  usageException: { 'zh-CN': '用水异常', en: 'Usage exception' },
  readingException: { 'zh-CN': '抄表异常', en: 'Reading exception' },
  nightFlowEvent: { 'zh-CN': '夜间流量事件', en: 'Night-flow event' },
});
export type WorkOrderSource = (typeof WorkOrderSource.values)[number];

/**
 * What a person does to an order (spec §4: save, assign, complete, remind, delay; plus accept, start, note, resume,
 * close, reopen, cancel). Each is a row of WORK_ORDER_TRANSITIONS; batch assign and batch complete are the same
 * actions over many orders.
 */
export const WorkOrderAction = labelledEnum({
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  assign: { 'zh-CN': '派单', en: 'Assign' },
  accept: { 'zh-CN': '接单', en: 'Accept' },
  start: { 'zh-CN': '到场处理', en: 'Start work' },
  note: { 'zh-CN': '添加备注', en: 'Add note' },
  complete: { 'zh-CN': '完工', en: 'Complete' },
  delay: { 'zh-CN': '延期', en: 'Defer' },
  resume: { 'zh-CN': '恢复处理', en: 'Resume' },
  remind: { 'zh-CN': '催办', en: 'Remind' },
  close: { 'zh-CN': '审核关闭', en: 'Review and close' },
  reopen: { 'zh-CN': '退回重办', en: 'Reopen' },
  cancel: { 'zh-CN': '取消工单', en: 'Cancel' },
});
export type WorkOrderAction = (typeof WorkOrderAction.values)[number];

/** What the system records on its own: creation, an escalation level, a deferral that ran out, a source joined. */
export const WorkOrderSystemEvent = labelledEnum({
  created: { 'zh-CN': '创建工单', en: 'Created' },
  escalated: { 'zh-CN': '超时升级', en: 'Escalated' },
  autoResumed: { 'zh-CN': '延期到期自动恢复', en: 'Deferral ended, resumed' },
  linked: { 'zh-CN': '关联来源', en: 'Source linked' },
});
export type WorkOrderSystemEvent = (typeof WorkOrderSystemEvent.values)[number];

/** An event's action: a person's or the system's. */
export const WORK_ORDER_EVENT_ACTIONS = [...WorkOrderAction.values, ...WorkOrderSystemEvent.values] as const;
export type WorkOrderEventAction = WorkOrderAction | WorkOrderSystemEvent;

/**
 * Role types (a role's `type`; spec §6: the work-order list sends the caller's as comma-joined `identity`). The
 * types of the roles a caller holds decide what the list holds: a field crew member's own orders; anyone else's
 * identity (management, dispatch, customer service) the tenant's orders in their data scope.
 */
export const RoleType = labelledEnum({
  '1': { 'zh-CN': '管理', en: 'Management' },
  '2': { 'zh-CN': '调度', en: 'Dispatch' },
  '3': { 'zh-CN': '外勤班组', en: 'Field crew' },
  '4': { 'zh-CN': '客服', en: 'Customer service' },
});
export type RoleType = (typeof RoleType.values)[number];
export const CREW_ROLE_TYPE: RoleType = '3';

/** Whose orders a list holds for an identity: only field crew → their own; any other type → the tenant's. */
export type ListReach = 'tenant' | 'own';

/**
 * The reach of a list for the identity a client sent, narrowed to the role types the caller really holds (an
 * identity can only narrow, never widen): no type left → the caller's own types decide.
 */
export const listReach = (identity: readonly string[] | null, held: readonly string[]): ListReach => {
  const asked = identity === null ? held : identity.filter((t) => held.includes(t));
  const types = asked.length > 0 ? asked : held;
  return types.length > 0 && types.every((t) => t === CREW_ROLE_TYPE) ? 'own' : 'tenant';
};

/** Parses `identity` ("2,3"): the distinct non-empty types, or null when absent. */
export const parseIdentity = (identity: string | undefined): string[] | null => {
  if (identity === undefined) return null;
  return [
    ...new Set(
      identity
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
};

/** Spec §4 / §9: an order still open this long past its resolution due time is "retained over" 24, 48 or 72 h. */
export const OVERDUE_HOURS = [24, 48, 72] as const;
export type OverdueHours = (typeof OVERDUE_HOURS)[number];

/** An order's standing against its deadline (deadlineState): how the list colours it and the statistics count it. */
export const DeadlineClass = labelledEnum({
  onTime: { 'zh-CN': '正常', en: 'On time' },
  dueSoon: { 'zh-CN': '即将超期', en: 'Due soon' },
  overdue: { 'zh-CN': '已超期', en: 'Overdue' },
  over24: { 'zh-CN': '超期24小时', en: 'Over 24 h late' },
  over48: { 'zh-CN': '超期48小时', en: 'Over 48 h late' },
  over72: { 'zh-CN': '超期72小时', en: 'Over 72 h late' },
  paused: { 'zh-CN': '计时暂停', en: 'Clock paused' },
  done: { 'zh-CN': '已办结', en: 'Resolved' },
});
export type DeadlineClass = (typeof DeadlineClass.values)[number];

/** The cause a crew gives when completing (a list to choose from, with free text beside it). */
export const CompletionCause = labelledEnum({
  pipeLeak: { 'zh-CN': '管道漏水', en: 'Pipe leak' },
  pipeBurst: { 'zh-CN': '管道爆裂', en: 'Pipe burst' },
  jointFailure: { 'zh-CN': '接口损坏', en: 'Joint failure' },
  valveFault: { 'zh-CN': '阀门故障', en: 'Valve fault' },
  meterFault: { 'zh-CN': '水表故障', en: 'Meter fault' },
  meterReplaced: { 'zh-CN': '更换水表', en: 'Meter replaced' },
  commFault: { 'zh-CN': '通信故障', en: 'Communication fault' },
  customerSide: { 'zh-CN': '用户内部原因', en: 'Customer side' },
  thirdParty: { 'zh-CN': '第三方破坏', en: 'Third-party damage' },
  noFault: { 'zh-CN': '现场无异常', en: 'No fault found' },
  other: { 'zh-CN': '其他', en: 'Other' },
});
export type CompletionCause = (typeof CompletionCause.values)[number];
