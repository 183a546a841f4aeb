// 小区用水排行: the residential areas using most water this month so far, most first, as horizontal bars against the
// largest (rankingBars computes the lengths).
import { useTranslation } from 'react-i18next';
import { figure } from '../dma/balanceFormat.ts';
import { FigureLink } from './FigureLink.tsx';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';
import { rankingBars } from './rankingBars.ts';

export function CommunityRankingWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="communityRanking" sourcePath={sourcePath}>
      {(f) => {
        const bars = rankingBars(f.areas);
        if (bars.length === 0) return <p className="wo-dash-note">{t('dashboard.empty')}</p>;
        return (
          <>
            <p className="wo-dash-caption">{t('dashboard.ranking.month', { month: f.month })}</p>
            <ol className="wo-dash-ranking" aria-label={t('dashboard.ranking.list')}>
              {bars.map((b, i) => (
                <li key={b.areaId}>
                  <span className="wo-dash-rank">{i + 1}</span>
                  <span className="wo-dash-ranking-name" title={b.areaName}>
                    <FigureLink to={{ pages: ['reading/ReadingRecordPage'] }} name={t('dashboard.ranking.readsOf')}>
                      {b.areaName}
                    </FigureLink>
                  </span>
                  <span className="wo-dash-ranking-track" aria-hidden="true">
                    <span className="wo-dash-ranking-bar" style={{ width: `${b.widthPercent}%` }} />
                  </span>
                  <span className="wo-dash-ranking-value">{figure(b.volumeM3, 1)}</span>
                </li>
              ))}
            </ol>
          </>
        );
      }}
    </LiveWidget>
  );
}
