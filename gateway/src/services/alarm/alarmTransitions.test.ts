import { levelDirection } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import {
  type AlarmFlags,
  alarmState,
  applyAction,
  canApply,
  isLive,
  type LevelCondition,
  levelChangeOf,
  type OpenLevel,
  type OperatorAction,
} from './alarmTransitions.ts';

const now = new Date('2026-11-25T08:00:00Z');
const later = new Date(now.getTime() + 3_600_000);
const earlier = new Date(now.getTime() - 60_000);

const flags = (active: boolean, acknowledged: boolean, shelvedUntil: Date | null = null): AlarmFlags => ({
  active,
  acknowledged,
  shelvedUntil,
});

describe('the live set', () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, false, true],
    [false, true, false],
  ])('active %s, acknowledged %s → live %s', (active, acknowledged, live) => {
    expect(isLive({ active, acknowledged })).toBe(live);
  });
});

describe('operator actions', () => {
  const cases: [string, OperatorAction, AlarmFlags, AlarmFlags | null][] = [
    ['acknowledge an active unacked alarm', 'acknowledge', flags(true, false), flags(true, true)],
    [
      'acknowledge a cleared unacked alarm (it leaves the live set)',
      'acknowledge',
      flags(false, false),
      flags(false, true),
    ],
    ['acknowledge twice: skipped', 'acknowledge', flags(true, true), null],
    ['shelve an active alarm for 60 minutes', 'shelve', flags(true, true), flags(true, true, later)],
    ['shelve again: a new expiry', 'shelve', flags(true, false, earlier), flags(true, false, later)],
    ['shelve an alarm outside the live set: skipped', 'shelve', flags(false, true), null],
    ['unshelve a shelved alarm', 'unshelve', flags(true, false, later), flags(true, false, null)],
    ['unshelve an alarm not shelved: skipped', 'unshelve', flags(true, false), null],
    ['unshelve an expired shelving: skipped (the job unshelves it)', 'unshelve', flags(true, false, earlier), null],
  ];
  it.each(cases)('%s', (_name, action, before, after) => {
    expect(canApply(action, before, now)).toBe(after !== null);
    expect(applyAction(action, before, now, 60)).toEqual(after);
  });
});

describe('the state filter', () => {
  it.each([
    [flags(true, false), 'activeUnacked'],
    [flags(true, true), 'activeAcked'],
    [flags(false, false), 'clearedUnacked'],
    [flags(false, true), null],
    [flags(true, false, later), 'shelved'],
    [flags(true, false, earlier), 'activeUnacked'],
    [flags(false, true, later), null],
  ] as const)('%o → %s', (a, state) => {
    expect(alarmState(a, now)).toBe(state);
  });
});

describe('level changes of an open alarm', () => {
  const open = (level: OpenLevel['level'], active = true): OpenLevel => ({ active, level });
  const cond = (level: LevelCondition['level'], value: number | null, threshold: number | null): LevelCondition => ({
    level,
    value,
    threshold,
  });
  const cases: [string, OpenLevel, LevelCondition, ReturnType<typeof levelChangeOf>][] = [
    [
      'a leak re-levelled from alarm to severe',
      open('alarm'),
      cond('severe', 12.3, 8),
      { from: 'alarm', to: 'severe', value: 12.3, threshold: 8 },
    ],
    [
      'a voltage alarm easing from urgent to general',
      open('urgent'),
      cond('general', 3.3, 3.4),
      { from: 'urgent', to: 'general', value: 3.3, threshold: 3.4 },
    ],
    [
      'a condition without a value or limit',
      open('general'),
      cond('alarm', null, null),
      {
        from: 'general',
        to: 'alarm',
        value: null,
        threshold: null,
      },
    ],
    ['the same level with a new value: no event', open('severe'), cond('severe', 2.9, 3.2), null],
    ['returned to normal: re-raised, not re-levelled', open('alarm', false), cond('severe', 3, 3.2), null],
  ];
  it.each(cases)('%s', (_name, alarm, condition, change) => {
    expect(levelChangeOf(alarm, condition)).toEqual(change);
  });

  it.each([
    ['alarm', 'severe', 'raised'],
    ['general', 'urgent', 'raised'],
    ['severe', 'alarm', 'lowered'],
    ['urgent', 'general', 'lowered'],
    ['alarm', 'alarm', null],
  ] as const)('%s → %s is %s', (from, to, direction) => {
    expect(levelDirection(from, to)).toBe(direction);
  });
});
