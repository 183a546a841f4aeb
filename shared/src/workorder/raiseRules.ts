// Raising work orders from where the problem is seen (issue 15, Deliver 3): which order an alarm, a usage or reading
// exception and a night-flow leak event become (type, priority, the source key that allows one open order per
// source), what each raise must name, the leak figures the dialog and the order's description show, the meter-base
// calls' bodies (spec §7 meter/meterBase workOrder, batchWorkOrder), and the notes an alarm's history gets.
import { type Static, Type } from '@sinclair/typebox';
import { OptionalNullable } from '../api/schemaParts.ts';
import { type MessageKey, messages, translate } from '../i18n/messages.ts';
import type { AlarmLevel, AlarmType } from '../monitoring/alarms.ts';
import { USAGE_EXCEPTION_TYPES } from '../monitoring/statistics.ts';
import { BASE_CHECK_CODES } from '../reading/meterBase.ts';
import { RULE_CODES } from '../reading/quality.ts';
import { nullableInteger } from '../rules/nullable.ts';
import { CompletionCause, WorkOrderPriority, WorkOrderType } from './workOrderModel.ts';
import { RAISE_BATCH_MAX, type WorkOrderRaise } from './workOrderRequests.ts';

/** The order an alarm type becomes: device and communication faults → meter fault, a night-flow rise → leak repair. */
export const ALARM_ORDER_TYPE: Readonly<Record<AlarmType, WorkOrderType>> = {
  voltage: 'meterFault',
  csq: 'meterFault',
  rsrp: 'meterFault',
  offline: 'meterFault',
  noData: 'meterFault',
  stuckMeter: 'meterFault',
  // a meter running backwards: fitted the wrong way round or a failed check valve, checked at the meter
  reverseFlow: 'meterFault',
  // no use, or far more than usual: someone looks (vacant, bypassed, a leak behind the meter)
  zeroUse: 'inspection',
  suddenIncrease: 'inspection',
  // water running day and night is a leak
  continuousFlow: 'leakRepair',
  nightFlow: 'leakRepair',
};

/** Spec §4 abnormality levels → order priorities. */
export const ALARM_LEVEL_PRIORITY: Readonly<Record<AlarmLevel, WorkOrderPriority>> = {
  urgent: 'urgent',
  severe: 'high',
  alarm: 'normal',
  general: 'low',
};

/** The priority of an alarm level (an unknown level, e.g. of an old leak event, as normal). */
export const priorityOfLevel = (level: string): WorkOrderPriority =>
  ALARM_LEVEL_PRIORITY[level as AlarmLevel] ?? 'normal';

/** What a reading exception can be: a month-end base check's finding or a data-check (VEE) rule. */
export const READING_EXCEPTION_TYPES: readonly string[] = [...new Set<string>([...BASE_CHECK_CODES, ...RULE_CODES])];
export const isReadingExceptionType = (v: string): boolean => READING_EXCEPTION_TYPES.includes(v);
export const isUsageExceptionType = (v: string): boolean => (USAGE_EXCEPTION_TYPES as readonly string[]).includes(v);

/** The source keys (work_orders.source_key): one open order per key. */
export const sourceKeys = {
  alarm: (alarmId: number) => `alarm:${alarmId}`,
  usage: (meterId: number, type: string) => `usage:${meterId}:${type}`,
  reading: (meterId: number, type: string) => `reading:${meterId}:${type}`,
  leak: (eventId: number) => `leak:${eventId}`,
} as const;

/** The fields each raise source must name. */
export const RAISE_SOURCE_FIELDS = {
  alarm: ['alarmId'],
  usageException: ['meterId', 'exceptionType'],
  readingException: ['meterId', 'exceptionType'],
  nightFlowEvent: ['leakEventId'],
} as const satisfies Record<WorkOrderRaise['source'], readonly (keyof WorkOrderRaise)[]>;

/** The fields a raise lacks for its source ([] when it names it fully). */
export const missingSourceFields = (raise: WorkOrderRaise): string[] =>
  RAISE_SOURCE_FIELDS[raise.source].filter((f) => raise[f] === undefined || raise[f] === null || raise[f] === '');

/** A leak's cost: the m³ lost so far and the m³ each further day costs (its size, m³/h, round the clock). */
export const leakCost = (e: { magnitude: number; volume: number }): { lostM3: number; perDayM3: number } => ({
  lostM3: Math.max(0, e.volume),
  perDayM3: Math.max(0, e.magnitude) * 24,
});

// ── the meter-reading page's calls (spec §7 meter/meterBase workOrder, batchWorkOrder) ────────────────────────────

const raiseOptions = {
  /** default: readingException */
  type: Type.Optional(WorkOrderType.schema),
  /** default: the type's (DEFAULT_PRIORITY) */
  priority: Type.Optional(WorkOrderPriority.schema),
  comment: OptionalNullable(Type.String({ maxLength: 500 })),
};

/** One month-end base found abnormal → a reading-exception order for its meter. */
export const MeterBaseWorkOrder = Type.Object({
  /** the base (meter_bases.id) */
  id: Type.Integer({ minimum: 1 }),
  assigneeId: Type.Optional(nullableInteger({ minimum: 1 })),
  ...raiseOptions,
});
export type MeterBaseWorkOrder = Static<typeof MeterBaseWorkOrder>;

/** Many bases at once; each answered on its own (BatchRaiseItem, in the order given). */
export const MeterBaseBatchWorkOrder = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: RAISE_BATCH_MAX }),
  ...raiseOptions,
});
export type MeterBaseBatchWorkOrder = Static<typeof MeterBaseBatchWorkOrder>;

// ── the notes an alarm's history gets (alarm_events action 'noted') ───────────────────────────────────────────────

/**
 * Alarm notes are stored in the utility's language (Chinese) like every stored text, and read back into the reader's
 * language: the comment is the zh-CN text of one of these messages, and `readAlarmNote` recognises it.
 */
export const ALARM_NOTE_KEYS = [
  'workOrder.alarmNote.raised',
  'workOrder.alarmNote.completed',
  'workOrderRaise.alarmNote.cancelled',
  'workOrderRaise.alarmNote.reopened',
] as const satisfies readonly MessageKey[];
export type AlarmNoteKey = (typeof ALARM_NOTE_KEYS)[number];

/** A completion cause as stored text: the label of a listed cause in Chinese, free text as given. */
export const causeText = (cause: string | null): string =>
  cause === null ? '' : CompletionCause.is(cause) ? CompletionCause.labels[cause]['zh-CN'] : cause;

/** The note's stored comment. */
export const alarmNoteText = (key: AlarmNoteKey, params: { code: string; cause?: string | null }): string =>
  translate(key, 'zh-CN', { code: params.code, cause: causeText(params.cause ?? null) });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = ALARM_NOTE_KEYS.map((key) => {
  const names: string[] = [];
  // the template's text around its {{placeholders}}: a code is one word, a cause any text
  const source = messages[key]['zh-CN']
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return part === 'code' ? '(\\S+)' : '([\\s\\S]*)';
    })
    .join('');
  return { key, names, re: new RegExp(`^${source}$`) };
});

/** A stored note read back as its message and parameters (a listed cause back to its code), or null. */
export const readAlarmNote = (comment: string | null): { key: AlarmNoteKey; params: Record<string, string> } | null => {
  if (!comment) return null;
  for (const p of PATTERNS) {
    const m = p.re.exec(comment);
    if (!m) continue;
    const params: Record<string, string> = {};
    p.names.forEach((name, i) => {
      params[name] = m[i + 1] ?? '';
    });
    if (params.cause !== undefined) {
      const listed = CompletionCause.values.find((c) => CompletionCause.labels[c]['zh-CN'] === params.cause);
      if (listed) params.causeCode = listed;
    }
    return { key: p.key, params };
  }
  return null;
};
