import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, chinaDay, chinaMinuteOfDay } from '../reading/chinaTime.ts';
import {
  addClockTime,
  type ClockKind,
  clockTimeBetween,
  isWorkingDay,
  type Pause,
  parseWorkingHours,
  type WorkCalendar,
} from './workCalendar.ts';
import { dueTimes, pausesFromHistory } from './workOrderDeadlines.ts';

const MIN = 60_000;
const at = (text: string) => Date.parse(text);

/** 2026's National Day: 10-01…07 off, Sunday 09-20 and Saturday 10-10 worked. */
const NATIONAL_DAY: WorkCalendar = {
  holidays: new Set(['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']),
  workdays: new Set(['2026-09-20', '2026-10-10']),
  hours: null,
};

/** The oracle: walk minute by minute from `start` and count the minutes on the clock. */
const oracle = (
  start: number,
  minutes: number,
  clock: ClockKind,
  cal: WorkCalendar,
  pauses: Pause[],
  limit: number,
) => {
  let t = start;
  let counted = 0;
  while (counted < minutes) {
    if (t - start > limit) return null;
    const paused = pauses.some((p) => t >= p.from && (p.to === null || t < p.to));
    let on = !paused;
    if (on && clock === 'working') {
      const day = chinaDay(new Date(t));
      const m = chinaMinuteOfDay(new Date(t));
      on = isWorkingDay(cal, day) && (cal.hours === null || (m >= cal.hours.start && m < cal.hours.end));
    }
    if (on) counted++;
    t += MIN;
  }
  return t;
};

describe('the work calendar', () => {
  it('knows China’s working days: holidays off, make-up weekend days on, ordinary weekends off', () => {
    expect(isWorkingDay(NATIONAL_DAY, '2026-09-30')).toBe(true); // Wednesday
    expect(isWorkingDay(NATIONAL_DAY, '2026-10-05')).toBe(false); // Monday, a holiday
    expect(isWorkingDay(NATIONAL_DAY, '2026-10-10')).toBe(true); // Saturday, worked
    expect(isWorkingDay(NATIONAL_DAY, '2026-10-11')).toBe(false); // Sunday
  });

  it('runs a working-time target across the National Day holiday', () => {
    // 17:00 Beijing on Wednesday 09-30 + 8 working hours (08:30–17:30): 0.5 h that day, then nothing until Friday
    // 10-09 (off 10-01…07, 10-08 is a Thursday: worked), so 7.5 h from 08:30 on 10-08 → 16:00 on 10-08.
    const cal = { ...NATIONAL_DAY, hours: { start: 8 * 60 + 30, end: 17 * 60 + 30 } };
    const due = addClockTime(at('2026-09-30T17:00:00+08:00'), 480, 'working', cal);
    expect(new Date(due as number).toISOString()).toBe(new Date('2026-10-08T16:00:00+08:00').toISOString());
    // whole working days: 2 days from 09-30 12:00 → 09-30 (12 h) + 10-08 (24 h) + 10-09 12:00
    const whole = addClockTime(at('2026-09-30T12:00:00+08:00'), 2 * 1440, 'working', NATIONAL_DAY);
    expect(new Date(whole as number).toISOString()).toBe(new Date('2026-10-09T12:00:00+08:00').toISOString());
  });

  it('pauses while deferred and stands still for good while a pause is open', () => {
    const start = at('2026-11-02T09:00:00+08:00');
    const pauses: Pause[] = [{ from: start + 60 * MIN, to: start + 180 * MIN }];
    expect(addClockTime(start, 240, 'hours24', NATIONAL_DAY, pauses)).toBe(start + 360 * MIN);
    expect(addClockTime(start, 240, 'hours24', NATIONAL_DAY, [{ from: start + 60 * MIN, to: null }])).toBeNull();
    expect(clockTimeBetween(start, start + 360 * MIN, 'hours24', NATIONAL_DAY, pauses)).toBe(240 * MIN);
  });

  it('reads deferrals and reviews as pauses from the status history', () => {
    expect(
      pausesFromHistory([
        { to: 'pending', at: 0 },
        { to: 'processing', at: 10 },
        { to: 'deferred', at: 20 },
        { to: 'processing', at: 50 },
        { to: 'completed', at: 70 },
        { to: 'processing', at: 90 },
        { to: 'deferred', at: 100 },
      ]),
    ).toEqual([
      { from: 20, to: 50 },
      { from: 70, to: 90 },
      { from: 100, to: null },
    ]);
  });

  it('parses working hours', () => {
    expect(parseWorkingHours('08:30-17:30')).toEqual({ start: 510, end: 1050 });
    expect(parseWorkingHours('')).toBeNull();
    expect(parseWorkingHours('18:00-08:00')).toBeUndefined();
    expect(parseWorkingHours('8-17')).toBeUndefined();
  });

  it('agrees with the minute-by-minute oracle over random timelines with holidays, make-up days and deferrals', () => {
    const base = at('2026-09-25T00:00:00+08:00');
    const dayText = (i: number) => addDays('2026-09-25', i);
    const calendar = fc.record({
      holidays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
      workdays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
      hours: fc.option(
        fc.tuple(fc.integer({ min: 0, max: 23 * 60 }), fc.integer({ min: 30, max: 12 * 60 })).map(([s, len]) => ({
          start: s,
          end: Math.min(24 * 60, s + len),
        })),
      ),
    });
    const pause = fc
      .tuple(fc.integer({ min: 0, max: 20 * 1440 }), fc.option(fc.integer({ min: 1, max: 3 * 1440 }), { freq: 4 }))
      .map(([from, len]) => ({ from: base + from * MIN, to: len === null ? null : base + (from + len) * MIN }));
    fc.assert(
      fc.property(
        calendar,
        fc.integer({ min: 0, max: 8 * 1440 }),
        fc.integer({ min: 0, max: 2 * 1440 }),
        fc.constantFrom<ClockKind>('hours24', 'working'),
        fc.array(pause, { maxLength: 3 }),
        (c, startMin, minutes, clock, pauses) => {
          const cal: WorkCalendar = {
            holidays: new Set(c.holidays.map(dayText)),
            workdays: new Set(c.workdays.map(dayText)),
            hours: c.hours,
          };
          const start = base + startMin * MIN;
          const limit = 30 * 1440 * MIN;
          const expected = oracle(start, minutes, clock, cal, pauses, limit);
          const actual = addClockTime(start, minutes, clock, cal, pauses);
          // the oracle gives up at its horizon; the function only within its own (three years): compare inside
          if (expected === null) return actual === null || actual - start > limit;
          return actual === expected && clockTimeBetween(start, actual, clock, cal, pauses) === minutes * MIN;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives an order its response and resolution due times on its clock', () => {
    const dues = dueTimes(
      {
        createdAt: '2026-10-09T17:00:00+08:00',
        target: { responseMinutes: 60, resolveMinutes: 2 * 540 },
        clock: 'working',
        pauses: [],
      },
      { ...NATIONAL_DAY, hours: { start: 510, end: 1050 } },
    );
    // Friday 17:00: 30 minutes left that day, then Saturday 10-10 is a make-up working day
    expect(dues.responseDueAt).toBe(new Date('2026-10-10T09:00:00+08:00').toISOString());
    // 18 working hours: 0.5 on Friday, 9 on Saturday, Sunday off, 8.5 more on Monday → 17:00 on 10-12
    expect(dues.resolveDueAt).toBe(new Date('2026-10-12T17:00:00+08:00').toISOString());
  });
});
