// Complaints (spec §1, §4: save, turn into work order, over, delete; §5: the complaint number not empty and unique):
// a resident's report taken on a channel, its fields declared once like the work order's (shared/src/fields).
import { type Static, Type } from '@sinclair/typebox';
import { Instant, Nullable } from '../api/schemaParts.ts';
import { defineFields, labelledEnum, objectOf } from '../fields/index.ts';
import { WorkOrderStatus } from '../workorder/workOrderModel.ts';

export const ComplaintChannel = labelledEnum({
  phone: { 'zh-CN': '电话', en: 'Phone' },
  counter: { 'zh-CN': '柜台', en: 'Counter' },
  web: { 'zh-CN': '网站', en: 'Web' },
  app: { 'zh-CN': '手机App', en: 'App' },
  hotline12345: { 'zh-CN': '12345热线', en: '12345 hotline' },
});
export type ComplaintChannel = (typeof ComplaintChannel.values)[number];

export const ComplaintCategory = labelledEnum({
  noWater: { 'zh-CN': '停水', en: 'No water' },
  lowPressure: { 'zh-CN': '水压低', en: 'Low pressure' },
  waterQuality: { 'zh-CN': '水质', en: 'Water quality' },
  leak: { 'zh-CN': '漏水', en: 'Leak' },
  meter: { 'zh-CN': '水表', en: 'Meter' },
  billing: { 'zh-CN': '水费', en: 'Billing' },
  service: { 'zh-CN': '服务', en: 'Service' },
  other: { 'zh-CN': '其他', en: 'Other' },
});
export type ComplaintCategory = (typeof ComplaintCategory.values)[number];

/** open: taken, not yet acted on; ordered: turned into a work order; closed: over, answered to the resident. */
export const ComplaintStatus = labelledEnum({
  open: { 'zh-CN': '待处理', en: 'Open' },
  ordered: { 'zh-CN': '已转工单', en: 'Order raised' },
  closed: { 'zh-CN': '已办结', en: 'Closed' },
});
export type ComplaintStatus = (typeof ComplaintStatus.values)[number];

export const Satisfaction = labelledEnum({
  satisfied: { 'zh-CN': '满意', en: 'Satisfied' },
  neutral: { 'zh-CN': '基本满意', en: 'Neutral' },
  dissatisfied: { 'zh-CN': '不满意', en: 'Dissatisfied' },
});
export type Satisfaction = (typeof Satisfaction.values)[number];

/** A closed complaint may be reopened this long after closing. */
export const REOPEN_WITHIN_HOURS = 72;

const optText = Nullable(Type.String());
const optInt = Nullable(Type.Integer());

export const COMPLAINT_FIELDS = defineFields({
  id: { schema: Type.Integer(), label: { 'zh-CN': 'ID', en: 'ID' }, column: false, sheet: false },
  complaintNo: {
    schema: Type.String(),
    label: { 'zh-CN': '投诉编号', en: 'Complaint no.' },
    column: { width: 150, sortable: true },
  },
  channel: {
    schema: ComplaintChannel.schema,
    label: { 'zh-CN': '来源渠道', en: 'Channel' },
    options: ComplaintChannel.labels,
    column: { width: 100 },
  },
  category: {
    schema: ComplaintCategory.schema,
    label: { 'zh-CN': '投诉类别', en: 'Category' },
    options: ComplaintCategory.labels,
    column: { width: 130 },
  },
  status: {
    schema: ComplaintStatus.schema,
    label: { 'zh-CN': '状态', en: 'Status' },
    options: ComplaintStatus.labels,
    column: { width: 120 },
  },
  complainant: { schema: Type.String(), label: { 'zh-CN': '投诉人', en: 'Complainant' }, column: { width: 100 } },
  phone: { schema: optText, label: { 'zh-CN': '联系电话', en: 'Phone' }, column: { width: 120, hidden: true } },
  residentId: { schema: optInt, label: { 'zh-CN': '用户', en: 'Resident' }, column: false },
  residentCode: {
    schema: optText,
    label: { 'zh-CN': '用户编号', en: 'Resident code' },
    column: { width: 110, hidden: true },
  },
  residentName: {
    schema: optText,
    label: { 'zh-CN': '用户名称', en: 'Resident' },
    column: { width: 100, hidden: true },
  },
  meterId: { schema: optInt, label: { 'zh-CN': '水表', en: 'Meter' }, column: false },
  meterCode: {
    schema: optText,
    label: { 'zh-CN': '水表编号', en: 'Meter code' },
    column: { width: 120, hidden: true },
  },
  areaId: { schema: optInt, label: { 'zh-CN': '小区', en: 'Residential area' }, column: false },
  areaName: { schema: optText, label: { 'zh-CN': '所属小区', en: 'Residential area' }, column: { width: 110 } },
  address: { schema: optText, label: { 'zh-CN': '地址', en: 'Address' }, column: { width: 160 } },
  content: { schema: Type.String(), label: { 'zh-CN': '投诉内容', en: 'Content' }, column: { width: 200 } },
  attachments: {
    schema: Type.Array(Type.String()),
    label: { 'zh-CN': '附件', en: 'Attachments' },
    column: false,
    sheet: false,
  },
  workOrderId: { schema: optInt, label: { 'zh-CN': '工单', en: 'Work order' }, column: false, sheet: false },
  workOrderCode: { schema: optText, label: { 'zh-CN': '工单编号', en: 'Work order' }, column: { width: 150 } },
  workOrderStatus: {
    schema: Nullable(WorkOrderStatus.schema),
    label: { 'zh-CN': '工单状态', en: 'Order status' },
    options: WorkOrderStatus.labels,
    column: { width: 110, hidden: true },
  },
  reply: { schema: optText, label: { 'zh-CN': '回复内容', en: 'Reply' }, column: { width: 200, hidden: true } },
  satisfaction: {
    schema: Nullable(Satisfaction.schema),
    label: { 'zh-CN': '满意度', en: 'Satisfaction' },
    options: Satisfaction.labels,
    column: { width: 90, hidden: true },
  },
  creatorName: { schema: optText, label: { 'zh-CN': '受理人', en: 'Taken by' }, column: { width: 90, hidden: true } },
  createdAt: { schema: Instant, label: { 'zh-CN': '受理时间', en: 'Taken' }, column: { width: 150, sortable: true } },
  closedAt: {
    schema: Nullable(Instant),
    label: { 'zh-CN': '办结时间', en: 'Closed' },
    column: { width: 150, hidden: true },
  },
  closedBy: { schema: optText, label: { 'zh-CN': '办结人', en: 'Closed by' }, column: { width: 90, hidden: true } },
  reopenCount: {
    schema: Type.Integer({ minimum: 0 }),
    label: { 'zh-CN': '重开次数', en: 'Reopened' },
    column: { width: 80, hidden: true },
  },
  updatedAt: { schema: Instant, label: { 'zh-CN': '更新时间', en: 'Updated' }, column: false, sheet: false },
});

export const Complaint = objectOf(COMPLAINT_FIELDS);
export type Complaint = Static<typeof Complaint>;
