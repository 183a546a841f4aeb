// The axes both night-flow charts draw the same way: horizontal grid lines with the m³/h ticks at the left, the unit
// above them, the x labels under the plot; a chart adds its own marks (the night window's caption) as children.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartFrame, Tick } from '../../components/charts/chartGeometry.ts';

export type NightChartAxesProps = {
  frame: ChartFrame;
  yTicks: readonly Tick[];
  xTicks: readonly Tick[];
  children?: ReactNode;
};

export function NightChartAxes({ frame, yTicks, xTicks, children }: NightChartAxesProps) {
  const { t } = useTranslation();
  const top = frame.margin.top;
  const bottom = frame.height - frame.margin.bottom;
  return (
    <g className="wo-chart-axis">
      {yTicks.map((tick) => (
        <g key={`y${tick.label}`}>
          <line x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={tick.at} y2={tick.at} />
          <text x={frame.margin.left - 6} y={tick.at} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      <text x={frame.margin.left - 6} y={top - 14} textAnchor="end">
        {t('dma.night.unit')}
      </text>
      {xTicks.map((tick) => (
        <text key={`x${tick.at}`} className="wo-chart-label" x={tick.at} y={bottom + 18} textAnchor="middle">
          {tick.label}
        </text>
      ))}
      {children}
    </g>
  );
}
