// The day flow curves of a district (d3 via nightFlowGeometry.ts, SVG by React): several days overlaid over
// 00:00–24:00, the 00:00–06:00 night window shaded, each day's nightline as a dashed line in its colour with its
// minimum marked, gaps where samples are missing, and a tooltip with each day's flow at the pointer's time.
import { Colors } from '@blueprintjs/core';
import type { NightFlowCurves } from '@waterops/shared/dma';
import { type MouseEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearestIndex, tooltipPosition } from '../../components/charts/chartGeometry.ts';
import { figure } from './balanceFormat.ts';
import { NightChartAxes } from './NightChartAxes.tsx';
import { CURVE_FRAME, curveLayout } from './nightFlowGeometry.ts';

/** One colour per day compared (at most 14, so some repeat in a different dash). */
export const DAY_COLORS = [
  Colors.BLUE3,
  Colors.ORANGE3,
  Colors.GREEN3,
  Colors.VIOLET3,
  Colors.TURQUOISE3,
  Colors.RED3,
  Colors.GOLD3,
];

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(Math.round(minute % 60)).padStart(2, '0')}`;

export type NightFlowChartProps = { curves: NightFlowCurves['curves'] };

export function NightFlowChart({ curves }: NightFlowChartProps) {
  const { t } = useTranslation();
  const frame = CURVE_FRAME;
  const svgRef = useRef<SVGSVGElement>(null);
  const [pointer, setPointer] = useState<number | null>(null);
  const layout = useMemo(() => curveLayout(curves, frame), [curves]);
  const top = frame.margin.top;
  const bottom = frame.height - frame.margin.bottom;
  const label = t('dma.night.curves');
  const minute =
    pointer === null
      ? null
      : Math.max(0, Math.min(1440, ((pointer - layout.x(0)) / (layout.x(1440) - layout.x(0))) * 1440));
  const handleMove = (event: MouseEvent<SVGRectElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPointer(((event.clientX - box.left) / box.width) * frame.width);
  };
  const color = (i: number) => DAY_COLORS[i % DAY_COLORS.length] as string;

  return (
    <figure className="wo-chart wo-night-chart" aria-label={label}>
      <svg ref={svgRef} viewBox={`0 0 ${frame.width} ${frame.height}`} role="img" aria-label={label}>
        <rect
          className="wo-night-window"
          x={layout.night.x}
          y={top}
          width={layout.night.width}
          height={bottom - top}
          data-testid="night-window"
        />
        <NightChartAxes frame={frame} yTicks={layout.yTicks} xTicks={layout.xTicks}>
          <text className="wo-chart-label" x={layout.night.x + layout.night.width / 2} y={top + 12} textAnchor="middle">
            {t('dma.night.window')}
          </text>
        </NightChartAxes>
        {layout.lines.map((l, i) => (
          <g key={l.day} data-testid={`curve-${l.day}`}>
            {l.nightlineY !== null && (
              <line
                x1={frame.margin.left}
                x2={frame.width - frame.margin.right}
                y1={l.nightlineY}
                y2={l.nightlineY}
                stroke={color(i)}
                strokeDasharray="4 3"
                strokeOpacity={0.8}
              />
            )}
            <path className="wo-chart-line" d={l.path} stroke={color(i)} fill="none" />
            {l.min && <circle className="wo-night-min" cx={l.min.x} cy={l.min.y} r={4} fill={color(i)} />}
          </g>
        ))}
        {minute !== null && (
          <line className="wo-chart-cursor" x1={layout.x(minute)} x2={layout.x(minute)} y1={top} y2={bottom} />
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only hover tooltip; the figures are in the legend */}
        <rect
          className="wo-chart-hit"
          x={frame.margin.left}
          y={top}
          width={frame.width - frame.margin.left - frame.margin.right}
          height={bottom - top}
          onMouseMove={handleMove}
          onMouseLeave={() => setPointer(null)}
        />
      </svg>
      <div className="wo-chart-legend">
        {curves.map((c, i) => (
          <span key={c.day}>
            <i style={{ background: color(i) }} />
            {c.day}
            {c.nightline !== null && c.minMinute !== null
              ? ` · ${figure(c.nightline, 2)} m³/h · ${t('dma.night.minAt', { time: hhmm(c.minMinute) })}`
              : ''}
          </span>
        ))}
      </div>
      {minute !== null && (
        <div className="wo-chart-tooltip" role="tooltip" style={tooltipPosition(layout.x(minute), top, frame)}>
          <div>{hhmm(minute)}</div>
          {curves.map((c) => {
            const i = nearestIndex(
              c.points.map((p) => p[0]),
              minute,
            );
            const p = i >= 0 ? c.points[i] : undefined;
            return (
              <div key={c.day}>
                {c.day}: {p && Math.abs(p[0] - minute) <= 30 ? `${figure(p[1], 2)} m³/h` : '—'}
              </div>
            );
          })}
        </div>
      )}
    </figure>
  );
}
