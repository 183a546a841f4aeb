// On/off delays against chattering (ISA-18.2 "alarm deadband in time"): a condition raises its alarm only once it
// has held for the on-delay, and an active alarm returns to normal only once the condition has been absent for the
// off-delay. This is the reference of the set-based statements in alarmEvaluationRepository.ts, one source at a time.
import type { DelayRule } from '@waterops/shared/monitoring';

export type DelayState = {
  /** the alarm is active */
  active: boolean;
  /** the condition holds since (not yet raised: waiting out the on-delay) */
  pendingSince: Date | null;
  /** the condition is absent since (active: waiting out the off-delay) */
  normalSince: Date | null;
};

export type DelayStep = { state: DelayState; transition: 'raise' | 'clear' | null };

export const IDLE: DelayState = { active: false, pendingSince: null, normalSince: null };

/** One evaluation of a source: does the condition hold at `now`? */
export const stepDelay = (s: DelayState, holds: boolean, now: Date, rule: DelayRule): DelayStep => {
  const t = now.getTime();
  if (holds) {
    if (s.active) return { state: { ...s, normalSince: null }, transition: null };
    const since = s.pendingSince ?? now;
    if (t - since.getTime() >= rule.onDelaySeconds * 1000)
      return { state: { active: true, pendingSince: null, normalSince: null }, transition: 'raise' };
    return { state: { active: false, pendingSince: since, normalSince: null }, transition: null };
  }
  if (!s.active) return { state: IDLE, transition: null };
  const since = s.normalSince ?? now;
  if (t - since.getTime() >= rule.offDelaySeconds * 1000) return { state: IDLE, transition: 'clear' };
  return { state: { active: true, pendingSince: null, normalSince: since }, transition: null };
};
