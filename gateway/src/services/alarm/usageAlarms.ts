// The usage-exception job: after revalidation recomputed meters' daily series, their zero use, stuck register,
// sudden increase and continuous flow are evaluated (rules/usageRules.ts, each meter under its residential area's
// rule when the area has its own) and handed to the engine as conditions, a chunk of meters at a time.

import type { AlarmType } from '@waterops/shared/monitoring';
import { addDays, chinaDay } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { changedAlarms, sumResults, type TenantChanged } from './alarmEngine.ts';
import {
  type Condition,
  type EvaluationResult,
  evaluate,
  loadConditions,
  noChange,
} from './alarmEvaluationRepository.ts';
import { loadAlarmRules } from './alarmRuleRepository.ts';
import {
  continuousFlow,
  type DaySample,
  STUCK_HISTORY_DAYS,
  stuckMeter,
  suddenIncrease,
  zeroUse,
} from './rules/usageRules.ts';
import { recomputedMeters, usageDays, usageMeters, usageReads } from './usageAlarmsRepository.ts';

/** Reverse flow is left out: ingestion evaluates it read by read. */
export const USAGE_TYPES: AlarmType[] = ['zeroUse', 'stuckMeter', 'suddenIncrease', 'continuousFlow'];
const CHUNK = 1000;

/** Evaluates the usage rules of one tenant's meters at `now`. */
export const evaluateUsageOfMeters = async (
  db: Kysely<DB>,
  companyId: number,
  meterIds: readonly number[],
  now: Date,
): Promise<EvaluationResult> => {
  const rules = await loadAlarmRules(db, companyId);
  let total: EvaluationResult = noChange();
  const today = chinaDay(now);
  for (let i = 0; i < meterIds.length; i += CHUNK) {
    const ids = meterIds.slice(i, i + CHUNK);
    const meters = await usageMeters(db, companyId, ids);
    const ruleOf = (areaId: number | null) =>
      areaId === null ? rules.usage : (rules.usageByArea.get(areaId) ?? rules.usage);
    const longest = Math.max(
      ...[rules.usage, ...rules.usageByArea.values()].map((r) =>
        Math.max(r.zeroUseDays + 30, r.stuckMeterDays + STUCK_HISTORY_DAYS, r.increaseMeanDays + 1),
      ),
    );
    const maxHours = Math.max(...[rules.usage, ...rules.usageByArea.values()].map((r) => r.continuousFlowHours));
    const days = await usageDays(db, companyId, ids, addDays(today, -longest));
    const reads = await usageReads(db, companyId, ids, new Date(now.getTime() - (maxHours + 6) * 3_600_000));
    const daysOf = new Map<number, DaySample[]>();
    const lastDayOf = new Map<number, string>();
    for (const d of days) {
      daysOf.set(d.meterId, [...(daysOf.get(d.meterId) ?? []), { consumption: d.consumption, actual: d.actual }]);
      lastDayOf.set(d.meterId, d.day);
    }
    const readsOf = new Map<number, { at: Date; reading: number }[]>();
    for (const r of reads) readsOf.set(r.meterId, [...(readsOf.get(r.meterId) ?? []), r]);
    const conditions: Condition[] = [];
    for (const m of meters) {
      const rule = ruleOf(m.areaId);
      const series = daysOf.get(m.id) ?? [];
      // a series that stopped days ago is a silent meter (no data), not a usage pattern
      const fresh = (lastDayOf.get(m.id) ?? '') >= addDays(today, -2);
      const found: [AlarmType, ReturnType<typeof zeroUse>][] = [
        ['zeroUse', fresh ? zeroUse(series, rule) : null],
        ['stuckMeter', fresh ? stuckMeter(series, rule) : null],
        ['suddenIncrease', fresh ? suddenIncrease(series, rule) : null],
        // a bulk meter flows all night by design; its leaks are the night-flow analysis's
        ['continuousFlow', m.bulk ? null : continuousFlow(readsOf.get(m.id) ?? [], rule)],
      ];
      for (const [alarmType, f] of found)
        if (f)
          conditions.push({
            alarmType,
            sourceKind: 'meter',
            sourceId: m.id,
            sourceCode: m.code,
            areaId: m.areaId,
            ...f,
          });
    }
    const r = await evaluate(
      db,
      companyId,
      { types: USAGE_TYPES, sourceKind: 'meter', sourceIds: ids },
      (tx) => loadConditions(tx, conditions),
      now,
      rules.delay,
    );
    total = sumResults([total, r]);
  }
  return total;
};

/**
 * The last run on each database (several apps may share a process, as tests do): meters recomputed since then are
 * evaluated again (the first run looks back a day).
 */
const lastRuns = new WeakMap<Kysely<DB>, Date>();

/** Every tenant's meters whose daily series changed since the last run. */
export const evaluateUsageAlarms = async (
  db: Kysely<DB>,
  now: Date,
  onChanged?: TenantChanged,
): Promise<EvaluationResult> => {
  const since = lastRuns.get(db) ?? new Date(now.getTime() - 86_400_000);
  let total: EvaluationResult = noChange();
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id } of companies) {
    const ids = await recomputedMeters(db, Number(id), since);
    const r = await evaluateUsageOfMeters(db, Number(id), ids, now);
    if (changedAlarms(r)) onChanged?.(Number(id));
    total = sumResults([total, r]);
  }
  // a minute of overlap: a series committed while this run read is seen by the next one
  lastRuns.set(db, new Date(now.getTime() - 60_000));
  return total;
};
