// The alarm engine's entry points. Ingestion calls evaluateReadingAlarms right after storing a batch (so the alarm
// exists when the ingest call returns); the offline job calls evaluateOfflineAlarms every minute; the usage job
// evaluateUsageAlarms (usageAlarms.ts) after revalidation. Other features raise and clear alarms of their own
// sources through the hook below, e.g. the district night-flow analysis (issue 7):
//
//   await raiseSourceAlarm(db, companyId, { alarmType: 'nightFlow', sourceKind: 'district', sourceId, sourceCode,
//     level: 'alarm', value: 3.2, threshold: 2.5, at, areaId: null });
//   await clearSourceAlarm(db, companyId, { alarmType: 'nightFlow', sourceKind: 'district', sourceId, at });
//
// raiseSourceAlarm raises (or re-raises, or re-levels) at once and clearSourceAlarm returns it to normal at once:
// the caller's own analysis is the debounce, so the tenant's on/off delays do not apply to the hook.
import type { AlarmLevel, AlarmSourceKind, AlarmType, DelayRule } from '@waterops/shared/monitoring';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { offlineConditions, readingConditions } from './alarmConditionsRepository.ts';
import {
  type EvaluationResult,
  type EvaluationScope,
  evaluate,
  loadConditions,
  loadConditionsFromSql,
  noChange,
} from './alarmEvaluationRepository.ts';
import { loadAlarmRules } from './alarmRuleRepository.ts';

const NO_DELAY: DelayRule = { onDelaySeconds: 0, offDelaySeconds: 0 };
const READING_TYPES: AlarmType[] = ['voltage', 'csq', 'rsrp', 'reverseFlow'];

/** The results of several evaluations added up. */
export const sumResults = (results: EvaluationResult[]): EvaluationResult =>
  results.reduce(
    (a, b) => ({
      raised: a.raised + b.raised,
      reraised: a.reraised + b.reraised,
      cleared: a.cleared + b.cleared,
      levelChanged: a.levelChanged + b.levelChanged,
    }),
    noChange(),
  );

/**
 * Whether an evaluation raised, re-raised, cleared or re-levelled anything (what a change hint is sent for: a level
 * change moves the alarm in the console's order and in the dashboard's counts by level).
 */
export const changedAlarms = ({ raised, reraised, cleared, levelChanged }: EvaluationResult): boolean =>
  raised + reraised + cleared + levelChanged > 0;

/** Called with each tenant whose alarms a job changed (jobs.ts turns it into a live change hint). */
export type TenantChanged = (companyId: number) => void;

/** Instantaneous thresholds (voltage, CSQ, RSRP, reverse flow) on the meters a batch of readings touched. */
export const evaluateReadingAlarms = async (
  db: Kysely<DB>,
  companyId: number,
  meterIds: readonly number[],
  now: Date,
): Promise<EvaluationResult> => {
  const ids = [...new Set(meterIds)];
  if (ids.length === 0) return sumResults([]);
  const rules = await loadAlarmRules(db, companyId);
  const scope: EvaluationScope = { types: READING_TYPES, sourceKind: 'meter', sourceIds: ids };
  const select = readingConditions(companyId, ids, { ...rules, reverseFlowMin: rules.usage.reverseFlowMin });
  return evaluate(db, companyId, scope, (tx) => loadConditionsFromSql(tx, select), now, rules.delay);
};

/**
 * Offline and no-data alarms of every device of every tenant. Concentrators first, so that collectors and meters
 * find their parent's alarm in the same run.
 */
export const evaluateOfflineAlarms = async (
  db: Kysely<DB>,
  now: Date,
  onChanged?: TenantChanged,
): Promise<EvaluationResult> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  const results: EvaluationResult[] = [];
  for (const { id } of companies) {
    const companyId = Number(id);
    const rules = await loadAlarmRules(db, companyId);
    const before = results.length;
    for (const kind of ['concentrator', 'collector', 'meter'] as const) {
      const scope: EvaluationScope = {
        types: [kind === 'meter' ? 'noData' : 'offline'],
        sourceKind: kind,
        sourceIds: null,
      };
      const select = offlineConditions(companyId, kind, rules.offline, now);
      results.push(await evaluate(db, companyId, scope, (tx) => loadConditionsFromSql(tx, select), now, rules.delay));
    }
    if (changedAlarms(sumResults(results.slice(before)))) onChanged?.(companyId);
  }
  return sumResults(results);
};

export type SourceAlarm = {
  alarmType: AlarmType;
  sourceKind: AlarmSourceKind;
  sourceId: number;
  sourceCode: string;
  areaId?: number | null;
  level: AlarmLevel;
  value: number | null;
  threshold: number | null;
  at: Date;
};

/** Raises (or re-raises, or re-levels) one source's alarm at once. */
export const raiseSourceAlarm = async (db: Kysely<DB>, companyId: number, a: SourceAlarm): Promise<EvaluationResult> =>
  evaluate(
    db,
    companyId,
    { types: [a.alarmType], sourceKind: a.sourceKind, sourceIds: [a.sourceId] },
    (tx) => loadConditions(tx, [{ ...a, areaId: a.areaId ?? null }]),
    a.at,
    NO_DELAY,
  );

/** Returns one source's alarm to normal at once (it stays in the live set until acknowledged). */
export const clearSourceAlarm = async (
  db: Kysely<DB>,
  companyId: number,
  a: { alarmType: AlarmType; sourceKind: AlarmSourceKind; sourceId: number; at: Date },
): Promise<EvaluationResult> =>
  evaluate(
    db,
    companyId,
    { types: [a.alarmType], sourceKind: a.sourceKind, sourceIds: [a.sourceId] },
    (tx) => loadConditions(tx, []),
    a.at,
    NO_DELAY,
  );
