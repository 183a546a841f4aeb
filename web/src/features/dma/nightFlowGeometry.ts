// The arithmetic of the two night-flow charts, apart from React (scales from chartGeometry.ts, paths from
// d3-shape). The trend: one x slot per China day of the range — days the server did not return and nights with
// too few points are gaps, never zero — the nightline, legitimate use and leakage as lines, the detector's baseline
// as a band down to legitimate use (the night flow expected without a new leak), and each leak event as a mark: a
// step as a line at its start day and a band to the day it was detected, a trend as a band sloping up by its
// magnitude. The curves: minutes 0–1440 on x, the 00:00–06:00 night window, each day's nightline and minimum.
import type { LeakEvent, NightFlowCurves, NightFlowSeries, NightlineDay } from '@waterops/shared/dma';
import { addDays, daysBetween } from '@waterops/shared/reading';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import {
  type ChartFrame,
  type Tick,
  thinLabels,
  valueScale,
  valueTicks,
} from '../../components/charts/chartGeometry.ts';

export const TREND_FRAME: ChartFrame = {
  width: 960,
  height: 300,
  margin: { top: 30, right: 20, bottom: 30, left: 56 },
};
export const CURVE_FRAME: ChartFrame = {
  width: 960,
  height: 280,
  margin: { top: 30, right: 20, bottom: 30, left: 56 },
};

/** The night window the nightline is taken in, minutes since 00:00 (spec: 00:00–06:00). */
export const NIGHT_WINDOW: [number, number] = [0, 360];

type Slot = { day: string; row: NightlineDay | null };

/** One slot per day from `from` to `to`, with the server's row for it or null (a gap). */
export const daySlots = (days: readonly NightlineDay[], from: string, to: string): Slot[] => {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return daysBetween(from, to).map((day) => ({ day, row: byDay.get(day) ?? null }));
};

type Value = number | null | undefined;
const finite = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);

const pathOf = (values: readonly Value[], x: (i: number) => number, y: (v: number) => number): string =>
  line<Value>()
    .defined(finite)
    .x((_, i) => x(i))
    .y((v) => y(v ?? 0))(values as Value[]) ?? '';

export type EventMark = {
  id: number;
  kind: LeakEvent['kind'];
  status: LeakEvent['status'];
  /** the start day's x (step: the vertical marker) */
  startX: number;
  /** the detected day's x (end of the band) */
  detectedX: number;
  /** a trend's sloped band as an SVG path; '' for a step */
  slope: string;
};

export type TrendLayout = {
  slots: Slot[];
  /** the x of slot i */
  x: (i: number) => number;
  y: ReturnType<typeof valueScale>;
  yTicks: Tick[];
  xTicks: Tick[];
  nightline: string;
  /** nightlines with no neighbour to join (a line through one point draws nothing): drawn as dots */
  isolated: { x: number; y: number }[];
  legitimate: string;
  leakage: string;
  /** the area between legitimate use and the baseline */
  baselineBand: string;
  baseline: string;
  /**
   * The detector's warm-up in view: from the first night with a nightline to the first with a baseline (or to the
   * last night, if none has one yet). No event can be found there, however the nightline moves; null when none.
   */
  warmUp: { x0: number; x1: number } | null;
  events: EventMark[];
  /** whether any day has a nightline */
  hasData: boolean;
};

/** The index of a day among the slots, clamped into the range (an event may start before it). */
const slotIndex = (from: string, day: string, n: number): number => {
  const i = daysBetween(from, day).length - 1;
  if (day < from) return 0;
  return Math.min(n - 1, Math.max(0, i));
};

export const trendLayout = (series: NightFlowSeries, from: string, to: string, frame = TREND_FRAME): TrendLayout => {
  const slots = daySlots(series.days, from, to);
  const n = Math.max(1, slots.length);
  const xs = scaleLinear()
    .domain([0, Math.max(1, n - 1)])
    .range([frame.margin.left, frame.width - frame.margin.right]);
  const x = (i: number) => xs(i);
  const rows = slots.map((s) => s.row);
  const values = rows.flatMap((r) => [r?.nightline, r?.baseline, r?.legitimate]).filter(finite);
  const y = valueScale(values, frame);
  const slopeOf = (e: LeakEvent, si: number, di: number): string => {
    // the band rises from the baseline at the start by the event's magnitude at detection
    const base = rows[si]?.baseline ?? rows[si]?.nightline ?? rows[di]?.baseline ?? null;
    if (!finite(base)) return '';
    const half = Math.max(4, Math.abs(y(0) - y(e.magnitude)) * 0.15);
    const x0 = x(si);
    const x1 = x(di);
    const y0 = y(base);
    const y1 = y(base + e.magnitude);
    return `M${x0},${y0 - half}L${x1},${y1 - half}L${x1},${y1 + half}L${x0},${y0 + half}Z`;
  };
  const events: EventMark[] = series.events
    .filter((e) => e.detectedDay >= from && e.startDay <= to)
    .map((e) => {
      const si = slotIndex(from, e.startDay, n);
      const di = slotIndex(from, e.detectedDay, n);
      return {
        id: e.id,
        kind: e.kind,
        status: e.status,
        startX: x(si),
        detectedX: x(di),
        slope: e.kind === 'trend' ? slopeOf(e, si, di) : '',
      };
    });
  const show = thinLabels(slots.length, 10);
  const xTicks = slots.flatMap((s, i) => (show[i] ? [{ at: x(i), label: s.day.slice(5) }] : []));
  const band =
    area<NightlineDay | null>()
      .defined((r) => finite(r?.baseline) && finite(r?.legitimate))
      .x((_, i) => x(i))
      .y0((r) => y(r?.legitimate ?? 0))
      .y1((r) => y(r?.baseline ?? 0))(rows) ?? '';
  const firstNight = rows.findIndex((r) => finite(r?.nightline));
  const firstBaseline = rows.findIndex((r) => finite(r?.baseline));
  const lastNight = rows.findLastIndex((r) => finite(r?.nightline));
  const warmUp =
    firstNight >= 0 && (firstBaseline < 0 || firstBaseline > firstNight)
      ? { x0: x(firstNight), x1: x(firstBaseline < 0 ? lastNight : firstBaseline) }
      : null;
  const isolated = rows.flatMap((r, i) =>
    finite(r?.nightline) && !finite(rows[i - 1]?.nightline) && !finite(rows[i + 1]?.nightline)
      ? [{ x: x(i), y: y(r?.nightline ?? 0) }]
      : [],
  );
  return {
    slots,
    x,
    y,
    isolated,
    yTicks: valueTicks(y),
    xTicks,
    nightline: pathOf(
      rows.map((r) => r?.nightline),
      x,
      y,
    ),
    legitimate: pathOf(
      rows.map((r) => r?.legitimate),
      x,
      y,
    ),
    leakage: pathOf(
      rows.map((r) => r?.leakage),
      x,
      y,
    ),
    baseline: pathOf(
      rows.map((r) => r?.baseline),
      x,
      y,
    ),
    baselineBand: band,
    warmUp,
    events,
    hasData: rows.some((r) => finite(r?.nightline)),
  };
};

export type CurveLine = {
  day: string;
  path: string;
  /** the nightline's y, or null */
  nightlineY: number | null;
  /** where the minimum was, or null */
  min: { x: number; y: number } | null;
};

export type CurveLayout = {
  x: (minute: number) => number;
  y: ReturnType<typeof valueScale>;
  xTicks: Tick[];
  yTicks: Tick[];
  night: { x: number; width: number };
  lines: CurveLine[];
  hasData: boolean;
};

/** A curve's points with a break (null) where two neighbours are more than 3 typical intervals apart. */
export const withGaps = (points: readonly (readonly [number, number])[]): ([number, number] | null)[] => {
  if (points.length < 2) return points.map((p) => [p[0], p[1]]);
  const steps = points
    .slice(1)
    .map((p, i) => p[0] - (points[i]?.[0] ?? 0))
    .sort((a, b) => a - b);
  const typical = steps[Math.floor(steps.length / 2)] ?? 15;
  const out: ([number, number] | null)[] = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev && p[0] - prev[0] > 3 * typical) out.push(null);
    out.push([p[0], p[1]]);
  });
  return out;
};

const hourLabel = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:00`;

export const curveLayout = (curves: NightFlowCurves['curves'], frame = CURVE_FRAME): CurveLayout => {
  const xs = scaleLinear()
    .domain([0, 1440])
    .range([frame.margin.left, frame.width - frame.margin.right]);
  const x = (m: number) => xs(m);
  const values = curves.flatMap((c) => [...c.points.map((p) => p[1]), c.nightline]).filter(finite);
  const y = valueScale(values, frame);
  const lines: CurveLine[] = curves.map((c) => {
    const path =
      line<[number, number] | null>()
        .defined((p) => p !== null && Number.isFinite(p[1]))
        .x((p) => x(p?.[0] ?? 0))
        .y((p) => y(p?.[1] ?? 0))(withGaps(c.points)) ?? '';
    return {
      day: c.day,
      path,
      nightlineY: finite(c.nightline) ? y(c.nightline) : null,
      min: finite(c.nightline) && finite(c.minMinute) ? { x: x(c.minMinute), y: y(c.nightline) } : null,
    };
  });
  return {
    x,
    y,
    xTicks: [0, 180, 360, 540, 720, 900, 1080, 1260, 1440].map((m) => ({ at: x(m), label: hourLabel(m) })),
    yTicks: valueTicks(y),
    night: { x: x(NIGHT_WINDOW[0]), width: x(NIGHT_WINDOW[1]) - x(NIGHT_WINDOW[0]) },
    lines,
    hasData: curves.some((c) => c.points.length > 0),
  };
};

/**
 * The days the flow-curve chart opens on: the latest day with a nightline, and for the newest event the day before
 * its start (the normal night) and the day it was detected — at most 3, oldest first, no repeats.
 */
export const defaultCurveDays = (series: NightFlowSeries): string[] => {
  const withData = series.days.filter((d) => finite(d.nightline)).map((d) => d.day);
  const latest = withData.length > 0 ? withData.reduce((a, b) => (a > b ? a : b)) : null;
  const newest = [...series.events].sort((a, b) => (a.detectedDay < b.detectedDay ? 1 : -1))[0];
  const days = [latest, newest ? addDays(newest.startDay, -1) : null, newest?.detectedDay ?? null].filter(
    (d): d is string => d !== null,
  );
  return [...new Set(days)].sort();
};
