import { addDays, dayStart, daysBetween } from '@waterops/shared/reading';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DailyValue, dailySeries, type RawRead, type Replacement } from './dailySeries.ts';

const START = '2026-03-01';
/** The daily freeze read that closes `day` (00:00 China time the day after). */
const closing = (day: string, reading: number): RawRead => ({ at: dayStart(addDays(day)), reading });
/** Daily closing reads from START, one per value; null leaves the day without a read. */
const dailyReads = (values: (number | null)[]): RawRead[] =>
  values.flatMap((v, i) => (v == null ? [] : [closing(addDays(START, i), v)]));
const series = (values: (number | null)[], extra: Partial<Parameters<typeof dailySeries>[0]> = {}) =>
  dailySeries({
    meter: { maxReading: 9999 },
    reads: dailyReads(values),
    from: START,
    to: addDays(START, values.length - 1),
    ...extra,
  });
const pick = (d: DailyValue) => [d.quality, d.rule, d.consumption, d.reading];
/** Two weeks of 0.3 m³ a day from 100: history for the high / low / frozen rules. */
const habit = Array.from({ length: 15 }, (_, i) => Math.round((100 + 0.3 * i) * 1000) / 1000);
const last = habit[14] as number;

describe('a meter’s validated daily series', () => {
  it('keeps actual days as read: first day without a use to compare, then the differences', () => {
    const s = series([100, 100.3, 100.75]);
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['A', null, 0.3, 100.3],
      ['A', null, 0.45, 100.75],
    ]);
    expect(s[2]).toMatchObject({ rawReading: 100.75, rawConsumption: 0.45, reads: 1 });
  });

  it('estimates a gap by interpolating the register between the actual reads around it', () => {
    const s = series([100, null, null, 103]);
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['E', 'gap', 1, 101],
      ['E', 'gap', 1, 102],
      ['A', null, 1, 103],
    ]);
    expect(s[1]).toMatchObject({ rawReading: null, rawConsumption: null, reads: 0 });
    // the raw difference spans three days: no raw use on the day after the gap
    expect(s[3]?.rawConsumption).toBeNull();
  });

  it('estimates days after the last read from the average use before it', () => {
    const s = series([100, 101, 102, null, null]);
    expect(s.slice(3).map(pick)).toEqual([
      ['E', 'gap', 1, 103],
      ['E', 'gap', 1, 104],
    ]);
  });

  it('counts use across a rollover at the max reading', () => {
    const s = series([9997.5, 9998.5, 1, 2]);
    expect(s.map(pick)).toEqual([
      ['A', null, null, 9997.5],
      ['A', null, 1, 9998.5],
      ['A', 'rollover', 1.5, 1],
      ['A', null, 1, 2],
    ]);
    expect(s[2]?.rawConsumption).toBe(1.5);
  });

  it('counts use across a meter swap: (old final − previous) + (new read − new base)', () => {
    const swap: Replacement = {
      at: new Date(dayStart(addDays(START, 2)).getTime() + 10 * 3_600_000),
      oldFinalReading: 103,
      newBaseReading: 5,
    };
    const s = series([100, 102, 6.5, 7], { replacements: [swap] });
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['A', null, 2, 102],
      ['A', 'swap', 2.5, 6.5],
      ['A', null, 0.5, 7],
    ]);
  });

  it('shows the new base on a swap day without any read', () => {
    const swap: Replacement = {
      at: new Date(dayStart(addDays(START, 1)).getTime() + 3_600_000),
      oldFinalReading: 101,
      newBaseReading: 0,
    };
    const s = series([100, null, 1], { replacements: [swap] });
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['A', 'swap', 1, 0],
      ['A', null, 1, 1],
    ]);
  });

  it('flags reverse flow and credits nothing until the register is back above its highest value', () => {
    const s = series([100, 101, 100.5, 100.8, 101.4]);
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['A', null, 1, 101],
      ['S', 'negative', 0, 101],
      ['S', 'negative', 0, 101],
      ['A', null, 0.4, 101.4],
    ]);
    expect(s.map((d) => d.rawConsumption)).toEqual([null, 1, -0.5, 0.3, 0.6]);
  });

  it('replaces a spike by an estimate and keeps the raw read beside it', () => {
    const s = series([100, 101, 150, 102, 103]);
    expect(s.map(pick)).toEqual([
      ['A', null, null, 100],
      ['A', null, 1, 101],
      ['S', 'spike', 0.5, 101.5],
      ['A', null, 0.5, 102],
      ['A', null, 1, 103],
    ]);
    expect(s[2]).toMatchObject({ rawReading: 150, rawConsumption: 49 });
    expect(s[3]?.rawConsumption).toBe(-48);
  });

  it('flags a register frozen for three daily reads while the meter usually uses water', () => {
    const s = series([...habit, last, last, last, last + 0.3]);
    expect(s.slice(15).map(pick)).toEqual([
      ['A', 'low', 0, last],
      ['A', 'frozen', 0, last],
      ['A', 'frozen', 0, last],
      ['A', null, 0.3, last + 0.3],
    ]);
  });

  it('flags a day of use far above the meter’s own history', () => {
    const s = series([...habit, last + 2, last + 2.3]);
    expect(s.slice(15).map(pick)).toEqual([
      ['A', 'high', 2, last + 2],
      ['A', null, 0.3, last + 2.3],
    ]);
  });

  it('puts a read at 00:00 in the day before and takes the day’s last read', () => {
    const s = dailySeries({
      meter: { maxReading: null },
      reads: [
        { at: dayStart(START), reading: 99 }, // closes the day before START
        { at: new Date(dayStart(START).getTime() + 3_600_000), reading: 99.2 },
        { at: new Date(dayStart(START).getTime() + 20 * 3_600_000), reading: 99.7 },
      ],
      from: START,
      to: START,
    });
    expect(s).toEqual([
      {
        day: START,
        rawReading: 99.7,
        reading: 99.7,
        consumption: 0.7,
        rawConsumption: 0.7,
        quality: 'A',
        rule: null,
        reads: 2,
      },
    ]);
  });

  it('flags reverse flow inside a day even when the day ends above the day before (quality stays actual)', () => {
    const s = dailySeries({
      meter: { maxReading: null },
      reads: [closing(START, 10), { ...closing(addDays(START, 1), 10.4), count: 24, reverse: true }],
      from: addDays(START, 1),
      to: addDays(START, 1),
    });
    expect(s.map(pick)).toEqual([['A', 'negative', 0.4, 10.4]]);
  });

  it('counts the reads a day-end read stands for (the repository loads only the last read of each day)', () => {
    const s = dailySeries({
      meter: { maxReading: null },
      reads: [
        { ...closing(START, 10), count: 24 },
        { ...closing(addDays(START, 1), 11), count: 96 },
      ],
      from: START,
      to: addDays(START, 1),
    });
    expect(s.map((d) => d.reads)).toEqual([24, 96]);
  });

  it('leaves out a day still running that has no read yet, and the days before the first read', () => {
    const now = new Date(dayStart(addDays(START, 2)).getTime() + 3_600_000);
    const s = dailySeries({
      meter: { maxReading: null },
      reads: dailyReads([null, 100, null]),
      from: START,
      to: addDays(START, 2),
      now,
    });
    expect(s.map((d) => d.day)).toEqual([addDays(START, 1)]);
  });
});

// ── Properties ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A meter's true story: daily uses in litres, where it starts, which days report, an optional swap. */
const story = fc
  .record({
    uses: fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 3, maxLength: 40 }),
    maxReading: fc.constantFrom(null, 100, 9999),
    startLitres: fc.integer({ min: 0, max: 99_000 }),
    missing: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    swapDay: fc.option(fc.integer({ min: 1, max: 39 }), { nil: null }),
    newBase: fc.integer({ min: 0, max: 50_000 }),
  })
  .map((s) => {
    const n = s.uses.length;
    const wrap = (litres: number) => (s.maxReading ? litres % (s.maxReading * 1000) : litres) / 1000;
    // at most 5 silent days in a row, so a register cannot move half its range between two reads
    const silent = s.missing.map(
      (m, i) => m && i > 0 && i < n - 1 && s.missing.slice(Math.max(0, i - 5), i).some((x) => !x),
    );
    const swapDay = s.swapDay != null && s.swapDay < n ? s.swapDay : null;
    const reads: RawRead[] = [];
    const replacements: Replacement[] = [];
    let register = s.startLitres;
    for (let i = 0; i < n; i++) {
      const day = addDays(START, i);
      const use = s.uses[i] as number;
      if (i === swapDay) {
        const half = Math.floor(use / 2);
        const at = new Date(dayStart(day).getTime() + 12 * 3_600_000);
        replacements.push({ at, oldFinalReading: wrap(register + half), newBaseReading: wrap(s.newBase) });
        register = s.newBase + (use - half);
      } else register += use;
      if (!silent[i]) reads.push(closing(day, wrap(register)));
    }
    const total = s.uses.slice(1).reduce((a, b) => a + b, 0) / 1000;
    return { ...s, n, reads, replacements, total, silent, swapDay };
  });

/** The same reads in another order, some twice. */
const shuffled = <T>(items: T[], seed: number[]): T[] =>
  items
    .flatMap((r, i) => ((seed[i] ?? 0) % 3 === 0 ? [r, r] : [r]))
    .map((r, i) => ({ r, k: seed[i % seed.length] ?? i }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.r);

const run = (s: { maxReading: number | null; n: number; replacements: Replacement[] }, reads: RawRead[]) =>
  dailySeries({
    meter: { maxReading: s.maxReading },
    reads,
    replacements: s.replacements,
    from: START,
    to: addDays(START, s.n - 1),
  });

describe('properties of the daily series', () => {
  it('never double-counts: the days’ use adds up to the true use, whatever the order and duplicates of reads', () => {
    fc.assert(
      fc.property(story, fc.array(fc.nat(1000), { minLength: 1, maxLength: 100 }), (s, seed) => {
        const days = run(s, shuffled(s.reads, seed));
        const sum = days.reduce((a, d) => a + (d.consumption ?? 0), 0);
        expect(Math.round(sum * 1000)).toBe(Math.round(s.total * 1000));
        expect(days.every((d) => d.consumption == null || d.consumption >= 0)).toBe(true);
        expect(days).toEqual(run(s, s.reads));
      }),
    );
  });

  it('fills every gap: each day of the window has a value and a quality, estimated exactly where nothing was read', () => {
    fc.assert(
      fc.property(story, (s) => {
        const days = run(s, s.reads);
        expect(days.map((d) => d.day)).toEqual(daysBetween(START, addDays(START, s.n - 1)));
        days.forEach((d, i) => {
          // a swap day has the old final and new base reads even when the meter itself was silent
          const read = !s.silent[i] || i === s.swapDay;
          expect(d.quality).toBe(read ? 'A' : 'E');
          expect(Number.isFinite(d.reading)).toBe(true);
        });
      }),
    );
  });

  it('never credits use, whatever the reads do (drops, misreads, rollovers, swaps, any order)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 30 }),
            hour: fc.integer({ min: 0, max: 23 }),
            reading: fc.integer({ min: 0, max: 9_999_000 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        fc.array(
          fc.record({
            day: fc.integer({ min: 1, max: 30 }),
            old: fc.integer({ min: 0, max: 9_999_000 }),
            base: fc.integer({ min: 0, max: 9_999_000 }),
          }),
          { maxLength: 2 },
        ),
        fc.constantFrom(null, 9999),
        (raw, swaps, maxReading) => {
          const at = (day: number, hour: number) =>
            new Date(dayStart(addDays(START, day)).getTime() + hour * 3_600_000);
          const days = dailySeries({
            meter: { maxReading },
            reads: raw.map((r) => ({ at: at(r.day, r.hour), reading: r.reading / 1000 })),
            replacements: swaps.map((w) => ({
              at: at(w.day, 12),
              oldFinalReading: w.old / 1000,
              newBaseReading: w.base / 1000,
            })),
            from: START,
            to: addDays(START, 31),
          });
          for (const d of days) {
            expect(d.consumption === null || d.consumption >= 0).toBe(true);
            expect(Number.isFinite(d.reading)).toBe(true);
            expect(['A', 'E', 'S']).toContain(d.quality);
          }
          // one row per day from the first one on, none skipped
          for (let i = 1; i < days.length; i++) expect(days[i]?.day).toBe(addDays(days[i - 1]?.day as string));
        },
      ),
    );
  });

  it('keeps estimated registers between the actual reads around them, never going down', () => {
    fc.assert(
      fc.property(story, (s) => {
        const plain = { ...s, maxReading: null, replacements: [] };
        // a register that only counts up: no rollover, no swap
        let litres = 0;
        const counted = s.reads.map((r, i) => {
          litres += (s.uses[i] ?? 0) * (i + 1);
          return { ...r, reading: litres / 1000 };
        });
        const days = run(plain, counted);
        for (let i = 1; i < days.length; i++)
          expect(days[i]?.reading).toBeGreaterThanOrEqual(days[i - 1]?.reading as number);
        days.forEach((d, i) => {
          if (d.quality !== 'E') return;
          const next = days.slice(i).find((x) => x.quality === 'A');
          if (next) expect(d.reading).toBeLessThanOrEqual(next.reading);
        });
      }),
    );
  });
});
