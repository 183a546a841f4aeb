import { describe, expect, it } from 'vitest';
import { ringingKeys, ringingLevel, ringKey } from './alarmSound.ts';
import { anAlarm, minutesAgo, NOW } from './alarmTestData.ts';
import { ALARM_TONES } from './alarmTone.ts';

const none = new Set<string>();

describe('which alarms ring', () => {
  it('new urgent and severe alarms ring, the loudest level wins', () => {
    const severe = anAlarm({ id: 1, level: 'severe' });
    const urgent = anAlarm({ id: 2, level: 'urgent' });
    expect(ringingLevel([severe], none, none, NOW)).toBe('severe');
    expect(ringingLevel([severe, urgent], none, none, NOW)).toBe('urgent');
  });
  it.each([
    ['an alarm-level alarm', { level: 'alarm' }],
    ['a general one', { level: 'general' }],
    ['an acknowledged one', { acknowledged: true }],
    ['a cleared one', { active: false }],
    ['a suppressed one', { suppressed: true }],
    ['a shelved one', { shelvedUntil: minutesAgo(-60) }],
  ] as const)('%s does not ring', (_, over) => {
    expect(ringingLevel([anAlarm({ id: 1, level: 'urgent', ...over })], none, none, NOW)).toBeNull();
  });
  it('alarms already there when the console opened, and silenced ones, do not ring; a re-raised one rings again', () => {
    const urgent = anAlarm({ id: 1, level: 'urgent' });
    const known = new Set([ringKey(urgent)]);
    expect(ringingLevel([urgent], known, none, NOW)).toBeNull();
    expect(ringingLevel([urgent], none, new Set([ringKey(urgent)]), NOW)).toBeNull();
    const reraised = { ...urgent, raisedAt: minutesAgo(1) };
    expect(ringingLevel([reraised], known, none, NOW)).toBe('urgent');
    expect(ringingKeys([urgent, reraised], known, none, NOW)).toEqual([ringKey(reraised)]);
  });
  it('urgent and severe have distinct tones; the others none', () => {
    expect(ALARM_TONES.urgent).not.toEqual(ALARM_TONES.severe);
    expect(ALARM_TONES.alarm).toBeUndefined();
    expect(ALARM_TONES.general).toBeUndefined();
  });
});
