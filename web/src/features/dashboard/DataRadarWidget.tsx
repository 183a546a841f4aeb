// 数据雷达图: the data-quality score on five axes (completeness, timeliness, validity, online rate, reading rate; the
// data-check page's figures over the last 7 China days) as an SVG radar; radarGeometry computes it, this draws it.
import { RADAR_AXES } from '@waterops/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { percentText } from './figureFormat.ts';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';
import { RADAR_FRAME, radarGeometry } from './radarGeometry.ts';

const VIEW_WIDTH = RADAR_FRAME.cx * 2;
const VIEW_HEIGHT = RADAR_FRAME.cy * 2;

export function DataRadarWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="dataRadar" sourcePath={sourcePath}>
      {(f) => {
        const values = RADAR_AXES.map((a) => f.axes[a]);
        const g = radarGeometry(values);
        return (
          <svg
            className="wo-dash-radar"
            viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
            role="img"
            aria-label={t('dashboard.radar.chart', { from: f.from, to: f.to })}
          >
            {g.rings.map((points) => (
              <polygon key={points} points={points} className="wo-dash-radar-ring" />
            ))}
            {g.axes.map((a, i) => (
              <line
                key={RADAR_AXES[i]}
                x1={RADAR_FRAME.cx}
                y1={RADAR_FRAME.cy}
                x2={a.end.x}
                y2={a.end.y}
                className="wo-dash-radar-axis"
              />
            ))}
            <polygon points={g.shape} className="wo-dash-radar-shape" />
            {g.axes.map((a, i) =>
              a.missing ? null : (
                <circle key={RADAR_AXES[i]} cx={a.point.x} cy={a.point.y} r={2.5} className="wo-dash-radar-dot" />
              ),
            )}
            {g.axes.map((a, i) => {
              const axis = RADAR_AXES[i] as (typeof RADAR_AXES)[number];
              return (
                <text key={axis} x={a.label.x} y={a.label.y} textAnchor={a.anchor} className="wo-dash-radar-label">
                  <tspan x={a.label.x}>{t(`dashboard.radar.axis.${axis}`)}</tspan>
                  <tspan x={a.label.x} dy="1.2em" className="wo-dash-radar-value">
                    {percentText(values[i])}
                  </tspan>
                </text>
              );
            })}
          </svg>
        );
      }}
    </LiveWidget>
  );
}
