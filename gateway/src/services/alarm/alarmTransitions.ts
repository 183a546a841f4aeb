// The operator's transitions of an alarm (ISA-18.2): acknowledge, shelve, unshelve, and the state an alarm is in.
// Pure: alarmRepository.ts applies the same conditions in its UPDATE … WHERE, set-based, and its tests and these
// must agree. The engine's own transitions (raise, clear, re-raise, suppress) are in alarmEvaluationRepository.ts;
// its rule for a level change, which that file and the demo's replay (simulator/alarmHistoryEngine.ts) apply, is here.
import type { AlarmLevel, AlarmLevelChange, AlarmState } from '@waterops/shared/monitoring';

export type AlarmFlags = {
  active: boolean;
  acknowledged: boolean;
  shelvedUntil: Date | null;
};

export type OperatorAction = 'acknowledge' | 'shelve' | 'unshelve';

/** Still in the live set: active, or returned to normal and not yet acknowledged. */
export const isLive = (a: Pick<AlarmFlags, 'active' | 'acknowledged'>): boolean => a.active || !a.acknowledged;

export const isShelved = (a: AlarmFlags, now: Date): boolean =>
  a.shelvedUntil !== null && a.shelvedUntil.getTime() > now.getTime();

/**
 * Whether an action applies: acknowledge an unacknowledged alarm; shelve a live one (again: a new expiry and
 * reason); unshelve a shelved one. An alarm the action does not apply to is skipped, not an error (bulk actions).
 */
export const canApply = (action: OperatorAction, a: AlarmFlags, now: Date): boolean => {
  if (action === 'acknowledge') return !a.acknowledged;
  if (action === 'shelve') return isLive(a);
  return isShelved(a, now);
};

/** The flags after an action that applies; null when it does not. */
export const applyAction = (action: OperatorAction, a: AlarmFlags, now: Date, minutes = 0): AlarmFlags | null => {
  if (!canApply(action, a, now)) return null;
  if (action === 'acknowledge') return { ...a, acknowledged: true };
  if (action === 'shelve') return { ...a, shelvedUntil: new Date(now.getTime() + minutes * 60_000) };
  return { ...a, shelvedUntil: null };
};

/** The console's state filter; null for an alarm that left the live set (acknowledged and normal again). */
export const alarmState = (a: AlarmFlags, now: Date): AlarmState | null => {
  if (isShelved(a, now) && isLive(a)) return 'shelved';
  if (a.active) return a.acknowledged ? 'activeAcked' : 'activeUnacked';
  return a.acknowledged ? null : 'clearedUnacked';
};

/** An active alarm as the engine sees it, and the condition that holds now. */
export type OpenLevel = { active: boolean; level: AlarmLevel };
export type LevelCondition = { level: AlarmLevel; value: number | null; threshold: number | null };

/**
 * The level change a condition makes to an alarm, recorded as a `levelChanged` event with the value and limit that
 * moved it; null when it makes none. Only an active alarm is re-levelled (one returned to normal is re-raised at the
 * new level instead), and a condition at the same level with only a new value changes nothing, not even the value:
 * the alarm keeps the value it was raised or re-levelled with, so a wobbling value does not flood the history.
 */
export const levelChangeOf = (alarm: OpenLevel, cond: LevelCondition): AlarmLevelChange | null =>
  alarm.active && alarm.level !== cond.level
    ? { from: alarm.level, to: cond.level, value: cond.value, threshold: cond.threshold }
    : null;
