import { Intent } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { alarmLevelIntent, alarmStateOf } from './alarmLevel.ts';
import { anAlarm, minutesAgo, NOW } from './alarmTestData.ts';

describe('alarmLevelIntent', () => {
  it.each([
    ['urgent', Intent.DANGER],
    ['severe', Intent.WARNING],
    ['alarm', Intent.PRIMARY],
    ['general', Intent.NONE],
  ] as const)('%s → %s', (level, intent) => expect(alarmLevelIntent(level)).toBe(intent));
});

describe('alarmStateOf', () => {
  it.each([
    [{ active: true, acknowledged: false }, 'activeUnacked'],
    [{ active: true, acknowledged: true }, 'activeAcked'],
    [{ active: false, acknowledged: false }, 'clearedUnacked'],
    [{ active: false, acknowledged: true }, 'cleared'],
    [{ active: true, acknowledged: false, shelvedUntil: minutesAgo(-30) }, 'shelved'],
    // a shelf that ran out no longer counts
    [{ active: true, acknowledged: false, shelvedUntil: minutesAgo(1) }, 'activeUnacked'],
  ])('%o → %s', (over, state) => expect(alarmStateOf(anAlarm({ id: 1, ...over }), NOW)).toBe(state));
});
