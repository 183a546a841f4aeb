// Reading rate (抄表率): the share of expected meter-days that have a read, per residential area, concentrator or
// day (tabs), over at most 93 days, narrowed by region and area. The overall rate in large type, the groups as bars
// (0–100 %) and as a table. A documented exception to "pages are descriptors": a summary with a chart, not a list of
// records to edit.
import {
  Classes,
  FormGroup,
  HTMLTable,
  Intent,
  NonIdealState,
  ProgressBar,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { RATE_GROUPS, RATE_MAX_SPAN, type RateGroup, type RateGroupBy } from '@waterops/shared/reading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import { RegionSelect } from '../../components/selectors/RegionSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { type DayRange, lastDays, ReadingDayRange, rangeProblem } from './ReadingDayRange.tsx';
import { useReadingRateQuery } from './readingRecordApi.ts';

/** The page opens on the last 7 days. */
const DEFAULT_DAYS = 7;

/** A rate as the page writes it: '98.5 %', '—' when nothing was expected. */
export const percent = (rate: number | null): string => (rate === null ? '—' : `${rate.toFixed(2)} %`);

/** Good (≥ 98 %), fair (≥ 90 %) or poor: the colour of a rate. */
export const rateIntent = (rate: number | null): Intent =>
  rate === null ? Intent.NONE : rate >= 98 ? Intent.SUCCESS : rate >= 90 ? Intent.WARNING : Intent.DANGER;

function RateTable({ groups, groupBy }: { groups: readonly RateGroup[]; groupBy: RateGroupBy }) {
  const { t } = useTranslation();
  const name = (g: RateGroup) =>
    g.name || t(groupBy === 'area' ? 'readingRecord.rate.noArea' : 'readingRecord.rate.noConcentrator');
  return (
    <HTMLTable compact striped className="wo-reading-table" aria-label={t('readingRecord.rate.table')}>
      <thead>
        <tr>
          <th>{t(`readingRecord.rate.group.${groupBy}`)}</th>
          <th>{t('readingRecord.rate.meters')}</th>
          <th>{t('readingRecord.rate.expected')}</th>
          <th>{t('readingRecord.rate.read')}</th>
          <th>{t('readingRecord.rate.rate')}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={`${g.id}:${g.name}`}>
            <td>{name(g)}</td>
            <td>{g.meters}</td>
            <td>{g.expected}</td>
            <td>{g.read}</td>
            <td className="wo-rate-cell">
              <ProgressBar
                value={(g.rate ?? 0) / 100}
                intent={rateIntent(g.rate)}
                stripes={false}
                animate={false}
                className="wo-rate-bar"
              />
              {percent(g.rate)}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function RateView({ groupBy, range, region, area }: { groupBy: RateGroupBy; range: DayRange } & Filters) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useReadingRateQuery({
    groupBy,
    ...range,
    regionId: region?.id,
    areaId: area?.id,
  });
  if (isError) return <NonIdealState icon="error" title={t('readingRecord.rate.failed')} />;
  if (!data) return isFetching ? <Spinner size={28} /> : null;
  const { overall } = data;
  return (
    <>
      <div className="wo-rate-overall">
        <output
          className={`wo-rate-big wo-rate-${rateIntent(overall.rate)}`}
          aria-label={t('readingRecord.rate.overall')}
        >
          {percent(overall.rate)}
        </output>
        <div className={Classes.TEXT_MUTED}>
          {t('readingRecord.rate.overallLine', {
            read: overall.read,
            expected: overall.expected,
            meters: overall.meters,
          })}
        </div>
      </div>
      {data.groups.length === 0 ? (
        <NonIdealState icon="search" title={t('readingRecord.rate.empty')} />
      ) : (
        <>
          <BarChart
            data={data.groups.map((g) => ({
              label:
                groupBy === 'day'
                  ? g.name.slice(5)
                  : g.name || t(groupBy === 'area' ? 'readingRecord.rate.noArea' : 'readingRecord.rate.noConcentrator'),
              value: g.rate,
              variant: g.rate !== null && g.rate < 90 ? 'flagged' : 'normal',
              tooltip: [
                g.name || '—',
                percent(g.rate),
                t('readingRecord.rate.countLine', { read: g.read, expected: g.expected }),
              ],
            }))}
            ariaLabel={t('readingRecord.rate.chart')}
            domain={[0, 100]}
            formatValue={(v) => `${v}`}
          />
          <RateTable groups={data.groups} groupBy={groupBy} />
        </>
      )}
    </>
  );
}

type Filters = { region: SelectorItem | null; area: SelectorItem | null };

export function ReadingRatePage() {
  const { t } = useTranslation();
  const [groupBy, setGroupBy] = useState<RateGroupBy>('area');
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_DAYS));
  const [filters, setFilters] = useState<Filters>({ region: null, area: null });
  const problem = rangeProblem(range, RATE_MAX_SPAN);
  const view = problem ? null : <RateView groupBy={groupBy} range={range} {...filters} />;
  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('readingRecord.rate.title')}</h1>
      </div>
      <div className="wo-filters">
        <ReadingDayRange value={range} onChange={setRange} maxDays={RATE_MAX_SPAN} />
        <FormGroup label={t('place.region')} inline className="wo-reading-select">
          <RegionSelect value={filters.region} onChange={(region) => setFilters({ ...filters, region })} />
        </FormGroup>
        <FormGroup label={t('place.area')} inline className="wo-reading-select">
          <AreaSelect value={filters.area} onChange={(area) => setFilters({ ...filters, area })} />
        </FormGroup>
      </div>
      <div className="wo-table-card wo-reading-card">
        <Tabs
          id="reading-rate-tabs"
          renderActiveTabPanelOnly
          selectedTabId={groupBy}
          onChange={(id) => setGroupBy(id as RateGroupBy)}
        >
          {RATE_GROUPS.map((g) => (
            <Tab key={g} id={g} title={t(`readingRecord.rate.by.${g}`)} panel={view ?? undefined} />
          ))}
        </Tabs>
      </div>
    </div>
  );
}
