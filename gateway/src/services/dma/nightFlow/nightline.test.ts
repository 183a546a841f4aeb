import { dayStart } from '@waterops/shared/reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineSeries, type FlowSample, inferIntervalMinutes, nightline, nightlineSeries } from './nightline.ts';

const DAY = '2026-03-10';
const T0 = dayStart(DAY).getTime();
const MIN = 60_000;
/** China time 'HH:MM' of DAY as a Date (24:00 allowed). */
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(T0 + (h * 60 + m) * MIN);
};
const hhmm = (d: Date) => {
  const m = Math.round((d.getTime() - T0) / MIN);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** A whole day at `interval` minutes, stamped at each interval's end (00:xx … 24:00), flow from f(minute). */
const day = (interval: number, f: (endMinute: number) => number): FlowSample[] =>
  Array.from({ length: 1440 / interval }, (_, k) => {
    const end = (k + 1) * interval;
    return { at: new Date(T0 + end * MIN), flow: f(end) };
  });

describe('the nightline of a district-day', () => {
  it('is the lowest rolling one-hour mean, not the lowest single sample', () => {
    // 10 m³/h all night, one 15-minute dip to 1 at 01:00, and a lower hour 03:00–04:00 at 4
    const samples = day(15, (m) => (m === 60 ? 1 : m > 180 && m <= 240 ? 4 : 10));
    const r = nightline(DAY, samples);
    expect(r.kind).toBe('nightline');
    if (r.kind !== 'nightline') return;
    expect(r.value).toBeCloseTo(4, 10);
    expect([hhmm(r.from), hhmm(r.to), hhmm(r.at)]).toEqual(['03:00', '04:00', '03:30']);
    expect(r).toMatchObject({ intervalMinutes: 15, points: 96, expected: 96 });
  });

  it.each([
    { interval: 15, keep: 92, kind: 'nightline' },
    { interval: 15, keep: 91, kind: 'incomplete' },
    { interval: 60, keep: 23, kind: 'nightline' },
    { interval: 60, keep: 22, kind: 'incomplete' },
    { interval: 5, keep: 276, kind: 'nightline' },
    { interval: 5, keep: 275, kind: 'incomplete' },
    { interval: 1, keep: 1380, kind: 'nightline' },
    { interval: 1, keep: 1379, kind: 'incomplete' },
  ])('with $keep points at $interval minutes gives $kind (95.8 % of the expected, rounded up)', (c) => {
    // drop daytime points (from 12:00 on) so the night stays whole
    const all = day(c.interval, (m) => 5 + (m % 120) / 60);
    const drop = all.length - c.keep;
    const noon = 720 / c.interval;
    const samples = all.filter((_, k) => k < noon || k >= noon + drop);
    const r = nightline(DAY, samples, { intervalMinutes: c.interval });
    expect(r.kind).toBe(c.kind);
    if (r.kind === 'incomplete') expect(r).toMatchObject({ points: c.keep, expected: 1440 / c.interval });
  });

  it('reads 1-minute data: the minimum hour of a smooth night curve', () => {
    // lowest at 03:00: mean over [02:30, 03:30] of a parabola is its minimum hour
    const samples = day(1, (m) => 2 + ((m - 0.5 - 180) / 60) ** 2);
    const r = nightline(DAY, samples);
    expect(r.kind === 'nightline' && hhmm(r.at)).toBe('03:00');
    expect(r.kind === 'nightline' && r.intervalMinutes).toBe(1);
  });

  it('reads 60-minute data: each hour is one sample, the nightline is the lowest night hour', () => {
    const samples = day(60, (m) => [9, 7, 6, 3.5, 4, 5, 8][m / 60] ?? 20);
    const r = nightline(DAY, samples);
    expect(r).toMatchObject({ kind: 'nightline', value: 3.5, intervalMinutes: 60 });
    expect(r.kind === 'nightline' && [hhmm(r.from), hhmm(r.to)]).toEqual(['02:00', '03:00']);
  });

  it('weighs irregular samples by the time they cover', () => {
    // night at 10 but 02:00–02:50 covered by samples at 02:10 (3), 02:40 (6), 02:50 (9): the hours ending at
    // 02:50 and 03:00 both average (10·3 + 30·6 + 10·9 + 10·10) / 60
    const night = day(10, (m) => (m === 130 ? 3 : 10)).filter(
      (s) => ![at('02:20'), at('02:30')].some((d) => +d === +s.at.getTime()),
    );
    const irregular = night.map((s) => (hhmm(s.at) === '02:50' ? { ...s, flow: 9 } : s));
    irregular.push({ at: at('02:40'), flow: 6 });
    const r = nightline(DAY, irregular, { completeness: 0.9 });
    expect(r.kind === 'nightline' && r.value).toBeCloseTo((10 * 3 + 30 * 6 + 10 * 9 + 10 * 10) / 60, 10);
  });

  it('honours the day boundary: 00:00 closes the day before, 24:00 belongs to this day', () => {
    const samples = [...day(15, () => 5), { at: at('00:00'), flow: 0 }, { at: at('24:15'), flow: 0 }];
    expect(nightline(DAY, samples)).toMatchObject({ kind: 'nightline', value: 5, points: 96 });
  });

  it('uses a configured night window (01:00–05:00) and can count completeness over the night only', () => {
    const samples = day(15, (m) => (m <= 60 ? 1 : m > 300 ? 2 : 6));
    expect(nightline(DAY, samples, { fromMinute: 60, toMinute: 300 })).toMatchObject({ value: 6 });
    const nightOnly = samples.filter((s) => s.at >= at('00:15') && s.at <= at('06:00'));
    expect(nightline(DAY, nightOnly).kind).toBe('incomplete');
    expect(nightline(DAY, nightOnly, { completenessScope: 'night' })).toMatchObject({ kind: 'nightline', value: 1 });
  });

  it('says why a day has no nightline, also with no samples at all', () => {
    expect(nightline(DAY, [])).toEqual({
      kind: 'incomplete',
      day: DAY,
      intervalMinutes: null,
      points: 0,
      expected: 0,
      required: 1,
    });
  });

  it('splits a run of days into China days, one result per day, gaps as incomplete days', () => {
    const days = [0, 1, 2, 3].flatMap((k) =>
      k === 2
        ? []
        : day(15, (m) => 10 + k + (m > 120 && m <= 180 ? -5 : 0)).map((s) => ({
            ...s,
            at: new Date(s.at.getTime() + k * 86_400_000),
          })),
    );
    const r = nightlineSeries(days.reverse(), DAY, '2026-03-13');
    expect(r.map((x) => [x.day, x.kind === 'nightline' ? x.value : x.kind])).toEqual([
      ['2026-03-10', 5],
      ['2026-03-11', 6],
      ['2026-03-12', 'incomplete'],
      ['2026-03-13', 8],
    ]);
  });

  it('property: regular data of any interval gives the brute-force minimum of hour means inside the night', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 5, 10, 15, 20, 30, 60),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1440, maxLength: 1440 }),
        (interval, flows) => {
          const samples = day(interval, (m) => flows[m - 1] as number);
          const r = nightline(DAY, samples);
          const per = 60 / interval;
          let best = Number.POSITIVE_INFINITY;
          for (let e = per; e <= 360 / interval; e++) {
            let s = 0;
            for (let k = e - per; k < e; k++) s += (samples[k] as FlowSample).flow;
            best = Math.min(best, s / per);
          }
          expect(r.kind).toBe('nightline');
          if (r.kind !== 'nightline') return;
          expect(r.value).toBeCloseTo(best, 8);
          expect(r.from.getTime()).toBeGreaterThanOrEqual(T0);
          expect(r.to.getTime()).toBeLessThanOrEqual(T0 + 360 * MIN);
          expect(r.to.getTime() - r.from.getTime()).toBe(60 * MIN);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('property: a constant flow sampled at random irregular times has that flow as its nightline', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 1439 }), { minLength: 1500, maxLength: 3000 }),
        (flow, minutes) => {
          const samples = [...new Set([...minutes, 1440])].map((m) => ({ at: new Date(T0 + m * MIN), flow }));
          const r = nightline(DAY, samples, { completeness: 0 });
          expect(r.kind === 'nightline' && r.value).toBeCloseTo(flow, 8);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('inlet flow of a district from several meters', () => {
  it('sums inlets and subtracts outlets on a common grid, averaging finer data into each cell', () => {
    const inlet5 = day(5, () => 6);
    const inlet15 = day(15, (m) => (m % 30 === 0 ? 2 : 4));
    const outlet = day(15, () => 1);
    const grid = combineSeries(
      [
        { sign: 1, samples: inlet5 },
        { sign: 1, samples: inlet15 },
        { sign: -1, samples: outlet },
      ],
      dayStart(DAY),
      at('24:00'),
      30,
    );
    expect(grid).toHaveLength(48);
    expect(grid.every((s) => Math.abs(s.flow - (6 + 3 - 1)) < 1e-9)).toBe(true);
    expect(hhmm(grid[0]?.at as Date)).toBe('00:30');
  });

  it('leaves out the cells a meter does not cover; a sample after a gap stands for at most an hour of it', () => {
    const a = day(15, () => 5);
    // b has nothing from 10:00 to 12:15: its 12:15 value covers 11:15–12:15
    const b = day(15, () => 1).filter((s) => s.at.getTime() !== at('12:00').getTime());
    const grid = combineSeries(
      [
        { sign: 1, samples: a },
        { sign: 1, samples: b.filter((s) => s.at <= at('10:00') || s.at >= at('12:15')) },
      ],
      dayStart(DAY),
      at('24:00'),
      15,
    );
    // 10:00–11:15 is covered by a only: 5 cells left out
    expect(grid).toHaveLength(96 - 5);
    expect(grid.every((s) => s.flow === 6)).toBe(true);
    expect(grid.some((s) => s.at.getTime() === at('10:15').getTime())).toBe(false);
    expect(grid.some((s) => s.at.getTime() === at('12:00').getTime())).toBe(true);
  });

  it('infers the interval from the median spacing', () => {
    expect(inferIntervalMinutes([0, 15, 30, 45, 75].map((m) => m * MIN))).toBe(15);
    expect(inferIntervalMinutes([0])).toBeNull();
  });
});
