// The arithmetic of the small SVG charts, apart from React: d3-scale maps values to pixels, d3-shape draws lines,
// and the tick labels are numbers or dates written the same in both languages (MM-DD, HH:mm), so no d3 locale is
// needed. Pure functions, tested alone; BarChart and LineChart only render what these return.
import { scaleBand, scaleLinear, scaleTime } from 'd3-scale';
import { line } from 'd3-shape';

/** The drawing area: the SVG's size (viewBox units) and the room kept for axes. */
export type ChartFrame = {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
};

export const DEFAULT_FRAME: ChartFrame = {
  width: 720,
  height: 240,
  margin: { top: 16, right: 16, bottom: 28, left: 48 },
};

export type Tick = { at: number; label: string };

/** A y scale from 0 (or the data's minimum when negative) to the data's maximum, rounded to nice ticks. */
export const valueScale = (values: readonly number[], frame: ChartFrame, domain?: [number, number]) => {
  const finite = values.filter((v) => Number.isFinite(v));
  const lo = domain?.[0] ?? Math.min(0, ...finite);
  let hi = domain?.[1] ?? Math.max(0, ...finite);
  if (hi === lo) hi = lo + 1;
  return scaleLinear()
    .domain([lo, hi])
    .nice(5)
    .range([frame.height - frame.margin.bottom, frame.margin.top]);
};

/** Tick labels of a value scale, with as many decimals as the step needs. */
export const valueTicks = (scale: ReturnType<typeof scaleLinear<number, number>>, count = 5): Tick[] => {
  const ticks = scale.ticks(count);
  const step = ticks.length > 1 ? Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0)) : 1;
  const decimals = step >= 1 ? 0 : Math.min(3, Math.ceil(-Math.log10(step)));
  return ticks.map((v) => ({ at: scale(v), label: v.toFixed(decimals) }));
};

export type Bar = { x: number; y: number; width: number; height: number };

/** The widest a bar is drawn, in viewBox units. */
export const MAX_BAR = 56;

/** Bars of one value each, from the zero line up (or down for a negative value). */
export const barLayout = (values: readonly number[], frame: ChartFrame, domain?: [number, number]) => {
  const x = scaleBand<number>()
    .domain(values.map((_, i) => i))
    .range([frame.margin.left, frame.width - frame.margin.right])
    .paddingInner(values.length > 60 ? 0.1 : 0.2)
    .paddingOuter(0.1);
  const y = valueScale(values, frame, domain);
  const zero = y(0);
  // a handful of groups would give slabs as wide as the chart: a bar is at most MAX_BAR wide, centred in its band
  const width = Math.min(x.bandwidth(), MAX_BAR);
  const inset = (x.bandwidth() - width) / 2;
  const bars: Bar[] = values.map((v, i) => {
    const top = y(Math.max(0, v));
    const bottom = y(Math.min(0, v));
    return { x: (x(i) ?? 0) + inset, y: top, width, height: Math.max(v === 0 ? 0 : 1, bottom - top) };
  });
  return { bars, y, zero, bandwidth: x.bandwidth() };
};

/** Which of `n` category labels to show so that about `max` remain (always the first and the last). */
export const thinLabels = (n: number, max: number): boolean[] => {
  const every = Math.max(1, Math.ceil(n / Math.max(1, max)));
  return Array.from({ length: n }, (_, i) => i === n - 1 || (i % every === 0 && n - 1 - i >= every / 2));
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Time tick labels in local time: HH:mm within a day, MM-DD over days, YYYY-MM over many months. */
export const timeTickLabel = (at: Date, spanMs: number): string => {
  if (spanMs <= 86_400_000) return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (spanMs <= 400 * 86_400_000) return `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}`;
};

/** A time x scale over [from, to] and its ticks. */
export const timeScale = (from: Date, to: Date, frame: ChartFrame, count = 6) => {
  const end = to.getTime() > from.getTime() ? to : new Date(from.getTime() + 60_000);
  const x = scaleTime()
    .domain([from, end])
    .range([frame.margin.left, frame.width - frame.margin.right]);
  const span = end.getTime() - from.getTime();
  const ticks: Tick[] = x.ticks(count).map((d) => ({ at: x(d), label: timeTickLabel(d, span) }));
  return { x, ticks };
};

export type LinePoint = { time: Date; value: number | null };

/** The SVG path of a series; a null value breaks the line (no read in that bucket), it does not drop to zero. */
export const linePath = (points: readonly LinePoint[], x: (d: Date) => number, y: (v: number) => number): string =>
  line<LinePoint>()
    .defined((p) => p.value !== null && Number.isFinite(p.value))
    .x((p) => x(p.time))
    .y((p) => y(p.value ?? 0))(points as LinePoint[]) ?? '';

/** The index of the point nearest to an x position (for the tooltip), or -1 when there are none. */
export const nearestIndex = (xs: readonly number[], at: number): number => {
  let best = -1;
  let distance = Number.POSITIVE_INFINITY;
  xs.forEach((x, i) => {
    const d = Math.abs(x - at);
    if (d < distance) {
      best = i;
      distance = d;
    }
  });
  return best;
};

/**
 * Where a tooltip sits over a point at (x, y) of the frame, as CSS: centred above it, but kept inside the figure
 * near its left and right edges (anchored by its left or right side there).
 */
export const tooltipPosition = (
  x: number,
  y: number,
  frame: ChartFrame,
): { left: string; top: string; transform: string } => {
  const fx = x / frame.width;
  const shift = fx < 0.15 ? '0%' : fx > 0.85 ? '-100%' : '-50%';
  return {
    left: `${fx * 100}%`,
    top: `${(y / frame.height) * 100}%`,
    transform: `translate(${shift}, calc(-100% - 6px))`,
  };
};
