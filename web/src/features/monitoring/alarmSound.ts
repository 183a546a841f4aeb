// Which alarms ring: new (or re-raised) urgent and severe alarms that are active, unacknowledged, not shelved, not
// suppressed, and not silenced. A ring key is id@raisedAt, so a re-raised alarm rings again.
import { type Alarm, type AlarmLevel, levelRank } from '@waterops/shared/monitoring';
import { alarmStateOf } from './alarmLevel.ts';
import { SOUNDING_LEVELS } from './alarmTone.ts';

export const ringKey = (alarm: Pick<Alarm, 'id' | 'raisedAt'>): string => `${alarm.id}@${alarm.raisedAt}`;

/** Alarms that may ring at all (level and state). */
export const canRing = (alarm: Alarm, now: number = Date.now()): boolean =>
  SOUNDING_LEVELS.includes(alarm.level) && !alarm.suppressed && alarmStateOf(alarm, now) === 'activeUnacked';

/** The loudest level among the ringing alarms (null: silence). `known` = keys present when the console opened, which
 * are not new; `silenced` = keys the operator silenced. */
export const ringingLevel = (
  alarms: readonly Alarm[],
  known: ReadonlySet<string>,
  silenced: ReadonlySet<string>,
  now: number = Date.now(),
): AlarmLevel | null => {
  let loudest: AlarmLevel | null = null;
  for (const alarm of alarms) {
    const key = ringKey(alarm);
    if (known.has(key) || silenced.has(key) || !canRing(alarm, now)) continue;
    if (loudest === null || levelRank(alarm.level) < levelRank(loudest)) loudest = alarm.level;
  }
  return loudest;
};

/** The keys of the alarms ringing now (what Silence silences). */
export const ringingKeys = (
  alarms: readonly Alarm[],
  known: ReadonlySet<string>,
  silenced: ReadonlySet<string>,
  now: number = Date.now(),
): string[] =>
  alarms.filter((a) => canRing(a, now) && !known.has(ringKey(a)) && !silenced.has(ringKey(a))).map(ringKey);
