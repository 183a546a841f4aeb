// The order each source becomes (issue 15, Deliver 3), as pure functions: an alarm, a usage exception, a reading
// exception and a night-flow leak event each give a NewWorkOrder for the core's createWorkOrder — type and priority
// from the alarm's type and level (shared raiseRules), the source key that keeps one open order per source, the links
// that place it, and a title and description written in the utility's language (stored text, like every record's
// text), with codes, numbers and China times.
import { translate } from '@waterops/shared/i18n';
import type { AlarmLevel, AlarmSourceKind, AlarmType } from '@waterops/shared/monitoring';
import { BASE_CHECK_CODES, type BaseCheckCode, baseCheckMessageKey, type RuleCode } from '@waterops/shared/reading';
import {
  ALARM_ORDER_TYPE,
  leakCost,
  priorityOfLevel,
  sourceKeys,
  type WorkOrderPriority,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import type { NewWorkOrder } from './workOrderService.ts';

const KIND: Record<AlarmSourceKind, string> = {
  concentrator: '集中器',
  collector: '采集器',
  meter: '水表',
  district: '分区',
};
const ALARM_TYPE: Record<AlarmType, string> = {
  voltage: '低电压',
  csq: '信号弱(CSQ)',
  rsrp: '信号弱(RSRP)',
  zeroUse: '零用水',
  reverseFlow: '倒流',
  suddenIncrease: '用水突增',
  continuousFlow: '持续用水',
  stuckMeter: '表卡',
  offline: '离线',
  noData: '无数据',
  nightFlow: '夜间流量异常',
};
const UNIT: Record<AlarmType, string> = {
  voltage: ' V',
  csq: '',
  rsrp: ' dBm',
  zeroUse: ' 天',
  reverseFlow: ' m³',
  suddenIncrease: ' m³',
  continuousFlow: ' m³/h',
  stuckMeter: ' 天',
  offline: ' 小时',
  noData: ' 小时',
  nightFlow: ' m³/h',
};
const LEVEL: Record<AlarmLevel, string> = { urgent: '紧急', severe: '严重', alarm: '告警', general: '一般' };
/** The data check's (VEE) rules as the reading pages name them. */
const RULE: Record<RuleCode, string> = {
  gap: '缺数',
  spike: '读数突变',
  negative: '倒流',
  swap: '换表',
  rollover: '读数翻转',
  frozen: '读数冻结',
  high: '用量偏高',
  low: '零用量',
};

const OFFSET_MS = 8 * 3_600_000;
/** 'YYYY-MM-DD HH:MM' in China time. */
export const chinaTimeText = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
/** A figure with at most `digits` decimals, no trailing zeros. */
export const figureText = (v: number, digits = 2): string => String(Number(v.toFixed(digits)));

/** The name of a reading exception: a base check's finding or a data-check rule. */
export const readingExceptionText = (code: string): string =>
  (BASE_CHECK_CODES as readonly string[]).includes(code)
    ? translate(baseCheckMessageKey(code as BaseCheckCode), 'zh-CN')
    : (RULE[code as RuleCode] ?? code);

/** What the person raising it may change and add. */
export type RaiseChoices = { type?: WorkOrderType; priority?: WorkOrderPriority; comment?: string | null };

const withRemark = (description: string, comment: string | null | undefined): string => {
  const remark = comment?.trim();
  return remark ? `${description}\n备注:${remark}` : description;
};
const valueText = (type: AlarmType, value: number | null, threshold: number | null): string | null => {
  if (value === null) return null;
  const v = `${figureText(value, 3)}${UNIT[type]}`;
  return threshold === null || (UNIT[type] === ' 小时' && threshold === 0)
    ? `测量值 ${v}`
    : `测量值 ${v},阈值 ${figureText(threshold, 3)}${UNIT[type]}`;
};

/** An alarm as the raise reads it, with where its device stands. */
export type AlarmSource = {
  id: number;
  alarmType: AlarmType;
  level: AlarmLevel;
  sourceKind: AlarmSourceKind;
  sourceId: number;
  sourceCode: string;
  /** a meter's alarm: the meter, while it is still registered */
  meterId: number | null;
  areaId: number | null;
  areaName: string | null;
  value: number | null;
  threshold: number | null;
  raisedAt: Date;
  active: boolean;
  /** a concentrator's or collector's address and a concentrator's BD-09 position (a meter's the core fills) */
  address: string | null;
  lng: number | null;
  lat: number | null;
  /** a district alarm: the district's BD-09 centre */
  centre: [number, number] | null;
  /** a night-flow alarm: the district's open leak event it stands for */
  leakEventId: number | null;
};

export const orderOfAlarm = (a: AlarmSource, choices: RaiseChoices = {}): NewWorkOrder => {
  const place = `${KIND[a.sourceKind]} ${a.sourceCode}${a.areaName ? `(小区:${a.areaName})` : ''}`;
  const lines = [
    `告警来源:${place}`,
    `告警类型:${ALARM_TYPE[a.alarmType]},级别:${LEVEL[a.level]}`,
    valueText(a.alarmType, a.value, a.threshold),
    `发生时间:${chinaTimeText(a.raisedAt)}(北京时间),${a.active ? '告警仍在持续' : '已恢复正常'}`,
  ].filter((l): l is string => l !== null);
  const district = a.sourceKind === 'district';
  return {
    title: `${KIND[a.sourceKind]} ${a.sourceCode} ${ALARM_TYPE[a.alarmType]}告警`,
    type: choices.type ?? ALARM_ORDER_TYPE[a.alarmType],
    priority: choices.priority ?? priorityOfLevel(a.level),
    description: withRemark(lines.join('\n'), choices.comment),
    source: 'alarm',
    sourceKey: sourceKeys.alarm(a.id),
    meterId: a.meterId,
    areaId: a.areaId,
    districtId: district ? a.sourceId : null,
    address: a.sourceKind === 'meter' ? null : a.address,
    lng: a.lng ?? a.centre?.[0] ?? null,
    lat: a.lat ?? a.centre?.[1] ?? null,
    alarmId: a.id,
    leakEventId: a.leakEventId,
  };
};

/** A meter as the raise reads it. */
export type MeterSource = {
  id: number;
  meterCode: string;
  areaName: string | null;
  residentCode: string | null;
  residentName: string | null;
};

const meterPlace = (m: MeterSource) => {
  const who = [m.residentCode, m.residentName].filter(Boolean).join(' ');
  const extra = [who ? `用户:${who}` : null, m.areaName ? `小区:${m.areaName}` : null].filter(Boolean).join(',');
  return `水表 ${m.meterCode}${extra ? `(${extra})` : ''}`;
};

/** A usage exception: the alarm of a usage type on a meter. */
export type UsageSource = {
  meter: MeterSource;
  alarm: Pick<AlarmSource, 'id' | 'alarmType' | 'level' | 'value' | 'threshold' | 'raisedAt' | 'active' | 'areaId'>;
};

export const orderOfUsageException = ({ meter, alarm }: UsageSource, choices: RaiseChoices = {}): NewWorkOrder => {
  const lines = [
    `${meterPlace(meter)}出现用水异常:${ALARM_TYPE[alarm.alarmType]},级别:${LEVEL[alarm.level]}`,
    valueText(alarm.alarmType, alarm.value, alarm.threshold),
    `发生时间:${chinaTimeText(alarm.raisedAt)}(北京时间),${alarm.active ? '异常仍在持续' : '已恢复正常'}`,
  ].filter((l): l is string => l !== null);
  return {
    title: `用水异常:水表 ${meter.meterCode} ${ALARM_TYPE[alarm.alarmType]}`,
    type: choices.type ?? ALARM_ORDER_TYPE[alarm.alarmType],
    priority: choices.priority ?? priorityOfLevel(alarm.level),
    description: withRemark(lines.join('\n'), choices.comment),
    source: 'usageException',
    sourceKey: sourceKeys.usage(meter.id, alarm.alarmType),
    meterId: meter.id,
    areaId: alarm.areaId,
    alarmId: alarm.id,
  };
};

/** A month-end base as a reading exception shows it. */
export type BaseFacts = {
  period: string;
  startReading: number | null;
  endReading: number | null;
  consumption: number | null;
  /** the check's findings, in BASE_CHECK_CODES order */
  codes: readonly string[];
};

const reading = (v: number | null) => (v === null ? '无' : figureText(v, 3));

export const orderOfReadingException = (
  meter: MeterSource,
  exceptionType: string,
  base: BaseFacts | null,
  choices: RaiseChoices = {},
): NewWorkOrder => {
  const what = readingExceptionText(exceptionType);
  const findings = base?.codes.length ? base.codes.map(readingExceptionText).join('、') : what;
  const lines = [
    base
      ? `${meterPlace(meter)} ${base.period} 月底数检查发现:${findings}`
      : `${meterPlace(meter)}抄表数据异常:${what}`,
    base
      ? `期初底数 ${reading(base.startReading)},期末底数 ${reading(base.endReading)},用水量 ${
          base.consumption === null ? '无' : `${figureText(base.consumption, 3)} m³`
        }`
      : null,
  ].filter((l): l is string => l !== null);
  return {
    title: `抄表异常:水表 ${meter.meterCode} ${what}${base ? `(${base.period})` : ''}`,
    type: choices.type ?? 'readingException',
    ...(choices.priority ? { priority: choices.priority } : {}),
    description: withRemark(lines.join('\n'), choices.comment),
    source: 'readingException',
    sourceKey: sourceKeys.reading(meter.id, exceptionType),
    meterId: meter.id,
  };
};

/** A night-flow leak event with its district. */
export type LeakSource = {
  id: number;
  districtId: number;
  districtName: string;
  kind: 'step' | 'trend';
  startDay: string;
  detectedDay: string;
  /** m³/h above the baseline */
  magnitude: number;
  /** m³ lost since the start */
  volume: number;
  level: string;
  alarmId: number | null;
  /** the district's BD-09 centre */
  centre: [number, number] | null;
};

export const orderOfLeakEvent = (e: LeakSource, choices: RaiseChoices = {}): NewWorkOrder => {
  const { lostM3, perDayM3 } = leakCost(e);
  const lines = [
    `夜间流量分析发现${e.districtName}自 ${e.startDay} 起出现${e.kind === 'trend' ? '渐增' : '突增'}漏损,${e.detectedDay} 检出`,
    `漏损规模约 ${figureText(e.magnitude)} m³/h,至今已损失约 ${figureText(lostM3, 1)} m³,每多一天再损失约 ${figureText(perDayM3, 1)} m³`,
  ];
  return {
    title: `${e.districtName} 夜间流量漏损维修`,
    type: choices.type ?? 'leakRepair',
    priority: choices.priority ?? priorityOfLevel(e.level),
    description: withRemark(lines.join('\n'), choices.comment),
    source: 'nightFlowEvent',
    sourceKey: sourceKeys.leak(e.id),
    districtId: e.districtId,
    lng: e.centre?.[0] ?? null,
    lat: e.centre?.[1] ?? null,
    leakEventId: e.id,
    alarmId: e.alarmId,
  };
};

/** The centre of a closed BD-09 ring (its vertices' mean: enough to place a pin inside a district). */
export const ringCentre = (ring: readonly (readonly number[])[] | null): [number, number] | null => {
  const points = (ring ?? [])
    .map((p) => [Number(p[0]), Number(p[1])] as const)
    .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const open = points.length > 1 && first[0] === last[0] && first[1] === last[1] ? points.slice(0, -1) : points;
  const sum = open.reduce((s, [x, y]) => [s[0] + x, s[1] + y], [0, 0]);
  return [sum[0] / open.length, sum[1] / open.length];
};
