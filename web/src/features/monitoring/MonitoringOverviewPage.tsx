// The monitoring overview (监控统计): live alarms per level and type (typeCount), alarms raised per day and level over
// the chosen days (trend, ≤ 90 days), and the ten residential areas with most alarms (topTenArea); one area choice
// narrows all three. Charts are the shared d3-scaled SVG charts; every figure is also readable as text.
import { Card, Colors, FormGroup, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ALARM_LEVELS, type AlarmLevel, STATS_MAX_DAYS, type TrendDay } from '@waterops/shared/monitoring';
import type { Area } from '@waterops/shared/place';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart.tsx';
import type { ChartFrame } from '../../components/charts/chartGeometry.ts';
import { LineChart } from '../../components/charts/LineChart.tsx';
import { useMeterAreasQuery } from '../device/meterApi.ts';
import {
  type DayRange,
  lastDays,
  localDate,
  localDay,
  ReadingDayRange,
  rangeProblem,
} from '../reading/ReadingDayRange.tsx';
import { alarmLevelIntent } from './alarmLevel.ts';
import { useTopTenAreaQuery, useTrendQuery, useTypeCountQuery } from './monitoringApi.ts';
import './MonitoringOverviewPage.css';

/** The trend's line per level (urgent red … general grey), beside the total. */
/** The cards span the page: a wider drawing keeps the labels small enough to sit side by side. */
const WIDE: ChartFrame = { width: 1100, height: 260, margin: { top: 16, right: 16, bottom: 28, left: 48 } };

const LEVEL_COLORS: Record<AlarmLevel, string> = {
  urgent: Colors.RED3,
  severe: Colors.ORANGE3,
  alarm: Colors.BLUE3,
  general: Colors.GRAY3,
};

/**
 * The days asked for: a range ending today leaves its end to the server, whose today is China's (UTC+8), so that a
 * browser elsewhere (the picker's days are local) still sees today's alarms.
 */
export const statsDays = (range: DayRange, now = new Date()): { from: string; to?: string } =>
  range.to === localDay(now) ? { from: range.from } : range;

function LiveAlarms({ areaId }: { areaId?: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useTypeCountQuery({ areaId });
  if (isLoading || !data) return <Spinner size={24} />;
  return (
    <>
      <section className="wo-overview-levels" aria-label={t('monitoring.overview.byLevel')}>
        <strong>{t('monitoring.overview.liveTotal', { count: data.total })}</strong>
        {data.byLevel.map((l) => (
          <Tag key={l.level} large minimal={l.count === 0} intent={alarmLevelIntent(l.level)}>
            {t(`alarmConsole.level.${l.level}`)} {l.count}
          </Tag>
        ))}
      </section>
      {/* the types with live alarms only: eleven long names do not fit under the bars; none at all is said, not
          drawn as an empty frame */}
      {data.total === 0 ? (
        <NonIdealState icon="tick-circle" title={t('monitoring.overview.noLive')} />
      ) : (
        <BarChart
          ariaLabel={t('monitoring.overview.byType')}
          data={data.byType
            .filter((x) => x.count > 0)
            .map((x) => ({ label: t(`alarmConsole.type.${x.alarmType}`), value: x.count }))}
          maxLabels={11}
          frame={WIDE}
        />
      )}
    </>
  );
}

function TrendSection({ range, areaId }: { range: { from: string; to?: string }; areaId?: number }) {
  const { t } = useTranslation();
  const { data, isFetching } = useTrendQuery({ ...range, areaId });
  if (!data) return <Spinner size={24} />;
  const days = data.days;
  const points = (pick: (d: TrendDay) => number) => days.map((d) => ({ time: localDate(d.day), value: pick(d) }));
  const total = data.days.reduce((s, d) => s + d.total, 0);
  return (
    <div className={isFetching ? 'wo-overview-stale' : undefined}>
      {total === 0 ? (
        <NonIdealState icon="tick-circle" title={t('monitoring.overview.noAlarms')} />
      ) : (
        <LineChart
          ariaLabel={t('monitoring.overview.trendChart')}
          from={localDate(data.from)}
          to={localDate(data.to)}
          formatTime={(at) => at.toLocaleDateString()}
          leftDomain={[0, Math.max(...days.map((d) => d.total), 1) * 1.1]}
          frame={WIDE}
          series={[
            {
              key: 'total',
              label: t('monitoring.overview.total'),
              color: Colors.DARK_GRAY5,
              points: points((d) => d.total),
            },
            ...ALARM_LEVELS.map((level) => ({
              key: level,
              label: t(`alarmConsole.level.${level}`),
              color: LEVEL_COLORS[level],
              points: points((d) => d[level]),
            })),
          ]}
        />
      )}
    </div>
  );
}

function TopAreas({ range }: { range: { from: string; to?: string } }) {
  const { t } = useTranslation();
  const { data } = useTopTenAreaQuery(range);
  if (!data) return <Spinner size={24} />;
  if (data.length === 0) return <NonIdealState icon="tick-circle" title={t('monitoring.overview.noAlarms')} />;
  return (
    <>
      <BarChart
        ariaLabel={t('monitoring.overview.topChart')}
        data={data.map((a) => ({ label: a.areaName, value: a.count }))}
        frame={WIDE}
      />
      <HTMLTable compact striped className="wo-board-table" aria-label={t('monitoring.overview.topAreas')}>
        <thead>
          <tr>
            <th>{t('monitoring.overview.area')}</th>
            <th>{t('monitoring.overview.count')}</th>
            {ALARM_LEVELS.map((l) => (
              <th key={l}>{t(`alarmConsole.level.${l}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((a) => (
            <tr key={a.areaId}>
              <th scope="row">{a.areaName}</th>
              <td>{a.count}</td>
              {ALARM_LEVELS.map((l) => (
                <td key={l}>{a[l]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

export function MonitoringOverviewPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [areaId, setAreaId] = useState('');
  const { data: areas = [] } = useMeterAreasQuery();
  const area = areaId ? Number(areaId) : undefined;
  // a range the server would refuse is not asked for; the picker says why
  const valid = rangeProblem(range, STATS_MAX_DAYS) === null;
  return (
    <div className="wo-overview-page">
      <div className="wo-board-head wo-overview-head">
        <h1>{t('monitoring.overview.title')}</h1>
        <FormGroup inline label={t('monitoring.overview.area')} labelFor="wo-overview-area">
          <HTMLSelect
            id="wo-overview-area"
            value={areaId}
            onChange={(e) => setAreaId(e.currentTarget.value)}
            options={[
              { value: '', label: t('monitoring.overview.allAreas') },
              ...areas.map((a: Area) => ({ value: String(a.id), label: a.areaName })),
            ]}
          />
        </FormGroup>
        <ReadingDayRange value={range} onChange={setRange} maxDays={STATS_MAX_DAYS} />
      </div>
      <section aria-label={t('monitoring.overview.live')}>
        <Card className="wo-overview-card">
          <h2>{t('monitoring.overview.live')}</h2>
          <LiveAlarms areaId={area} />
        </Card>
      </section>
      <section aria-label={t('monitoring.overview.trend')}>
        <Card className="wo-overview-card">
          <h2>{t('monitoring.overview.trend')}</h2>
          {valid && <TrendSection range={statsDays(range)} areaId={area} />}
        </Card>
      </section>
      {area === undefined && (
        <section aria-label={t('monitoring.overview.topAreas')}>
          <Card className="wo-overview-card">
            <h2>{t('monitoring.overview.topAreas')}</h2>
            {valid && <TopAreas range={statsDays(range)} />}
          </Card>
        </section>
      )}
    </div>
  );
}
