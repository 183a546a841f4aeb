// A small time-series line chart in SVG: one or more series against time, each on the left or the right value axis
// (voltage in V beside RSRP in dBm), gaps where a value is missing, a legend, and a tooltip that follows the pointer
// with the values of every series at the nearest time. Scales and paths come from chartGeometry.ts.
import { Classes } from '@blueprintjs/core';
import { type MouseEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChartFrame,
  DEFAULT_FRAME,
  type LinePoint,
  linePath,
  nearestIndex,
  timeScale,
  tooltipPosition,
  valueScale,
  valueTicks,
} from './chartGeometry.ts';

export type LineSeries = {
  /** a stable key */
  key: string;
  /** the legend's and the tooltip's name */
  label: string;
  /** the line's colour (a Blueprint Colors value) */
  color: string;
  /** the value axis it is read against (default left) */
  axis?: 'left' | 'right';
  /** the values over time, oldest first; null leaves a gap */
  points: readonly LinePoint[];
  /** writes a value in the tooltip */
  format?: (value: number) => string;
};

export type LineChartProps = {
  series: readonly LineSeries[];
  /** the chart's accessible name */
  ariaLabel: string;
  /** the time axis runs from … */
  from: Date;
  /** … to */
  to: Date;
  /** fixes the left axis, e.g. [0, 4] V */
  leftDomain?: [number, number];
  /** fixes the right axis */
  rightDomain?: [number, number];
  /** writes the tooltip's time */
  formatTime?: (at: Date) => string;
  /** the drawing size in viewBox units (the SVG scales to its container's width) */
  frame?: ChartFrame;
};

const values = (series: readonly LineSeries[], axis: 'left' | 'right') =>
  series
    .filter((s) => (s.axis ?? 'left') === axis)
    .flatMap((s) => s.points.map((p) => p.value).filter((v): v is number => v !== null));

/** A domain hugging the data (with a margin), for axes whose zero means nothing (dBm, volts). */
const hugging = (vs: number[]): [number, number] | undefined => {
  if (vs.length === 0) return undefined;
  const lo = Math.min(...vs);
  const hi = Math.max(...vs);
  const margin = (hi - lo) * 0.1 || Math.abs(hi) * 0.05 || 1;
  return [lo - margin, hi + margin];
};

export function LineChart({
  series,
  ariaLabel,
  from,
  to,
  leftDomain,
  rightDomain,
  formatTime = (at) => at.toLocaleString(),
  frame = DEFAULT_FRAME,
}: LineChartProps) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const [pointer, setPointer] = useState<number | null>(null);
  const hasRight = series.some((s) => s.axis === 'right');
  const withRight: ChartFrame = hasRight ? { ...frame, margin: { ...frame.margin, right: frame.margin.left } } : frame;
  const { x, ticks } = timeScale(from, to, withRight);
  const leftValues = values(series, 'left');
  const rightValues = values(series, 'right');
  if (leftValues.length === 0 && rightValues.length === 0)
    return <p className={`wo-chart-empty ${Classes.TEXT_MUTED}`}>{t('chart.noData')}</p>;
  const yLeft = valueScale(leftValues, withRight, leftDomain ?? hugging(leftValues));
  const yRight = valueScale(rightValues, withRight, rightDomain ?? hugging(rightValues));
  const scaleOf = (s: LineSeries) => ((s.axis ?? 'left') === 'left' ? yLeft : yRight);

  const handleMove = (event: MouseEvent<SVGRectElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPointer(((event.clientX - box.left) / box.width) * withRight.width);
  };
  // the tooltip: the time nearest the pointer on the first series with points, each series' value nearest to it
  const lead = series.find((s) => s.points.length > 0);
  const leadIndex =
    pointer === null || !lead
      ? -1
      : nearestIndex(
          lead.points.map((p) => x(p.time)),
          pointer,
        );
  const at = lead && leadIndex >= 0 ? lead.points[leadIndex]?.time : undefined;
  const top = withRight.margin.top;
  const bottom = withRight.height - withRight.margin.bottom;

  return (
    <figure className="wo-chart" aria-label={ariaLabel}>
      <svg ref={svgRef} viewBox={`0 0 ${withRight.width} ${withRight.height}`} role="img" aria-label={ariaLabel}>
        <g className="wo-chart-axis">
          {valueTicks(yLeft).map((tick) => (
            <g key={`l${tick.label}`}>
              <line
                x1={withRight.margin.left}
                x2={withRight.width - withRight.margin.right}
                y1={tick.at}
                y2={tick.at}
              />
              <text x={withRight.margin.left - 6} y={tick.at} dy="0.32em" textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          {hasRight &&
            valueTicks(yRight).map((tick) => (
              <text
                key={`r${tick.label}`}
                x={withRight.width - withRight.margin.right + 6}
                y={tick.at}
                dy="0.32em"
                textAnchor="start"
              >
                {tick.label}
              </text>
            ))}
          {ticks.map((tick) => (
            <text key={`x${tick.at}`} className="wo-chart-label" x={tick.at} y={bottom + 16} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </g>
        {series.map((s) => (
          <path
            key={s.key}
            className="wo-chart-line"
            d={linePath(s.points, x, scaleOf(s))}
            stroke={s.color}
            fill="none"
          />
        ))}
        {at && <line className="wo-chart-cursor" x1={x(at)} x2={x(at)} y1={top} y2={bottom} />}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only hover tooltip; the figure has its name and the page its table */}
        <rect
          className="wo-chart-hit"
          x={withRight.margin.left}
          y={top}
          width={withRight.width - withRight.margin.left - withRight.margin.right}
          height={bottom - top}
          onMouseMove={handleMove}
          onMouseLeave={() => setPointer(null)}
        />
      </svg>
      <div className="wo-chart-legend">
        {series.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </div>
      {at && (
        <div className="wo-chart-tooltip" role="tooltip" style={tooltipPosition(x(at), top, withRight)}>
          <div>{formatTime(at)}</div>
          {series.map((s) => {
            const i = nearestIndex(
              s.points.map((p) => p.time.getTime()),
              at.getTime(),
            );
            const v = i >= 0 ? s.points[i]?.value : null;
            return (
              <div key={s.key}>
                {s.label}: {v === null || v === undefined ? '—' : (s.format ?? String)(v)}
              </div>
            );
          })}
        </div>
      )}
    </figure>
  );
}
