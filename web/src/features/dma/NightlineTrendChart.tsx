// The nightline trend of a district (d3 scales and shapes from nightFlowGeometry.ts, SVG by React): the nightline
// per day, legitimate night use and leakage, the detector's baseline as a band down to legitimate use, missing
// nights as gaps (and a grey tick under the axis), the detector's warm-up shaded (it can find nothing there, so a bump
// in it must not look overlooked), leak events marked — a step by a line at its start day and a
// band to the detected day, a trend by a sloped band — and a tooltip with the day's figures under the pointer.
import { Classes, Colors } from '@blueprintjs/core';
import type { NightFlowSeries } from '@waterops/shared/dma';
import { type MouseEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearestIndex, tooltipPosition } from '../../components/charts/chartGeometry.ts';
import { figure } from './balanceFormat.ts';
import { NightChartAxes } from './NightChartAxes.tsx';
import { TREND_FRAME, trendLayout } from './nightFlowGeometry.ts';

export const TREND_COLORS = {
  nightline: Colors.BLUE3,
  legitimate: Colors.GREEN3,
  leakage: Colors.ORANGE3,
  baseline: Colors.BLUE3,
  event: Colors.RED3,
  missing: Colors.GRAY4,
};

export type NightlineTrendChartProps = { series: NightFlowSeries; from: string; to: string };

export function NightlineTrendChart({ series, from, to }: NightlineTrendChartProps) {
  const { t } = useTranslation();
  const frame = TREND_FRAME;
  const svgRef = useRef<SVGSVGElement>(null);
  const [pointer, setPointer] = useState<number | null>(null);
  const layout = useMemo(() => trendLayout(series, from, to, frame), [series, from, to]);
  const top = frame.margin.top;
  const bottom = frame.height - frame.margin.bottom;
  const index =
    pointer === null
      ? -1
      : nearestIndex(
          layout.slots.map((_, i) => layout.x(i)),
          pointer,
        );
  const slot = index >= 0 ? layout.slots[index] : undefined;
  const handleMove = (event: MouseEvent<SVGRectElement>) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPointer(((event.clientX - box.left) / box.width) * frame.width);
  };
  const m3h = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${figure(v, 2)} m³/h`);
  const label = t('dma.night.trend');

  return (
    <figure className="wo-chart wo-night-chart" aria-label={label}>
      <svg ref={svgRef} viewBox={`0 0 ${frame.width} ${frame.height}`} role="img" aria-label={label}>
        <NightChartAxes frame={frame} yTicks={layout.yTicks} xTicks={layout.xTicks} />
        {layout.warmUp && (
          <g data-testid="warm-up">
            <rect
              className="wo-night-warmup"
              x={layout.warmUp.x0}
              y={top}
              width={Math.max(2, layout.warmUp.x1 - layout.warmUp.x0)}
              height={bottom - top}
            />
            <text className="wo-night-warmup-label" x={layout.warmUp.x0 + 6} y={top + 14}>
              {t('dma.night.warmUp')}
            </text>
          </g>
        )}
        <path className="wo-night-band" d={layout.baselineBand} data-testid="baseline-band" />
        {layout.events.map((e) => (
          <g key={e.id} data-testid={`event-${e.id}`}>
            {e.kind === 'step' ? (
              <>
                <rect
                  className={`wo-night-event-band${e.status === 'repaired' ? ' wo-repaired' : ''}`}
                  x={e.startX}
                  y={top}
                  width={Math.max(2, e.detectedX - e.startX)}
                  height={bottom - top}
                />
                <line
                  className={`wo-night-event-line${e.status === 'repaired' ? ' wo-repaired' : ''}`}
                  x1={e.startX}
                  x2={e.startX}
                  y1={top}
                  y2={bottom}
                />
              </>
            ) : (
              <path className={`wo-night-event-band${e.status === 'repaired' ? ' wo-repaired' : ''}`} d={e.slope} />
            )}
          </g>
        ))}
        <path className="wo-night-baseline" d={layout.baseline} />
        <path className="wo-chart-line" d={layout.legitimate} stroke={TREND_COLORS.legitimate} fill="none" />
        <path className="wo-chart-line" d={layout.leakage} stroke={TREND_COLORS.leakage} fill="none" />
        <path className="wo-night-nightline" d={layout.nightline} stroke={TREND_COLORS.nightline} />
        {layout.isolated.map((p) => (
          <circle key={`${p.x}`} cx={p.x} cy={p.y} r={3.5} fill={TREND_COLORS.nightline} />
        ))}
        {layout.slots.map((s, i) =>
          s.row?.nightline === null || s.row?.nightline === undefined ? (
            <line
              key={s.day}
              data-testid="missing-day"
              x1={layout.x(i)}
              x2={layout.x(i)}
              y1={bottom}
              y2={bottom + 5}
              stroke={TREND_COLORS.missing}
              strokeWidth={2}
            />
          ) : null,
        )}
        {slot && index >= 0 && (
          <line className="wo-chart-cursor" x1={layout.x(index)} x2={layout.x(index)} y1={top} y2={bottom} />
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only hover tooltip; the page has the events table */}
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
        <span>
          <i style={{ background: TREND_COLORS.nightline }} />
          {t('dma.night.nightline')}
        </span>
        <span>
          <i style={{ background: TREND_COLORS.legitimate }} />
          {t('dma.night.legitimate')}
        </span>
        <span>
          <i style={{ background: TREND_COLORS.leakage }} />
          {t('dma.night.leakage')}
        </span>
        <span>
          <i style={{ background: 'rgba(45, 114, 210, 0.25)' }} />
          {t('dma.night.baselineBand')}
        </span>
        <span>
          <i style={{ background: 'rgba(205, 66, 70, 0.35)' }} />
          {t('dma.night.eventStep')} / {t('dma.night.eventTrend')}
        </span>
        <span>
          <i style={{ background: TREND_COLORS.missing }} />
          {t('dma.night.missing')}
        </span>
      </div>
      {slot && index >= 0 && (
        <div className="wo-chart-tooltip" role="tooltip" style={tooltipPosition(layout.x(index), top, frame)}>
          <div>{slot.day}</div>
          {slot.row ? (
            <>
              <div>
                {t('dma.night.nightline')}: {m3h(slot.row.nightline)}
              </div>
              <div>
                {t('dma.night.legitimate')}: {m3h(slot.row.legitimate)}
              </div>
              <div>
                {t('dma.night.leakage')}: {m3h(slot.row.leakage)}
              </div>
              <div>
                {t('dma.night.baseline')}: {m3h(slot.row.baseline)}
              </div>
              <div className={Classes.TEXT_MUTED}>
                {t('dma.night.points', { points: slot.row.points, expected: slot.row.expected })}
              </div>
            </>
          ) : (
            <div>{t('dma.night.missing')}</div>
          )}
        </div>
      )}
    </figure>
  );
}
