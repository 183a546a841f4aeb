// A small bar chart in SVG: one bar per category (a day, an area), a y axis with nice ticks, thinned category labels,
// bars drawn by kind (an estimated value lighter and hatched, a flagged one in the warning colour), a short mark
// above a bar (a rollover, a meter swap) and a tooltip on hover. Scales come from chartGeometry.ts.
import { Classes } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barLayout, type ChartFrame, DEFAULT_FRAME, thinLabels, tooltipPosition, valueTicks } from './chartGeometry.ts';

/** How a bar is drawn. */
export type BarVariant = 'normal' | 'estimated' | 'flagged';

/** The room (viewBox units) a unit takes above the value axis. */
const UNIT_ROOM = 12;

export type BarDatum = {
  /** the category under the bar (unique in the chart) */
  label: string;
  /** the bar's value; null draws no bar (nothing known) */
  value: number | null;
  /** normal (solid), estimated (light, hatched) or flagged (warning colour) */
  variant?: BarVariant;
  /** a short mark above the bar, e.g. ↻ for a rollover */
  marker?: string;
  /** the tooltip's lines (default: label and value) */
  tooltip?: readonly string[];
};

export type BarChartProps = {
  /** the bars, left to right */
  data: readonly BarDatum[];
  /** the chart's accessible name */
  ariaLabel: string;
  /** writes a value (ticks, default tooltip) */
  formatValue?: (value: number) => string;
  /** fixes the value axis, e.g. [0, 100] for a percentage */
  domain?: [number, number];
  /** the values' unit (e.g. km): written above the value axis and after each value in the default tooltip */
  unit?: string;
  /** at most this many category labels are written (default 12) */
  maxLabels?: number;
  /** the drawing size in viewBox units (the SVG scales to its container's width) */
  frame?: ChartFrame;
};

export function BarChart({
  data,
  ariaLabel,
  formatValue,
  domain,
  unit,
  maxLabels = 12,
  frame: givenFrame = DEFAULT_FRAME,
}: BarChartProps) {
  const { t } = useTranslation();
  const hatchId = useId();
  const [active, setActive] = useState<number | null>(null);
  // a unit takes a line of its own above the value axis
  const frame = unit
    ? { ...givenFrame, margin: { ...givenFrame.margin, top: givenFrame.margin.top + UNIT_ROOM } }
    : givenFrame;
  const written = formatValue ?? ((v: number) => String(v));
  const format = unit ? (v: number) => `${written(v)} ${unit}` : written;
  if (data.length === 0) return <p className={`wo-chart-empty ${Classes.TEXT_MUTED}`}>{t('chart.noData')}</p>;

  const { bars, y, zero } = barLayout(
    data.map((d) => d.value ?? 0),
    frame,
    domain,
  );
  const ticks = valueTicks(y);
  const shown = thinLabels(data.length, maxLabels);
  const activeBar = active === null ? undefined : bars[active];
  const activeDatum = active === null ? undefined : data[active];

  return (
    <figure className="wo-chart" aria-label={ariaLabel}>
      <svg viewBox={`0 0 ${frame.width} ${frame.height}`} role="img" aria-label={ariaLabel}>
        <defs>
          <pattern id={hatchId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className="wo-chart-bar-estimated" />
            <line x1="0" y1="0" x2="0" y2="6" className="wo-chart-hatch" />
          </pattern>
        </defs>
        <g className="wo-chart-axis">
          {unit && (
            <text className="wo-chart-unit" x={frame.margin.left - 6} y={frame.margin.top - UNIT_ROOM} textAnchor="end">
              {unit}
            </text>
          )}
          {ticks.map((tick) => (
            <g key={tick.label}>
              <line x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={tick.at} y2={tick.at} />
              <text x={frame.margin.left - 6} y={tick.at} dy="0.32em" textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          <line
            className="wo-chart-zero"
            x1={frame.margin.left}
            x2={frame.width - frame.margin.right}
            y1={zero}
            y2={zero}
          />
        </g>
        {bars.map((bar, i) => {
          const d = data[i] as BarDatum;
          const variant = d.variant ?? 'normal';
          const lines = d.tooltip ?? [d.label, d.value === null ? '—' : format(d.value)];
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only hover tooltip; the <title> and the page's table carry the values for everyone else
            <g
              key={d.label}
              className={`wo-chart-bar wo-chart-bar-${variant}${active === i ? ' wo-chart-bar-active' : ''}`}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
            >
              {/* the bar's words for screen readers (the pages show the same values in a table too) */}
              <title>{lines.join(' ')}</title>
              {d.value !== null && (
                <rect
                  className="wo-chart-value"
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  fill={variant === 'estimated' ? `url(#${hatchId})` : undefined}
                />
              )}
              {/* a wider invisible target, so that a zero-height bar still has a tooltip */}
              <rect
                className="wo-chart-hit"
                x={bar.x}
                y={frame.margin.top}
                width={bar.width}
                height={frame.height - frame.margin.top - frame.margin.bottom}
              />
              {d.marker && (
                <text
                  className="wo-chart-marker"
                  x={bar.x + bar.width / 2}
                  y={Math.min(bar.y, zero) - 4}
                  textAnchor="middle"
                >
                  {d.marker}
                </text>
              )}
              {shown[i] && (
                <text
                  className="wo-chart-label"
                  x={bar.x + bar.width / 2}
                  y={frame.height - frame.margin.bottom + 16}
                  textAnchor="middle"
                >
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {activeBar && activeDatum && (
        <div
          className="wo-chart-tooltip"
          role="tooltip"
          // above the bar and its mark
          style={tooltipPosition(activeBar.x + activeBar.width / 2, Math.min(activeBar.y, zero) - 18, frame)}
        >
          {(
            activeDatum.tooltip ?? [activeDatum.label, activeDatum.value === null ? '—' : format(activeDatum.value)]
          ).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </figure>
  );
}
