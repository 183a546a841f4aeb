// The operator's transitions of an alarm (ISA-18.2): acknowledge, shelve, unshelve, and the state an alarm is in.
// Pure: alarmRepository.ts applies the same conditions in its UPDATE … WHERE, set-based, and its tests and these
// must agree. The engine's own transitions (raise, clear, re-raise, suppress) are in alarmEvaluationRepository.ts.
import type { AlarmState } from '@waterops/shared/monitoring';

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
