import type { Alarm } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { makeLocator, meterIndex, newlyRaised, PULSE_MS, pulseLook, steadyAlarms } from './alarmPulses.ts';

const alarm = (id: number, over: Partial<Alarm> = {}): Alarm =>
  ({
    id,
    level: 'alarm',
    active: true,
    suppressed: false,
    sourceKind: 'meter',
    sourceId: id,
    ...over,
  }) as Alarm;

describe('newlyRaised', () => {
  it('records the first look without pulsing, then reports new active unsuppressed alarms', () => {
    const first = newlyRaised(null, [alarm(1)]);
    expect(first.fresh).toEqual([]);
    const next = newlyRaised(first.seen, [
      alarm(1),
      alarm(2),
      alarm(3, { suppressed: true }),
      alarm(4, { active: false }),
    ]);
    expect(next.fresh.map((a) => a.id)).toEqual([2]);
    expect([...next.seen]).toEqual([1, 2, 3, 4]);
  });
});

describe('pulseLook', () => {
  it('grows and fades over PULSE_MS, then is gone', () => {
    const a = pulseLook(0);
    const b = pulseLook(PULSE_MS / 2);
    expect(a && b && b.radius > a.radius && b.alpha < a.alpha).toBe(true);
    expect(pulseLook(PULSE_MS)).toBeNull();
    expect(pulseLook(-1)).toBeNull();
  });
});

describe('steadyAlarms / locator', () => {
  it('keeps active severe and urgent alarms only', () => {
    const list = [
      alarm(1, { level: 'urgent' }),
      alarm(2, { level: 'general' }),
      alarm(3, { level: 'severe', active: false }),
    ];
    expect(steadyAlarms(list).map((a) => a.id)).toEqual([1]);
  });

  it('places a meter by its column row and a district at its centre; others nowhere', () => {
    const locate = makeLocator(meterIndex([10, 20]), new Float64Array([1, 2, 3, 4]), new Map([[7, [5, 6]]]));
    expect(locate({ sourceKind: 'meter', sourceId: 20 })).toEqual([3, 4]);
    expect(locate({ sourceKind: 'meter', sourceId: 99 })).toBeNull();
    expect(locate({ sourceKind: 'district', sourceId: 7 })).toEqual([5, 6]);
    expect(locate({ sourceKind: 'concentrator', sourceId: 1 })).toBeNull();
  });
});
