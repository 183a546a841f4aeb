// The alarm engine's life of one source replayed over past evaluations, for the demo's alarm history
// (db/seed/demoAlarmHistory.ts): the same transitions as services/alarm/alarmEvaluationRepository.ts — raise at once
// (on-delay 0 in the demo), follow the level (each move a levelChanged event), return to normal after the off-delay,
// re-raise an alarm nobody acknowledged yet — plus the operator's acknowledgement at the instant the history's people
// would have made it. Pure: the evaluations come from the city's fault plan (alarmHistory.ts).
import type { AlarmLevel, AlarmLevelChange, AlarmType } from '@waterops/shared/monitoring';
import { levelChangeOf } from '../services/alarm/alarmTransitions.ts';

/** What holds at one evaluation: the condition's level, value and limit, or null (normal). */
export type Condition = { level: AlarmLevel; value: number | null; threshold: number | null } | null;
/** One evaluation of a source by the engine, at `at` (ms). */
export type Evaluation = { at: number; cond: Condition };

export type HistoryEvent = {
  action: 'raised' | 'reraised' | 'cleared' | 'acknowledged' | 'suppressed' | 'levelChanged';
  at: number;
  /** on levelChanged only */
  levelChange?: AlarmLevelChange;
};

/** One alarm as the engine left it, with its events oldest first. */
export type HistoryAlarm = {
  alarmType: AlarmType;
  sourceKind: 'meter' | 'concentrator' | 'collector';
  /** the source's index in the city plan (meters, concentrators or collectors) */
  source: number;
  level: AlarmLevel;
  value: number | null;
  threshold: number | null;
  /** the last raise (a re-raise moves it, as the engine does) */
  raisedAt: number;
  clearedAt: number;
  ackAt: number;
  /** who acknowledged: the index of the acknowledging person (the history's caller names them) */
  ackBy: number;
  ackComment: string | null;
  events: HistoryEvent[];
  /** an offline concentrator's grouped alarms (its collectors' and meters'), raised, cleared and acked with it */
  children?: HistoryAlarm[];
};

/** When and by whom an alarm raised at `raisedAt` at `level` is acknowledged. */
export type AckPolicy = (raisedAt: number, level: AlarmLevel) => { at: number; by: number; comment: string | null };

type Live = HistoryAlarm & { active: boolean; acked: boolean; normalSince: number | null };

/**
 * Replays a source's evaluations (oldest first) up to `end`. Only alarms that left the live set before `end`
 * (returned to normal and acknowledged) are returned: one still live at `end` belongs to the running engine, which
 * evaluates the present when the demo starts, and a history row beside it would break the one-live-alarm rule.
 */
export const replaySource = (
  source: Pick<HistoryAlarm, 'alarmType' | 'sourceKind' | 'source'>,
  evaluations: readonly Evaluation[],
  offDelayMs: number,
  ack: AckPolicy,
  end: number,
): HistoryAlarm[] => {
  const done: HistoryAlarm[] = [];
  let cur: Live | null = null;
  const settle = (t: number) => {
    if (cur && !cur.acked && cur.ackAt <= t) {
      cur.acked = true;
      cur.events.push({ action: 'acknowledged', at: cur.ackAt });
    }
    if (cur?.acked && !cur.active) {
      const { active: _a, acked: _k, normalSince: _n, ...alarm } = cur;
      done.push(alarm);
      cur = null;
    }
  };
  for (const { at, cond } of evaluations) {
    if (at > end) break;
    settle(at);
    if (cond) {
      // the engine follows the level up and down; the value is written with a new level only
      if (cur?.active) {
        const levelChange = levelChangeOf(cur, cond);
        if (levelChange) {
          Object.assign(cur, { level: cond.level, value: cond.value, threshold: cond.threshold });
          cur.events.push({ action: 'levelChanged', at, levelChange });
        }
      } else if (cur) {
        // returned to normal, not acknowledged: the same alarm sounds again
        Object.assign(cur, { ...cond, active: true, raisedAt: at, clearedAt: 0 });
        cur.events.push({ action: 'reraised', at });
      } else {
        const a = ack(at, cond.level);
        cur = {
          ...source,
          ...cond,
          raisedAt: at,
          clearedAt: 0,
          ackAt: a.at,
          ackBy: a.by,
          ackComment: a.comment,
          events: [{ action: 'raised', at }],
          active: true,
          acked: false,
          normalSince: null,
        };
      }
      cur.normalSince = null;
    } else if (cur?.active) {
      if (cur.normalSince === null) cur.normalSince = at;
      else if (cur.normalSince <= at - offDelayMs) {
        Object.assign(cur, { active: false, clearedAt: at, normalSince: null });
        cur.events.push({ action: 'cleared', at });
      }
    }
  }
  settle(end);
  return done;
};

/**
 * An offline concentrator's group: each child (a collector's offline alarm, a meter's no-data alarm) is raised with
 * its parent in the same run and hung beneath it at once, follows its level, is cleared when the parent clears and
 * acknowledged when the operator acknowledges the parent (services/alarm/alarmRepository.ts acknowledgeAlarms).
 */
export const groupUnder = (
  parent: HistoryAlarm,
  children: readonly Pick<HistoryAlarm, 'alarmType' | 'sourceKind' | 'source'>[],
): HistoryAlarm => ({
  ...parent,
  children: children.map((c) => ({
    ...parent,
    ...c,
    events: parent.events.flatMap((e) =>
      e.action === 'raised' || e.action === 'reraised' ? [e, { action: 'suppressed' as const, at: e.at }] : [e],
    ),
  })),
});
