import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { anAlarm } from './alarmTestData.ts';
import { takeNew, urgentToastBatches } from './alarmToasts.ts';

const a = anAlarm({ id: 1, level: 'urgent' });
const b = anAlarm({ id: 2, level: 'urgent' });
const c = anAlarm({ id: 3, level: 'urgent' });

describe('urgent alarm toasts', () => {
  it('a burst within the window is one toast; a later alarm another; quiet windows none', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ cold, expectObservable }) => {
      const urgent$ = cold('a 10ms b 5ms c', { a, b, c });
      expectObservable(urgentToastBatches(urgent$, 1000), '^ 3999ms !').toBe('1000ms x', { x: [a, b, c] });
    });
  });
  it('two bursts far apart are two toasts', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ cold, expectObservable }) => {
      const urgent$ = cold('a 3499ms b', { a, b });
      expectObservable(urgentToastBatches(urgent$, 1000), '^ 5999ms !').toBe('1000ms x 2999ms y', { x: [a], y: [b] });
    });
  });
  it('takeNew gives each alarm once', () => {
    const seen = new Set<string>();
    expect(takeNew([a, b], seen, (x) => String(x.id))).toEqual([a, b]);
    expect(takeNew([a, b, c], seen, (x) => String(x.id))).toEqual([c]);
  });
});
