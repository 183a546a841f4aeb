// A meter's validated daily series (VEE) from its raw register reads: one value per China day with the raw value
// kept beside the validated or estimated one, its quality and the rule that fired. Pure: the repository loads the
// reads (with history before the window and the last read before that), this computes, the repository upserts.
//
// How: the reads and the swaps (old final read, new base read) are put in time order and walked into a volume,
// the use since the first read with rollovers and swaps taken out. Isolated high outliers (spikes) are set aside;
// reverse flow is kept as raw but the validated volume is a high-water mark, so water that flowed back and then
// forward again is counted once. Days without a validated volume are estimated (estimation.ts), then each day is
// checked against the rule table (validationRules.ts).
import { addDays, closingDay, dayStart, type QualityCode, type RuleCode } from '@waterops/shared/reading';
import { advanceRegister, registerStep, round3, type StepKind } from './consumption.ts';
import { fillVolumes, type KnownVolume } from './estimation.ts';
import { type DayContext, firstRule, HISTORY_DAYS, isSpike } from './validationRules.ts';

/**
 * A raw register read. Loaded as a day's last read alone, it says for its day how many reads it stands for
 * (`count`) and whether the register stepped back among them (`reverse`: reverse flow inside the day).
 */
export type RawRead = { at: Date; reading: number; count?: number; reverse?: boolean };
export type Replacement = { at: Date; oldFinalReading: number; newBaseReading: number };

export type SeriesInput = {
  meter: { maxReading: number | null };
  /** raw reads in any order, duplicates allowed; reads before `from` give history (and the origin) */
  reads: readonly RawRead[];
  replacements?: readonly Replacement[];
  /** first and last China day to return ('YYYY-MM-DD') */
  from: string;
  to: string;
  /** days not over at `now` appear only if they have reads (default: every day is over) */
  now?: Date;
};

export type DailyValue = {
  day: string;
  /** last raw register value of the day (null: no read) */
  rawReading: number | null;
  /** validated or estimated register at the end of the day */
  reading: number;
  /** validated use of the day (null: no earlier value to compare with) */
  consumption: number | null;
  /** raw register difference from the day before, rollovers and swaps taken out (null: a day without reads) */
  rawConsumption: number | null;
  quality: QualityCode;
  rule: RuleCode | null;
  /** raw reads that closed on the day */
  reads: number;
};

/** One point of the walk: a raw read, or the old final / new base read of a swap. */
type Point = {
  at: Date;
  reading: number;
  segment: number;
  kind: 'read' | 'oldFinal' | 'newBase';
  day: string;
  count: number;
  reverse: boolean;
};

const DAY_MS = 86_400_000;
const dayIndex = (origin: string, day: string): number => Math.round((Date.parse(day) - Date.parse(origin)) / DAY_MS);
const ORDER = { oldFinal: 0, newBase: 1, read: 2 } as const;

/** Reads and swaps in time order, one read per instant, each tagged with the meter (segment) it was read on. */
const pointsOf = (input: SeriesInput): Point[] => {
  const swaps = [...(input.replacements ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
  const segmentAt = (at: Date) => swaps.filter((s) => s.at.getTime() <= at.getTime()).length;
  const seen = new Set<number>();
  const reads: Point[] = [...input.reads]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.reading - b.reading)
    .filter((r) => !seen.has(r.at.getTime()) && seen.add(r.at.getTime()))
    .map((r) => ({
      at: r.at,
      reading: round3(r.reading),
      segment: segmentAt(r.at),
      kind: 'read',
      day: closingDay(r.at),
      count: r.count ?? 1,
      reverse: r.reverse ?? false,
    }));
  const first = reads[0];
  if (!first) return [];
  // a swap before the first read changes nothing: that read is the origin
  const swapPoints = swaps.flatMap((s, i): Point[] =>
    s.at.getTime() <= first.at.getTime() && i < first.segment
      ? []
      : [
          {
            at: s.at,
            reading: round3(s.oldFinalReading),
            segment: i,
            kind: 'oldFinal',
            day: closingDay(s.at),
            count: 0,
            reverse: false,
          },
          {
            at: s.at,
            reading: round3(s.newBaseReading),
            segment: i + 1,
            kind: 'newBase',
            day: closingDay(s.at),
            count: 0,
            reverse: false,
          },
        ],
  );
  return [...reads, ...swapPoints].sort((a, b) => a.at.getTime() - b.at.getTime() || ORDER[a.kind] - ORDER[b.kind]);
};

/** Which raw reads are spikes: an isolated high outlier between two points of the same meter. */
const spikesOf = (points: Point[]): boolean[] =>
  points.map((p, i) => {
    const prev = points[i - 1];
    const next = points[i + 1];
    return (
      p.kind === 'read' &&
      !!prev &&
      !!next &&
      prev.segment === p.segment &&
      next.segment === p.segment &&
      isSpike(prev.reading, p.reading, next.reading)
    );
  });

/** The walk: the volume at each point and the kind of step that led to it (the first point is the origin, 0). */
const walk = (points: Point[], maxReading: number | null): { volume: number; kind: StepKind | 'swap' | null }[] => {
  let volume = 0;
  return points.map((p, i) => {
    const prev = points[i - 1];
    if (!prev) return { volume, kind: null };
    if (p.kind === 'newBase') return { volume, kind: 'swap' };
    const step = registerStep(prev.reading, p.reading, maxReading);
    volume = round3(volume + step.use);
    return { volume, kind: step.kind };
  });
};

/** The validated daily series of one meter from `from` to `to` (see the module comment). */
export const dailySeries = (input: SeriesInput): DailyValue[] => {
  const maxReading = input.meter.maxReading;
  const points = pointsOf(input);
  const first = points[0];
  if (!first) return [];
  const spikes = spikesOf(points);
  const valid = points.filter((_, i) => !spikes[i]);
  const rawWalk = walk(points, maxReading);
  const validWalk = walk(valid, maxReading);

  // Per day: raw end volume, validated end volume (high-water mark) and what happened on it.
  type DayFacts = {
    rawVolume?: number;
    rawReading?: number;
    reads: number;
    spike: boolean;
    negative: boolean;
    rollover: boolean;
    swap: boolean;
    /** validated: the high-water mark at the day's last valid point, that point's register and own volume */
    mark?: number;
    anchorRegister?: number;
    anchorVolume?: number;
  };
  const origin = first.day;
  const lastDay = input.to;
  const facts = new Map<number, DayFacts>();
  const factsOf = (day: string): DayFacts => {
    const i = dayIndex(origin, day);
    let f = facts.get(i);
    if (!f) {
      f = { reads: 0, spike: false, negative: false, rollover: false, swap: false };
      facts.set(i, f);
    }
    return f;
  };
  points.forEach((p, i) => {
    const f = factsOf(p.day);
    f.rawVolume = rawWalk[i]?.volume;
    f.rawReading = p.reading;
    f.reads += p.count;
    if (p.reverse) f.negative = true;
    if (spikes[i]) f.spike = true;
    if (p.kind === 'newBase') f.swap = true;
  });
  let mark = 0;
  valid.forEach((p, i) => {
    const f = factsOf(p.day);
    const w = validWalk[i] as { volume: number; kind: StepKind | 'swap' | null };
    mark = Math.max(mark, w.volume);
    if (w.kind === 'negative') f.negative = true;
    if (w.kind === 'rollover') f.rollover = true;
    f.mark = mark;
    f.anchorRegister = p.reading;
    f.anchorVolume = w.volume;
  });
  for (const f of facts.values())
    if (f.mark != null && f.anchorVolume != null && f.mark > f.anchorVolume) f.negative = true;

  const lastIndex = dayIndex(origin, lastDay);
  const known: KnownVolume[] = [...facts.entries()]
    .filter(([, f]) => f.mark != null)
    .map(([index, f]) => ({ index, volume: f.mark as number }))
    .sort((a, b) => a.index - b.index);
  const volumes = fillVolumes(known, 0, lastIndex);

  const out: DailyValue[] = [];
  const clean: { index: number; use: number }[] = [];
  let anchor = { register: first.reading, volume: 0 };
  let equalRun = 0;
  for (let i = 0; i <= lastIndex; i++) {
    const day = addDays(origin, i);
    const f = facts.get(i);
    const prevFacts = facts.get(i - 1);
    const volume = volumes[i];
    const complete = !input.now || dayStart(addDays(day)).getTime() <= input.now.getTime();
    if (volume == null || (!f && !complete)) break;
    if (f?.anchorRegister != null) anchor = { register: f.anchorRegister, volume: f.anchorVolume as number };
    const reading = advanceRegister(anchor.register, Math.max(0, round3(volume - anchor.volume)), maxReading);
    const before = i > 0 ? volumes[i - 1] : null;
    const consumption = before == null ? null : round3(volume - before);
    const rawConsumption =
      f?.rawVolume != null && prevFacts?.rawVolume != null ? round3(f.rawVolume - prevFacts.rawVolume) : null;
    equalRun = f?.rawReading == null ? 0 : prevFacts?.rawReading === f.rawReading && !f.swap ? equalRun + 1 : 1;
    const ctx: DayContext = {
      hasReads: !!f,
      spike: !!f?.spike,
      negative: !!f?.negative,
      swap: !!f?.swap,
      rollover: !!f?.rollover,
      register: f?.rawReading ?? null,
      equalRun,
      consumption,
      history: clean.map((c) => c.use),
      complete,
    };
    const rule = firstRule(ctx);
    const quality: QualityCode = !f ? 'E' : f.mark == null || reading !== f.rawReading ? 'S' : 'A';
    if (quality === 'A' && rule == null && consumption != null) clean.push({ index: i, use: consumption });
    if (day >= input.from)
      out.push({
        day,
        rawReading: f?.rawReading ?? null,
        reading,
        consumption,
        rawConsumption,
        quality,
        rule,
        reads: f?.reads ?? 0,
      });
    while (clean.length && (clean[0] as { index: number }).index < i + 1 - HISTORY_DAYS) clean.shift();
  }
  return out;
};
