// The leakage scene's night flow: the districts whose nights leak most, each with its latest nightline, the leakage
// in it and its open leak events (the water-loss widget's figures, which are the production–sales difference page's
// rows) over its last 30 nights beside the detector's baseline (the DMA pages' own sparkline, asked again every few
// minutes and moving on to the new day at midnight).
import { useTranslation } from 'react-i18next';
import { figure } from '../../dma/balanceFormat.ts';
import { DistrictNightSparkline } from '../../dma/DistrictNightSparkline.tsx';
import { useWidgetFigures } from '../useWidgetFigures.ts';

const NIGHTS = 30;
const REFRESH_MS = 10 * 60_000;

export type ScreenNightFlowPanelProps = {
  /** how many districts fit */
  districts: number;
};

export function ScreenNightFlowPanel({ districts }: ScreenNightFlowPanelProps) {
  const { t } = useTranslation();
  const { item } = useWidgetFigures('waterLoss');
  const worst = [...(item?.figures.districts ?? [])]
    .sort((a, b) => (b.nightLeakage ?? -1) - (a.nightLeakage ?? -1))
    .slice(0, districts);
  return (
    <section className="wo-screen-panel wo-screen-night" aria-label={t('bigScreen.nightFlow')}>
      <h3 className="wo-screen-panel-title">{t('bigScreen.nightFlow')}</h3>
      <div className="wo-screen-night-grid">
        {worst.map((d) => (
          <figure key={d.districtId} className="wo-screen-night-district">
            <figcaption>
              <strong>{d.districtName}</strong>
              <span>{t('bigScreen.nightline', { value: figure(d.nightline) })}</span>
              <span>{t('bigScreen.nightLeakage', { value: figure(d.nightLeakage) })}</span>
              <span className={d.openLeakEvents > 0 ? 'wo-screen-night-open' : undefined}>
                {t('bigScreen.openLeakEvents', { count: d.openLeakEvents })}
              </span>
            </figcaption>
            <DistrictNightSparkline districtId={d.districtId} days={NIGHTS} refreshMs={REFRESH_MS} />
          </figure>
        ))}
      </div>
    </section>
  );
}
