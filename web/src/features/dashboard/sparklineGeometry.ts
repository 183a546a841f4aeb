// The reading-rate widget's 7-day sparkline apart from React: a d3 x scale over the days, a 0–100 % y scale, and the
// line through the days that have a rate (a day without one breaks the line rather than dropping it to zero).
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

export type SparklineFrame = { width: number; height: number; pad: number };

export const SPARKLINE_FRAME: SparklineFrame = { width: 160, height: 40, pad: 3 };

export type Sparkline = {
  /** the SVG path of the line ('' with no rate at all) */
  path: string;
  /** each day's point, null where the day has no rate */
  points: ({ x: number; y: number } | null)[];
};

export const sparkline = (rates: readonly (number | null)[], frame: SparklineFrame = SPARKLINE_FRAME): Sparkline => {
  const x = scaleLinear()
    .domain([0, Math.max(1, rates.length - 1)])
    .range([frame.pad, frame.width - frame.pad]);
  const y = scaleLinear()
    .domain([0, 100])
    .range([frame.height - frame.pad, frame.pad])
    .clamp(true);
  const points = rates.map((r, i) => (r === null ? null : { x: x(i), y: y(r) }));
  const path =
    line<{ x: number; y: number } | null>()
      .defined((p) => p !== null)
      .x((p) => p?.x ?? 0)
      .y((p) => p?.y ?? 0)(points) ?? '';
  return { path, points };
};
