// The district panel's chart: the nightline of the last 30 days beside the detector's baseline, so a step shows at
// a glance on the map; the night-flow page has the full analysis.
import { Colors, Spinner } from '@blueprintjs/core';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartFrame } from '../../../components/charts/chartGeometry.ts';
import { LineChart } from '../../../components/charts/LineChart.tsx';
import { useNightFlowQuery } from '../dmaApi.ts';

export const SPARKLINE_DAYS = 30;
const FRAME: ChartFrame = { width: 320, height: 130, margin: { top: 10, right: 8, bottom: 22, left: 34 } };
/** China midnight of a day, as the chart's time. */
const dayTime = (day: string) => new Date(`${day}T00:00:00+08:00`);

export function DistrictNightSparkline({ districtId }: { districtId: number }) {
  const { t } = useTranslation();
  const range = useMemo(() => {
    const to = chinaDay(new Date());
    return { from: addDays(to, -(SPARKLINE_DAYS - 1)), to };
  }, []);
  const { data, isFetching } = useNightFlowQuery({ districtId, ...range });
  if (!data) return isFetching ? <Spinner size={20} /> : null;
  const m3h = (v: number) => `${v.toFixed(2)} m³/h`;
  return (
    <LineChart
      ariaLabel={t('operationsMap.detail.sparkline', { days: SPARKLINE_DAYS })}
      from={dayTime(range.from)}
      to={dayTime(range.to)}
      frame={FRAME}
      formatTime={(at) => chinaDay(at)}
      series={[
        {
          key: 'nightline',
          label: t('operationsMap.detail.nightlineSeries'),
          color: Colors.BLUE3,
          points: data.days.map((d) => ({ time: dayTime(d.day), value: d.nightline })),
          format: m3h,
        },
        {
          key: 'baseline',
          label: t('operationsMap.detail.baselineSeries'),
          color: Colors.GRAY3,
          points: data.days.map((d) => ({ time: dayTime(d.day), value: d.baseline })),
          format: m3h,
        },
      ]}
    />
  );
}
