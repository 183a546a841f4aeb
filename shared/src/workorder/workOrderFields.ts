// The work order's fields, each declared once (issue 20's recipe): schema, label in both languages, how the list and
// the export show it. The WorkOrder schema, the catalogue's labels, the list's columns (web) and the export's
// columns (gateway) all come from here; a database row maps onto it by name (work_orders.resolve_due_at →
// resolveDueAt). Spec §2: the work-order table hides some columns by default.
import { type Static, Type } from '@sinclair/typebox';
import { Instant, Nullable } from '../api/schemaParts.ts';
import { defineFields, objectOf } from '../fields/index.ts';
import {
  CompletionCause,
  WORK_ORDER_EVENT_ACTIONS,
  WorkOrderAction,
  WorkOrderPriority,
  WorkOrderSource,
  WorkOrderStatus,
  WorkOrderType,
} from './workOrderModel.ts';

const int = Type.Integer();
const optInt = Nullable(Type.Integer());
const optText = Nullable(Type.String());
const optInstant = Nullable(Instant);
const optNumber = Nullable(Type.Number());

export const WORK_ORDER_FIELDS = defineFields({
  id: { schema: int, label: { 'zh-CN': 'ID', en: 'ID' }, column: false, sheet: false },
  code: {
    schema: Type.String(),
    label: { 'zh-CN': '工单编号', en: 'Order no.' },
    column: { width: 150, sortable: true },
  },
  title: { schema: Type.String(), label: { 'zh-CN': '工单标题', en: 'Title' }, column: { width: 220 } },
  type: {
    schema: WorkOrderType.schema,
    label: { 'zh-CN': '工单类型', en: 'Type' },
    options: WorkOrderType.labels,
    column: { width: 110 },
  },
  priority: {
    schema: WorkOrderPriority.schema,
    label: { 'zh-CN': '优先级', en: 'Priority' },
    options: WorkOrderPriority.labels,
    column: { width: 80, sortable: true },
  },
  status: {
    schema: WorkOrderStatus.schema,
    label: { 'zh-CN': '状态', en: 'Status' },
    options: WorkOrderStatus.labels,
    column: { width: 90 },
  },
  source: {
    schema: WorkOrderSource.schema,
    label: { 'zh-CN': '来源', en: 'Source' },
    options: WorkOrderSource.labels,
    column: { width: 110, hidden: true },
  },
  sourceKey: { schema: optText, label: { 'zh-CN': '来源标识', en: 'Source key' }, column: false, sheet: false },
  description: {
    schema: Type.String(),
    label: { 'zh-CN': '问题描述', en: 'Description' },
    column: { width: 240, hidden: true },
  },
  address: { schema: optText, label: { 'zh-CN': '地址', en: 'Address' }, column: { width: 200 } },
  lng: { schema: optNumber, label: { 'zh-CN': '经度', en: 'Longitude' }, column: false },
  lat: { schema: optNumber, label: { 'zh-CN': '纬度', en: 'Latitude' }, column: false },
  contactName: { schema: optText, label: { 'zh-CN': '联系人', en: 'Contact' }, column: { width: 100, hidden: true } },
  contactPhone: {
    schema: optText,
    label: { 'zh-CN': '联系电话', en: 'Contact phone' },
    column: { width: 120, hidden: true },
  },
  meterId: { schema: optInt, label: { 'zh-CN': '水表', en: 'Meter' }, column: false },
  meterCode: {
    schema: optText,
    label: { 'zh-CN': '水表编号', en: 'Meter code' },
    column: { width: 130, hidden: true },
  },
  residentId: { schema: optInt, label: { 'zh-CN': '用户', en: 'Resident' }, column: false },
  residentCode: {
    schema: optText,
    label: { 'zh-CN': '用户编号', en: 'Resident code' },
    column: { width: 120, hidden: true },
  },
  residentName: {
    schema: optText,
    label: { 'zh-CN': '用户名称', en: 'Resident' },
    column: { width: 110, hidden: true },
  },
  areaId: { schema: optInt, label: { 'zh-CN': '小区', en: 'Residential area' }, column: false },
  areaName: { schema: optText, label: { 'zh-CN': '所属小区', en: 'Residential area' }, column: { width: 120 } },
  districtId: { schema: optInt, label: { 'zh-CN': '分区', en: 'District' }, column: false },
  districtName: {
    schema: optText,
    label: { 'zh-CN': '所属分区', en: 'District' },
    column: { width: 120, hidden: true },
  },
  alarmId: { schema: optInt, label: { 'zh-CN': '告警', en: 'Alarm' }, column: false, sheet: false },
  leakEventId: { schema: optInt, label: { 'zh-CN': '漏损事件', en: 'Leak event' }, column: false, sheet: false },
  complaintId: { schema: optInt, label: { 'zh-CN': '投诉', en: 'Complaint' }, column: false, sheet: false },
  complaintNo: {
    schema: optText,
    label: { 'zh-CN': '投诉编号', en: 'Complaint no.' },
    column: { width: 140, hidden: true },
  },
  departmentId: { schema: optInt, label: { 'zh-CN': '班组', en: 'Team' }, column: false },
  departmentName: { schema: optText, label: { 'zh-CN': '处理班组', en: 'Team' }, column: { width: 110 } },
  assigneeId: { schema: optInt, label: { 'zh-CN': '处理人', en: 'Assignee' }, column: false },
  assigneeName: { schema: optText, label: { 'zh-CN': '处理人', en: 'Assignee' }, column: { width: 100 } },
  creatorName: {
    schema: optText,
    label: { 'zh-CN': '创建人', en: 'Created by' },
    column: { width: 100, hidden: true },
  },
  createdAt: {
    schema: Instant,
    label: { 'zh-CN': '创建时间', en: 'Created' },
    column: { width: 150, sortable: true },
  },
  assignedAt: {
    schema: optInstant,
    label: { 'zh-CN': '派单时间', en: 'Assigned' },
    column: { width: 150, hidden: true },
  },
  acceptedAt: {
    schema: optInstant,
    label: { 'zh-CN': '接单时间', en: 'Accepted' },
    column: { width: 150, hidden: true },
  },
  startedAt: {
    schema: optInstant,
    label: { 'zh-CN': '到场时间', en: 'Work started' },
    column: { width: 150, hidden: true },
  },
  completedAt: {
    schema: optInstant,
    label: { 'zh-CN': '完工时间', en: 'Completed' },
    column: { width: 150, hidden: true },
  },
  closedAt: { schema: optInstant, label: { 'zh-CN': '关闭时间', en: 'Closed' }, column: { width: 150, hidden: true } },
  responseDueAt: {
    schema: optInstant,
    label: { 'zh-CN': '响应期限', en: 'Respond by' },
    column: { width: 150, hidden: true },
  },
  resolveDueAt: {
    schema: optInstant,
    label: { 'zh-CN': '处理期限', en: 'Resolve by' },
    column: { width: 170, sortable: true },
  },
  resolveTargetMinutes: {
    schema: optInt,
    label: { 'zh-CN': '处理时限(分钟)', en: 'Resolution target (min)' },
    column: false,
    sheet: false,
  },
  deferredUntil: {
    schema: optInstant,
    label: { 'zh-CN': '延期至', en: 'Deferred until' },
    column: { width: 150, hidden: true },
  },
  escalationLevel: {
    schema: Type.Integer({ minimum: 0 }),
    label: { 'zh-CN': '升级级别', en: 'Escalation' },
    column: { width: 80, hidden: true },
  },
  cause: {
    schema: optText,
    label: { 'zh-CN': '故障原因', en: 'Cause' },
    options: CompletionCause.labels,
    column: { width: 110, hidden: true },
  },
  materials: { schema: optText, label: { 'zh-CN': '使用材料', en: 'Materials' }, column: { width: 160, hidden: true } },
  resolution: {
    schema: optText,
    label: { 'zh-CN': '处理结果', en: 'Resolution' },
    column: { width: 200, hidden: true },
  },
  /** a leak order: m³ lost since the leak began (to now or the repair), and m³ each further day costs */
  lostVolumeM3: { schema: optNumber, label: { 'zh-CN': '已损失水量(m³)', en: 'Water lost (m³)' }, column: false },
  lossPerDayM3: { schema: optNumber, label: { 'zh-CN': '每日损失(m³)', en: 'Lost per day (m³)' }, column: false },
  updatedAt: { schema: Instant, label: { 'zh-CN': '更新时间', en: 'Updated' }, column: false, sheet: false },
});

export const WorkOrderActions = Type.Array(WorkOrderAction.schema);

/**
 * One work order. `actions`: what the caller may do with it now (allowedActions), on answers made for one caller
 * (list, detail, action results); absent from the live feed, whose items serve a whole room.
 */
export const WorkOrder = Type.Composite([
  objectOf(WORK_ORDER_FIELDS),
  Type.Object({ actions: Type.Optional(WorkOrderActions) }),
]);
export type WorkOrder = Static<typeof WorkOrder>;

/** One change of an order: who (null: the system), when, from and to which status, with what. */
export const WorkOrderEvent = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  action: Type.Union(WORK_ORDER_EVENT_ACTIONS.map((a) => Type.Literal(a))),
  fromStatus: Nullable(WorkOrderStatus.schema),
  toStatus: WorkOrderStatus.schema,
  userId: optInt,
  username: optText,
  at: Instant,
  comment: optText,
  /** uploaded photos (/api-file urls) */
  attachments: Type.Array(Type.String()),
  assigneeId: optInt,
  assigneeName: optText,
  departmentName: optText,
  dueAt: optInstant,
  cause: optText,
  materials: optText,
  /** the escalation level an 'escalated' event fired */
  level: optInt,
});
export type WorkOrderEvent = Static<typeof WorkOrderEvent>;
