// Raising one order from a source inside a transaction (issue 15, Deliver 3): the source is read in the tenant and the
// caller's data scope (otherwise 404, nothing written), becomes a NewWorkOrder (raiseOrders.ts) and goes to the
// core's createWorkOrder — unless an open order already stands for it, under its key or another one for the same
// thing (an alarm raised on the console and as a usage exception; a night-flow alarm and its leak event): then that
// one is returned, `created: false`. Creates of one thing are serialized by an advisory lock on its canonical key, so
// two concurrent raises, or a batch replayed, never give two orders. The raise and batch routes, and the meter-reading
// page's pair, share this.
import type { MessageKey } from '@waterops/shared/i18n';
import type { DataScope } from '@waterops/shared/place';
import { BASE_CHECK_CODES } from '@waterops/shared/reading';
import {
  type BatchRaiseItem,
  isReadingExceptionType,
  isUsageExceptionType,
  missingSourceFields,
  sourceKeys,
  type WorkOrderRaise,
} from '@waterops/shared/workorder';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError } from '../../plugins/errors.ts';
import { visibleDistrictIds } from '../dma/districtRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import {
  type BaseFacts,
  type MeterSource,
  orderOfAlarm,
  orderOfLeakEvent,
  orderOfReadingException,
  orderOfUsageException,
  type RaiseChoices,
} from './raiseOrders.ts';
import {
  alarmSource,
  baseSource,
  flaggedBaseOf,
  leakSource,
  meterSource,
  relatedOpenOrder,
  usageAlarmOf,
} from './raiseRepository.ts';
import { lockKey } from './workOrderRepository.ts';
import { type Actor, actOnWorkOrder, createWorkOrder, type NewWorkOrder, refusalMessage } from './workOrderService.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A raise the rules refuse (HTTP 200 with the business failure code; a batch item's message): nothing written. */
export class RaiseRefused extends Error {
  constructor(readonly text: (t: Translate) => string) {
    super('raise refused');
    this.name = 'RaiseRefused';
  }
}

export type Raised = { id: number; code: string; created: boolean; alarmId: number | null };

const AREA_SCOPE = { areaColumn: 'area_id' };
const sourceNotFound = () => new AppError(404, 'workOrder.source.notFound');

/** What the raise stands for: its order, the canonical key its creates are serialized on, what else is the same. */
type Plan = {
  order: NewWorkOrder;
  lockOn: string;
  related: { keys: string[]; alarmId?: number | null; leakEventId?: number | null };
};

/** Creates the planned order (or finds the one standing for it) and assigns a new one when asked. */
const carryOut = async (
  tx: Transaction<DB>,
  actor: Actor,
  plan: Plan,
  assigneeId: number | null | undefined,
  at: Date,
): Promise<Raised> => {
  await lockKey(tx, actor.companyId, `source:${plan.lockOn}`);
  const standing = await relatedOpenOrder(tx, actor.companyId, plan.related);
  const alarmId = plan.order.alarmId ?? null;
  if (standing) return { ...standing, created: false, alarmId };
  const made = await createWorkOrder(tx, actor, plan.order, at);
  if (made.created && assigneeId) {
    const outcome = await actOnWorkOrder(tx, actor, 'assign', made.id, { assigneeId }, at);
    if (!outcome.ok) throw new RaiseRefused((t) => refusalMessage(outcome, 'assign', t));
  }
  return { ...made, alarmId };
};

const choicesOf = (r: {
  type?: RaiseChoices['type'];
  priority?: RaiseChoices['priority'];
  comment?: string | null;
}) => ({
  ...(r.type ? { type: r.type } : {}),
  ...(r.priority ? { priority: r.priority } : {}),
  comment: r.comment ?? null,
});

const alarmPlan = async (tx: Transaction<DB>, actor: Actor, scope: DataScope | null, raise: WorkOrderRaise) => {
  const alarm = await alarmSource(tx, actor.companyId, scopeFilter(AREA_SCOPE, scope), raise.alarmId as number);
  if (!alarm) throw sourceNotFound();
  const alarmKey = sourceKeys.alarm(alarm.id);
  const usageKey =
    alarm.sourceKind === 'meter' && isUsageExceptionType(alarm.alarmType)
      ? sourceKeys.usage(alarm.sourceId, alarm.alarmType)
      : null;
  const leakKey = alarm.leakEventId !== null ? sourceKeys.leak(alarm.leakEventId) : null;
  return {
    order: orderOfAlarm(alarm, choicesOf(raise)),
    lockOn: usageKey ?? leakKey ?? alarmKey,
    related: {
      keys: [alarmKey, usageKey, leakKey].filter((k): k is string => k !== null),
      alarmId: alarm.id,
      leakEventId: alarm.leakEventId,
    },
  };
};

const meterOf = async (tx: Transaction<DB>, actor: Actor, scope: DataScope | null, meterId: number) => {
  const meter = await meterSource(tx, actor.companyId, scopeFilter(AREA_SCOPE, scope), meterId);
  if (!meter) throw sourceNotFound();
  return meter;
};

const usagePlan = async (tx: Transaction<DB>, actor: Actor, scope: DataScope | null, raise: WorkOrderRaise) => {
  const type = raise.exceptionType as string;
  if (!isUsageExceptionType(type)) throw new AppError(400, 'workOrderRaise.exceptionType', 'exceptionType');
  const meter = await meterOf(tx, actor, scope, raise.meterId as number);
  const alarm = await usageAlarmOf(tx, actor.companyId, meter.id, type, raise.alarmId);
  if (!alarm) throw sourceNotFound();
  const key = sourceKeys.usage(meter.id, type);
  return {
    order: orderOfUsageException(
      { meter, alarm: { ...alarm, areaId: alarm.areaId ?? meter.areaId } },
      choicesOf(raise),
    ),
    lockOn: key,
    related: { keys: [key, sourceKeys.alarm(alarm.id)], alarmId: alarm.id },
  };
};

const readingPlan = (meter: MeterSource, type: string, base: BaseFacts | null, choices: RaiseChoices): Plan => {
  const key = sourceKeys.reading(meter.id, type);
  return { order: orderOfReadingException(meter, type, base, choices), lockOn: key, related: { keys: [key] } };
};

const leakPlan = async (tx: Transaction<DB>, actor: Actor, scope: DataScope | null, raise: WorkOrderRaise) => {
  const event = await leakSource(tx, actor.companyId, raise.leakEventId as number);
  const visible = event ? await visibleDistrictIds(tx, actor.companyId, scope) : null;
  if (!event || (visible && !visible.has(event.districtId))) throw sourceNotFound();
  if (event.status !== 'open') throw new RaiseRefused((t) => t('workOrderRaise.eventRepaired'));
  const key = sourceKeys.leak(event.id);
  return {
    order: orderOfLeakEvent(event, choicesOf(raise)),
    lockOn: key,
    related: { keys: [key], leakEventId: event.id },
  };
};

/**
 * One raise inside `tx`. Throws AppError (400: the source's fields are missing or wrong; 404: no such source in the
 * tenant and scope) or RaiseRefused; in either case the caller rolls back and nothing is written.
 */
export const raiseInTx = async (
  tx: Transaction<DB>,
  actor: Actor,
  scope: DataScope | null,
  raise: WorkOrderRaise,
  at: Date,
): Promise<Raised> => {
  const missing = missingSourceFields(raise);
  if (missing.length) throw new AppError(400, 'workOrder.source.missing', missing[0], { fields: missing.join(', ') });
  let plan: Plan;
  if (raise.source === 'alarm') plan = await alarmPlan(tx, actor, scope, raise);
  else if (raise.source === 'usageException') plan = await usagePlan(tx, actor, scope, raise);
  else if (raise.source === 'nightFlowEvent') plan = await leakPlan(tx, actor, scope, raise);
  else {
    const type = raise.exceptionType as string;
    if (!isReadingExceptionType(type)) throw new AppError(400, 'workOrderRaise.exceptionType', 'exceptionType');
    const meter = await meterOf(tx, actor, scope, raise.meterId as number);
    const base = (await flaggedBaseOf(tx, actor.companyId, meter.id, type)) ?? null;
    plan = readingPlan(meter, type, base, choicesOf(raise));
  }
  return carryOut(tx, actor, plan, raise.assigneeId, at);
};

/** What the meter-reading page sends for one base. */
export type BaseRaise = RaiseChoices & { id: number; assigneeId?: number | null };

/**
 * A reading-exception order for a month-end base the check found abnormal (spec §7 meterBase workOrder): keyed by
 * the meter and its first finding (BASE_CHECK_CODES order), so a meter keeps one open order per kind of anomaly.
 */
export const raiseBaseInTx = async (
  tx: Transaction<DB>,
  actor: Actor,
  scope: DataScope | null,
  raise: BaseRaise,
  at: Date,
): Promise<Raised> => {
  const base = await baseSource(tx, actor.companyId, scopeFilter(AREA_SCOPE, scope), raise.id);
  if (!base) throw sourceNotFound();
  const codes = BASE_CHECK_CODES.filter((c) => base.codes.includes(c));
  const first = codes[0];
  if (!first) throw new RaiseRefused((t) => t('workOrderRaise.base.noException'));
  const meter = await meterOf(tx, actor, scope, base.meterId);
  const plan = readingPlan(meter, first, { ...base, codes }, choicesOf(raise));
  return carryOut(tx, actor, plan, raise.assigneeId, at);
};

/** Why a raise failed, in the request's language (a batch item's message). */
export const failureText = (error: unknown, t: Translate): string | null => {
  if (error instanceof RaiseRefused) return error.text(t);
  if (error instanceof AppError) return t(error.key, error.params);
  return null;
};

/**
 * Raises each item in its own transaction, so a bad item fails alone: a result per item in the order given (the
 * open order a source already has counts as done, `created: false`). An unexpected error fails its item with the
 * internal-error message and is logged.
 */
export const raiseEach = async <I>(
  db: Kysely<DB>,
  items: readonly I[],
  one: (tx: Transaction<DB>, item: I) => Promise<Raised>,
  t: Translate,
  logError: (error: unknown) => void,
): Promise<{ results: BatchRaiseItem[]; raised: Raised[] }> => {
  const results: BatchRaiseItem[] = [];
  const raised: Raised[] = [];
  for (const item of items) {
    try {
      const r = await db.transaction().execute((tx) => one(tx, item));
      raised.push(r);
      results.push({
        ok: true,
        created: r.created,
        id: r.id,
        code: r.code,
        message: r.created ? null : t('workOrder.raise.existing', { code: r.code }),
      });
    } catch (error) {
      const text = failureText(error, t);
      if (text === null) logError(error);
      results.push({ ok: false, created: false, id: null, code: null, message: text ?? t('errors.internal') });
    }
  }
  return { results, raised };
};

/** The operation log's line of a batch: how it ended and the codes made. */
export const batchDetail = (what: string, results: readonly BatchRaiseItem[]): string => {
  const created = results.filter((r) => r.ok && r.created);
  const existing = results.filter((r) => r.ok && !r.created).length;
  const failed = results.filter((r) => !r.ok).length;
  return `${what}: ${results.length} items, ${created.length} created, ${existing} already open, ${failed} failed${
    created.length ? ` (${created.map((r) => r.code).join(', ')})` : ''
  }`;
};
