// 水损: this month's loss rate per district with its CJJ 92-2016 grade and the leakage in its latest nightline,
// written and coloured as the production–sales difference page writes them (its RateText, GradeTag and figure).
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GradeTag, RateText } from '../dma/BalanceTags.tsx';
import { figure } from '../dma/balanceFormat.ts';
import '../dma/dma.css';
import { FigureLink } from './FigureLink.tsx';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';

export function WaterLossWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="waterLoss" sourcePath={sourcePath}>
      {(f) =>
        f.districts.length === 0 ? (
          <p className="wo-dash-note">{t('dashboard.empty')}</p>
        ) : (
          <div className="wo-dash-scroll">
            <HTMLTable compact className="wo-dash-table">
              <caption>{t('dashboard.waterLoss.month', { month: f.month })}</caption>
              <thead>
                <tr>
                  {/* the production–sales difference page's own column names */}
                  <th>{t('dma.balance.district')}</th>
                  <th>{t('dma.balance.nrwRate')}</th>
                  <th title="CJJ 92-2016">{t('dma.balance.grade')}</th>
                  <th>{t('dma.balance.nightLeakage')}</th>
                </tr>
              </thead>
              <tbody>
                {f.districts.map((d) => (
                  <tr key={d.districtId}>
                    <th scope="row" title={d.districtName}>
                      <FigureLink
                        to={{ pages: ['dma/WaterBalancePage'], search: { districtId: d.districtId, month: f.month } }}
                        name={t('dashboard.waterLoss.balanceOf', { name: d.districtName })}
                      >
                        {d.districtName}
                      </FigureLink>
                    </th>
                    <td>
                      <FigureLink
                        to={{ pages: ['dma/WaterBalancePage'], search: { districtId: d.districtId, month: f.month } }}
                        name={t('dashboard.waterLoss.balanceOf', { name: d.districtName })}
                      >
                        <RateText rate={d.lossRate} />
                      </FigureLink>
                    </td>
                    <td>
                      <GradeTag grade={d.grade} />
                    </td>
                    <td>
                      <FigureLink
                        to={{ pages: ['dma/NightFlowPage'], search: { districtId: d.districtId } }}
                        name={t('dashboard.waterLoss.nightFlowOf', { name: d.districtName })}
                      >
                        {figure(d.nightLeakage)}
                      </FigureLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )
      }
    </LiveWidget>
  );
}
