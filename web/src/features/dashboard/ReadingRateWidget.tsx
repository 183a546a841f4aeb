// 抄表率: today's meter-reading rate in large type with the meter-days read of those expected, and the last 7 days
// as a sparkline (sparklineGeometry computes it; this only draws it).
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FigureLink } from './FigureLink.tsx';
import { countText, percentText } from './figureFormat.ts';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';
import { SPARKLINE_FRAME, sparkline } from './sparklineGeometry.ts';

export function ReadingRateWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="readingRate" sourcePath={sourcePath}>
      {(f) => {
        const line = sparkline(f.days.map((d) => d.rate));
        const trend = t('dashboard.readingRate.trend');
        return (
          <div className="wo-dash-rate">
            <dl className="wo-dash-numbers wo-dash-numbers-one">
              <div className="wo-dash-number">
                <dt>{t('dashboard.readingRate.today')}</dt>
                <dd className="wo-dash-number-value wo-dash-number-large">
                  <FigureLink to={{ pages: ['reading/ReadingRatePage'] }} name={t('dashboard.readingRate.today')}>
                    {percentText(f.today.rate)}
                  </FigureLink>
                </dd>
                <dd className={`wo-dash-number-note ${Classes.TEXT_MUTED}`}>
                  {t('dashboard.readingRate.counts', {
                    read: countText(f.today.read),
                    expected: countText(f.today.expected),
                  })}
                </dd>
              </div>
            </dl>
            <figure className="wo-dash-spark">
              <svg
                viewBox={`0 0 ${SPARKLINE_FRAME.width} ${SPARKLINE_FRAME.height}`}
                role="img"
                aria-label={trend}
                preserveAspectRatio="none"
              >
                <title>
                  {f.days
                    .map((d) =>
                      t('dashboard.readingRate.trendPoint', { day: d.day.slice(5), rate: percentText(d.rate) }),
                    )
                    .join('\n')}
                </title>
                <path d={line.path} className="wo-dash-spark-line" />
                {line.points.map((p, i) =>
                  p ? <circle key={f.days[i]?.day ?? i} cx={p.x} cy={p.y} r={2} className="wo-dash-spark-dot" /> : null,
                )}
              </svg>
              <figcaption className={Classes.TEXT_MUTED}>{trend}</figcaption>
            </figure>
          </div>
        );
      }}
    </LiveWidget>
  );
}
