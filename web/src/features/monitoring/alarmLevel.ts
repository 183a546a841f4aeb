// Alarm level → Blueprint Intent, in one place (conventions: "alarm level → Intent in one function"), and the
// console's view of an alarm's state.
import { Intent } from '@blueprintjs/core';
import type { Alarm, AlarmLevel, AlarmState } from '@waterops/shared/monitoring';

const INTENTS: Record<AlarmLevel, Intent> = {
  urgent: Intent.DANGER,
  severe: Intent.WARNING,
  alarm: Intent.PRIMARY,
  general: Intent.NONE,
};

/** The Intent every tag, row mark and toast of an alarm of this level uses. */
export const alarmLevelIntent = (level: AlarmLevel): Intent => INTENTS[level];

/** The state shown and filtered on; 'cleared' = returned to normal and acknowledged (history, not the live set). */
export type AlarmViewState = AlarmState | 'cleared';

/** Shelved wins while the shelf lasts; otherwise active / returned to normal × acknowledged or not. */
export const alarmStateOf = (
  alarm: Pick<Alarm, 'active' | 'acknowledged' | 'shelvedUntil'>,
  now: number = Date.now(),
): AlarmViewState => {
  if (alarm.shelvedUntil && Date.parse(alarm.shelvedUntil) > now) return 'shelved';
  if (alarm.active) return alarm.acknowledged ? 'activeAcked' : 'activeUnacked';
  return alarm.acknowledged ? 'cleared' : 'clearedUnacked';
};
