// 平台概览: the registry's size and its online state now — meters and concentrators with how many are online, the
// meters' online rate, collectors, residents and districts — as big numbers (the device-status page's counts).
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FigureLink, type FigureTarget } from './FigureLink.tsx';
import { countText, percentText } from './figureFormat.ts';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';

export type BigNumberProps = {
  label: string;
  value: string;
  note?: string;
  /** the page the number comes from (the value links there when the user can open it) */
  to?: FigureTarget;
};

/** One big number with its name under it and an optional line below. */
export function BigNumber({ label, value, note, to }: BigNumberProps) {
  return (
    <div className="wo-dash-number">
      <dt>{label}</dt>
      <dd className="wo-dash-number-value">
        <FigureLink to={to} name={label}>
          {value}
        </FigureLink>
      </dd>
      {note && <dd className={`wo-dash-number-note ${Classes.TEXT_MUTED}`}>{note}</dd>}
    </div>
  );
}

export function OverviewWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="overview" sourcePath={sourcePath}>
      {(f) => (
        <dl className="wo-dash-numbers">
          <BigNumber
            label={t('dashboard.overview.meters')}
            to={{ pages: ['device/MeterPage'] }}
            value={countText(f.meters)}
            note={t('dashboard.overview.metersOnline', { online: countText(f.metersOnline) })}
          />
          <BigNumber
            label={t('dashboard.overview.onlineRate')}
            to={{ pages: ['device/DeviceStatusPage'] }}
            value={percentText(f.onlineRate)}
          />
          <BigNumber
            label={t('dashboard.overview.concentrators')}
            to={{ pages: ['device/ConcentratorPage'] }}
            value={countText(f.concentrators)}
            note={t('dashboard.overview.concentratorsOnline', { online: countText(f.concentratorsOnline) })}
          />
          <BigNumber
            label={t('dashboard.overview.collectors')}
            to={{ pages: ['device/CollectorPage'] }}
            value={countText(f.collectors)}
          />
          <BigNumber
            label={t('dashboard.overview.residents')}
            to={{ pages: ['customer/ResidentPage'] }}
            value={countText(f.residents)}
          />
          <BigNumber
            label={t('dashboard.overview.districts')}
            to={{ pages: ['dma/DistrictPage'] }}
            value={countText(f.districts)}
          />
        </dl>
      )}
    </LiveWidget>
  );
}
