// A district's nightline over the last days beside the detector's baseline, small: a step shows at a glance in the
// map's district panel (30 days), beside the month's balance (90 days) and on the big screen's leakage scene, which
// asks again every few minutes and moves on to the new day at midnight; the night-flow page has the analysis.
import { Colors, Spinner } from '@blueprintjs/core';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartFrame } from '../../components/charts/chartGeometry.ts';
import { LineChart } from '../../components/charts/LineChart.tsx';
import { useChinaToday } from '../../components/useChinaToday.ts';
import { useNightFlowQuery } from './dmaApi.ts';

const FRAME: ChartFrame = { width: 320, height: 130, margin: { top: 10, right: 8, bottom: 22, left: 34 } };
/** China midnight of a day, as the chart's time. */
const dayTime = (day: string) => new Date(`${day}T00:00:00+08:00`);

export type DistrictNightSparklineProps = {
  districtId: number;
  /** how many days back from today */
  days: number;
  /** ask again this often (ms); 0: once */
  refreshMs?: number;
};

export function DistrictNightSparkline({ districtId, days, refreshMs = 0 }: DistrictNightSparklineProps) {
  const { t } = useTranslation();
  const to = useChinaToday();
  const range = useMemo(() => ({ from: addDays(to, -(days - 1)), to }), [days, to]);
  const { data, isFetching } = useNightFlowQuery({ districtId, ...range }, { pollingInterval: refreshMs });
  if (!data) return isFetching ? <Spinner size={20} /> : null;
  const m3h = (v: number) => `${v.toFixed(2)} m³/h`;
  return (
    <LineChart
      ariaLabel={t('dma.night.sparkline', { days })}
      from={dayTime(range.from)}
      to={dayTime(range.to)}
      frame={FRAME}
      formatTime={(at) => chinaDay(at)}
      series={[
        {
          key: 'nightline',
          label: t('dma.night.nightline'),
          color: Colors.BLUE3,
          points: data.days.map((d) => ({ time: dayTime(d.day), value: d.nightline })),
          format: m3h,
        },
        {
          key: 'baseline',
          label: t('dma.night.baseline'),
          color: Colors.GRAY3,
          points: data.days.map((d) => ({ time: dayTime(d.day), value: d.baseline })),
          format: m3h,
        },
      ]}
    />
  );
}
