import { addDays } from '@waterops/shared/reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightFlowLevel } from './nightFlowLevel.ts';
import {
  DEFAULT_DETECTION_OPTIONS,
  detectNightlineEvents,
  eventDays,
  type NightlinePoint,
} from './nightlineDetection.ts';
import { gauss, prng } from './seededNoise.ts';

const START = '2026-01-05'; // a Monday
// The detector's guarantees are statistical (about 1 step in 20,000 random series is placed 2 days off), so CI
// runs the properties from a fixed seed; NIGHTFLOW_SEED / NIGHTFLOW_RUNS explore further.
const RUNS = Number(process.env.NIGHTFLOW_RUNS ?? 100);
const SEED = process.env.NIGHTFLOW_SEED ? Number(process.env.NIGHTFLOW_SEED) : 20_261_126;

type SeriesSpec = {
  days?: number;
  base?: number;
  /** noise standard deviation as a share of base */
  noise?: number;
  seed?: number;
  /** weekend nights higher by this share of base */
  weekend?: number;
  /** a leak of `size` m³/h from day index `from` to `until` (exclusive) */
  step?: { from: number; size: number; until?: number };
  /** a leak growing by `slope` m³/h per day from day index `from` */
  trend?: { from: number; slope: number };
  /** day indexes left out */
  gaps?: readonly number[];
};

const dayOf = (i: number) => addDays(START, i);
const series = (s: SeriesSpec): NightlinePoint[] => {
  const { days = 90, base = 10, noise = 0.02, seed = 1, weekend = 0 } = s;
  const r = prng(seed);
  return Array.from({ length: days }, (_, i) => {
    const w = new Date(`${dayOf(i)}T00:00:00Z`).getUTCDay();
    let v = base * (1 + (w === 0 || w === 6 ? weekend : 0) + noise * gauss(r));
    if (s.step && i >= s.step.from && i < (s.step.until ?? days)) v += s.step.size;
    if (s.trend && i >= s.trend.from) v += s.trend.slope * (i - s.trend.from + 1);
    return { day: dayOf(i), value: s.gaps?.includes(i) ? null : v };
  });
};
const daysFrom = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** σ the detector works with for a series of `noise` on `base`: never below 5 % of the baseline. */
const sigmaOf = (base: number, noise: number) => base * Math.max(noise, DEFAULT_DETECTION_OPTIONS.minRelativeSigma);

describe('nightline leak detection', () => {
  it.each([
    { name: '4σ step', size: 2, noise: 0.02, from: 40, until: 70, maxDelay: 3 },
    { name: '6σ step, noisier', size: 3, noise: 0.04, from: 30, until: 60, maxDelay: 2 },
    { name: 'large burst', size: 10, noise: 0.02, from: 50, until: 58, maxDelay: 1 },
  ])('finds a $name: one event, start within a day, repaired when it steps back', (c) => {
    const { events } = detectNightlineEvents(
      series({ noise: c.noise, step: { from: c.from, size: c.size, until: c.until } }),
    );
    expect(events).toHaveLength(1);
    const e = events[0];
    expect(e?.kind).toBe('step');
    expect(Math.abs(daysFrom(dayOf(c.from), e?.startDay ?? ''))).toBeLessThanOrEqual(1);
    expect(daysFrom(dayOf(c.from), e?.detectedDay ?? '')).toBeLessThanOrEqual(c.maxDelay);
    expect(e?.status).toBe('repaired');
    expect(Math.abs(daysFrom(dayOf(c.until), e?.repairedDay ?? ''))).toBeLessThanOrEqual(1);
    // lost: size × 24 h × days of the leak
    const lost = c.size * 24 * (c.until - c.from);
    expect(Math.abs((e?.volume ?? 0) - lost) / lost).toBeLessThan(0.15);
    expect(e?.magnitude).toBeCloseTo(c.size, 0);
  });

  it('keeps an unrepaired leak open with its volume so far, and sizes its alarm by magnitude / baseline', () => {
    const { events } = detectNightlineEvents(series({ noise: 0.01, step: { from: 60, size: 6 } }));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'open', repairedDay: null, level: 'severe' });
    expect(events[0]?.volume).toBeGreaterThan(6 * 24 * 29);
    expect(events[0]?.volume).toBeLessThan(6 * 24 * 31);
    expect(eventDays(events[0] as (typeof events)[0], dayOf(89)).length).toBeGreaterThanOrEqual(29);
  });

  it.each([
    [0.1, 'general'],
    [0.2, 'alarm'],
    [0.5, 'severe'],
    [1.2, 'urgent'],
  ] as const)('levels a leak of %s × the baseline as %s', (ratio, level) => {
    expect(nightFlowLevel(ratio * 8, 8)).toBe(level);
  });

  it('reports a slowly growing leak as a trend starting near where it began', () => {
    const { events } = detectNightlineEvents(series({ noise: 0.02, trend: { from: 40, slope: 0.15 } }));
    expect(events).toHaveLength(1);
    expect(events[0]?.kind).toBe('trend');
    expect(Math.abs(daysFrom(dayOf(40), events[0]?.startDay ?? ''))).toBeLessThanOrEqual(4);
    // 0.15 m³/h a day on σ 0.5: past h = 6 within a fortnight
    expect(daysFrom(dayOf(40), events[0]?.detectedDay ?? '')).toBeLessThanOrEqual(14);
  });

  it('does not alarm on a seasonal drift slower than the baseline follows (5 % over 90 days)', () => {
    const points = series({ noise: 0.02 }).map((p, i) => ({ ...p, value: (p.value as number) * (1 + 0.0006 * i) }));
    expect(detectNightlineEvents(points).events).toEqual([]);
  });

  it('learns the weekend nights apart, so higher weekend use is no leak but a leak still is', () => {
    const flat = detectNightlineEvents(series({ noise: 0.02, weekend: 0.15 }));
    expect(flat.events).toEqual([]);
    expect(flat.baseline?.weekendOffset).toBeCloseTo(1.5, 0);
    const leak = detectNightlineEvents(series({ noise: 0.02, weekend: 0.15, step: { from: 45, size: 3 } }));
    expect(leak.events.map((e) => e.startDay)).toEqual([dayOf(45)]);
  });

  it('rides over missing days and fills them into the volume', () => {
    const gaps = [20, 35, 36, 47, 48, 49, 60];
    const { events, trace } = detectNightlineEvents(series({ step: { from: 45, size: 3, until: 65 }, gaps }));
    expect(trace).toHaveLength(90);
    expect(trace[47]?.value).toBeNull();
    expect(events).toHaveLength(1);
    expect(Math.abs(daysFrom(dayOf(45), events[0]?.startDay ?? ''))).toBeLessThanOrEqual(1);
    expect(Math.abs((events[0]?.volume ?? 0) - 3 * 24 * 20) / (3 * 24 * 20)).toBeLessThan(0.15);
  });

  it('re-baselines when a leak already running in the warm-up is repaired, then finds the next one', () => {
    const points = series({ step: { from: 0, size: 4, until: 25 } }).map((p, i) =>
      i >= 60 ? { ...p, value: (p.value as number) + 3 } : p,
    );
    const { events } = detectNightlineEvents(points);
    expect(events.map((e) => e.startDay)).toEqual([dayOf(60)]);
  });

  it('waits out the warm-up: no events and no baseline before it ends', () => {
    const r = detectNightlineEvents(series({ days: 20, step: { from: 10, size: 5 } }));
    expect(r).toMatchObject({ events: [], baseline: null });
    expect(r.trace.every((t) => t.expected === null)).toBe(true);
  });

  it('takes the days in any order and a day given twice once', () => {
    const points = series({ step: { from: 50, size: 3, until: 70 } });
    const shuffled = [...points].reverse().concat(points.slice(10, 12));
    expect(detectNightlineEvents(shuffled)).toEqual(detectNightlineEvents(points));
  });

  // Properties over many seeded series. Noise stays at or below the σ floor (5 % of the baseline), where the
  // detector's guarantees hold; above it the false-alarm rate rises (see the report / module docs).
  it('raises no alarm on a flat series with noise (90 days, many seeds, with or without a weekly pattern)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ min: 0.002, max: 0.03, noNaN: true }),
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.constantFrom(0, 0.1, 0.2),
        (seed, noise, base, weekend) => {
          expect(detectNightlineEvents(series({ seed, noise, base, weekend })).events).toEqual([]);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('finds a step of at least 4σ within 3 days, its start within a day and its volume within 20 %', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ min: 0.002, max: 0.03, noNaN: true }),
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.double({ min: 4, max: 20, noNaN: true }),
        fc.integer({ min: 28, max: 70 }),
        fc.integer({ min: 10, max: 40 }),
        (seed, noise, base, sigmas, from, length) => {
          const size = sigmas * sigmaOf(base, noise);
          const until = Math.min(90, from + length);
          const { events } = detectNightlineEvents(series({ seed, noise, base, step: { from, size, until } }));
          expect(events).toHaveLength(1);
          const e = events[0] as (typeof events)[0];
          expect(Math.abs(daysFrom(dayOf(from), e.startDay))).toBeLessThanOrEqual(1);
          expect(daysFrom(dayOf(from), e.detectedDay)).toBeLessThanOrEqual(3);
          // the event runs to its repair (or the last day when the leak is still on in the final two days)
          const end = e.repairedDay ? daysFrom(START, e.repairedDay) : 90;
          if (until <= 86) expect(Math.abs(end - until)).toBeLessThanOrEqual(1);
          const lost = size * 24 * (until - from);
          expect(Math.abs(e.volume - lost) / lost).toBeLessThan(0.2);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  // A slow rise is partly taken for a season's drift (driftBeta) and, once its first event has stopped growing for
  // longer than the growth window, may show again as an event of its own: the leak is found in time and never closed,
  // but may count twice or three times (a known cost, measured by the leak benchmark in BENCHMARKS.md).
  it('finds a linear rise of 0.3–1 σ a day, its start within two weeks, and never closes it', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ min: 0.002, max: 0.03, noNaN: true }),
        fc.double({ min: 0.5, max: 200, noNaN: true }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        // room after the start: a rise of 0.3 σ a day needs about a month to tell itself from a step
        fc.integer({ min: 28, max: 45 }),
        (seed, noise, base, sigmasPerDay, from) => {
          const slope = sigmasPerDay * sigmaOf(base, noise);
          const { events } = detectNightlineEvents(series({ seed, noise, base, trend: { from, slope } }));
          expect(events.length).toBeGreaterThanOrEqual(1);
          expect(events.length).toBeLessThanOrEqual(4);
          expect(events.every((e) => e.status === 'open')).toBe(true);
          const late = daysFrom(dayOf(from), (events[0] as (typeof events)[0]).startDay);
          expect(late).toBeGreaterThanOrEqual(-14);
          expect(late).toBeLessThanOrEqual(14);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
