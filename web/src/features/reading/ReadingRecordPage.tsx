// Reading records (抄表记录): one meter's history over a day range — the daily use as bars (estimated days hatched,
// substituted ones in the warning colour, rollover ↻ and swap ⇄ marked), the swaps of the range, the validated days
// raw beside validated, and the raw reads paged. A documented exception to "pages are descriptors": the page is a
// chart and two tables around one chosen meter, not a list of records. The meter comes from the URL
// (#/reading/record?meterId=…, the meter drawer's link) or the meter selector; until one is chosen the page lists
// the latest reads of every meter the user may see, newest first, each meter's code choosing it.
import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { PAGE_SIZES } from '@waterops/shared/api';
import {
  DAYS_MAX_SPAN,
  daysBetween,
  type MeterDays,
  type RawReading,
  type ReadingDay,
  rssiOfCsq,
} from '@waterops/shared/reading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BarChart, type BarDatum } from '../../components/charts/BarChart.tsx';
import { formatDateTime } from '../../components/dateRange.ts';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { useOpenDetail } from '../detail/detailLink.ts';
import { QualityTag, RuleName } from './QualityTag.tsx';
import { type DayRange, lastDays, ReadingDayRange, rangeProblem } from './ReadingDayRange.tsx';
import { useMeterDaysQuery, useMeterReadingsQuery } from './readingRecordApi.ts';

/** The page opens on the last 30 days. */
const DEFAULT_DAYS = 30;
const ROLLOVER_MARK = '↻';
const SWAP_MARK = '⇄';

const m3 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));

/** One bar per day of the range: a day without a validated row has no bar; marks for rollovers and swaps. */
export const consumptionBars = (
  series: MeterDays,
  t: (key: string, params?: Record<string, unknown>) => string,
): BarDatum[] => {
  const byDay = new Map(series.days.map((d) => [d.day, d]));
  const swapDays = new Set(series.swaps.map((s) => s.day));
  return daysBetween(series.from, series.to).map((day) => {
    const d = byDay.get(day);
    const swapped = swapDays.has(day) || d?.rule === 'swap';
    const marks = [d?.rule === 'rollover' ? ROLLOVER_MARK : '', swapped ? SWAP_MARK : ''].join('');
    const lines = [
      day,
      `${t('readingRecord.consumption')}: ${m3(d?.consumption)} m³`,
      d ? t(`dataCheck.quality.${d.quality}`) : t('readingRecord.notComputed'),
      ...(d?.rule ? [t(`dataCheck.rule.${d.rule}`)] : []),
      ...(d && d.rawConsumption !== d.consumption
        ? [`${t('readingRecord.rawConsumption')}: ${m3(d.rawConsumption)}`]
        : []),
    ];
    return {
      label: day.slice(5),
      value: d?.consumption ?? null,
      variant: d?.quality === 'E' ? 'estimated' : d?.quality === 'S' ? 'flagged' : 'normal',
      marker: marks || undefined,
      tooltip: lines,
    };
  });
};

function ChartLegend() {
  const { t } = useTranslation();
  return (
    <div className="wo-chart-legend">
      <span>
        <i className="wo-chart-bar-normal" />
        {t('dataCheck.quality.A')}
      </span>
      <span>
        <i className="wo-chart-bar-estimated" />
        {t('dataCheck.quality.E')}
      </span>
      <span>
        <i className="wo-chart-bar-flagged" />
        {t('dataCheck.quality.S')}
      </span>
      <span>
        {ROLLOVER_MARK} {t('dataCheck.rule.rollover')}
      </span>
      <span>
        {SWAP_MARK} {t('dataCheck.rule.swap')}
      </span>
    </div>
  );
}

function DaysTable({ days }: { days: readonly ReadingDay[] }) {
  const { t } = useTranslation();
  if (days.length === 0) return <p className="wo-muted">{t('readingRecord.noDays')}</p>;
  return (
    <HTMLTable compact striped className="wo-reading-table" aria-label={t('readingRecord.daysTable')}>
      <thead>
        <tr>
          <th>{t('dataCheck.day')}</th>
          <th>{t('dataCheck.rawReading')}</th>
          <th>{t('dataCheck.reading')}</th>
          <th>{t('dataCheck.rawConsumption')}</th>
          <th>{t('dataCheck.consumption')}</th>
          <th>{t('dataCheck.qualityLabel')}</th>
          <th>{t('dataCheck.ruleLabel')}</th>
          <th>{t('dataCheck.reads')}</th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((d) => (
          <tr key={d.day}>
            <td>{d.day}</td>
            <td>{m3(d.rawReading)}</td>
            <td>{m3(d.reading)}</td>
            <td>{m3(d.rawConsumption)}</td>
            <td>{m3(d.consumption)}</td>
            <td>
              <QualityTag quality={d.quality} />
            </td>
            <td>
              <RuleName rule={d.rule} />
            </td>
            <td>{d.reads}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

type ReadsTableProps = {
  /** whose reads; null: every meter in the user's scope, with a meter column */
  meterId: number | null;
  /** the China days listed */
  range: DayRange;
  /** called when a meter's code is clicked in the all-meter list */
  onChooseMeter?: (meter: SelectorItem) => void;
};

function ReadsTable({ meterId, range, onChooseMeter }: ReadsTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const { data, isFetching } = useMeterReadingsQuery({
    ...(meterId === null ? {} : { meterId }),
    ...range,
    page,
    limit,
  });
  const allMeters = meterId === null;
  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / limit));
  const valve = (r: RawReading) =>
    r.valveState === null ? '—' : t(r.valveState === 1 ? 'readingRecord.valveOpen' : 'readingRecord.valveClosed');
  return (
    <>
      <HTMLTable
        compact
        striped
        className="wo-reading-table"
        aria-label={t(allMeters ? 'readingRecord.latestTable' : 'readingRecord.readsTable')}
      >
        <thead>
          <tr>
            {allMeters && <th>{t('meter.meterCode')}</th>}
            <th>{t('readingRecord.time')}</th>
            <th>{t('readingRecord.reading')}</th>
            <th>{t('readingRecord.voltage')}</th>
            <th>{t('readingRecord.csq')}</th>
            <th>{t('readingRecord.rsrp')}</th>
            <th>{t('readingRecord.valve')}</th>
            <th>{t('readingRecord.source')}</th>
            <th>{t('readingRecord.receivedTime')}</th>
          </tr>
        </thead>
        <tbody>
          {(data?.data ?? []).map((r) => (
            <tr key={`${r.meterId}:${r.time}`}>
              {allMeters && (
                <td>
                  <Button
                    variant="minimal"
                    size="small"
                    className="wo-reading-meter"
                    text={r.meterCode}
                    onClick={() => onChooseMeter?.({ id: r.meterId, label: r.meterCode })}
                  />
                </td>
              )}
              <td>{formatDateTime(new Date(r.time))}</td>
              <td>{m3(r.reading)}</td>
              <td>{r.voltage ?? '—'}</td>
              <td>{r.csq === null ? '—' : `${r.csq} (${rssiOfCsq(r.csq) ?? '—'} dBm)`}</td>
              <td>{r.rsrp ?? '—'}</td>
              <td>{valve(r)}</td>
              <td>{t(`readingRecord.sourceName.${r.source}`)}</td>
              <td>{formatDateTime(new Date(r.receivedTime))}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {count === 0 && !isFetching && <p className="wo-muted">{t('readingRecord.noReads')}</p>}
      <div className="wo-reading-pager">
        <span>{t('readingRecord.total', { count })}</span>
        <HTMLSelect
          aria-label={t('readingRecord.pageSize')}
          value={limit}
          onChange={(e) => {
            setLimit(Number(e.currentTarget.value));
            setPage(1);
          }}
          options={PAGE_SIZES.map((n) => ({ value: n, label: t('readingRecord.perPage', { count: n }) }))}
        />
        <Button
          icon="chevron-left"
          aria-label={t('readingRecord.previous')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <span>
          {page} / {pages}
        </span>
        <Button
          icon="chevron-right"
          aria-label={t('readingRecord.next')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
      </div>
    </>
  );
}

function MeterHistory({ meterId, range }: { meterId: number; range: DayRange }) {
  const { t } = useTranslation();
  const openDetail = useOpenDetail();
  const { data: series, isFetching, isError } = useMeterDaysQuery({ meterId, ...range });
  if (isError) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  if (!series) return isFetching ? <Spinner size={28} /> : null;
  const { totals } = series;
  return (
    <>
      <div className="wo-reading-summary">
        <Button
          minimal
          icon="info-sign"
          text={series.meterCode}
          onClick={() => openDetail({ kind: 'meter', id: meterId })}
        />
        <span>
          {t('readingRecord.totalConsumption')}: <strong>{m3(totals.consumption)} m³</strong>
        </span>
        <span>{t('readingRecord.dayCounts', totals)}</span>
      </div>
      <h2 className="wo-card-title">{t('readingRecord.chartTitle')}</h2>
      <BarChart
        data={consumptionBars(series, t)}
        ariaLabel={t('readingRecord.chartTitle')}
        formatValue={(v) => v.toFixed(3)}
      />
      <ChartLegend />
      {series.swaps.length > 0 && (
        <ul className="wo-reading-swaps" aria-label={t('readingRecord.swaps')}>
          {series.swaps.map((s) => (
            <li key={s.id}>
              {SWAP_MARK} {t('readingRecord.swapLine', { ...s, time: formatDateTime(new Date(s.replacedTime)) })}
            </li>
          ))}
        </ul>
      )}
      <Tabs id="reading-record-tabs" renderActiveTabPanelOnly>
        <Tab id="days" title={t('readingRecord.daysTab')} panel={<DaysTable days={series.days} />} />
        <Tab id="reads" title={t('readingRecord.readsTab')} panel={<ReadsTable meterId={meterId} range={range} />} />
      </Tabs>
    </>
  );
}

export function ReadingRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const meterId = Number(params.get('meterId')) || null;
  // the meter last picked here; a meter that came by URL (the drawer's link) is named by its series instead
  const [picked, setPicked] = useState<SelectorItem | null>(null);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_DAYS));
  const problem = rangeProblem(range, DAYS_MAX_SPAN);
  // the same query as the history below (one request, from the cache): names a meter that came by URL
  const { data: series } = useMeterDaysQuery(meterId && !problem ? { meterId, ...range } : skipToken);

  const handleMeterChange = (item: SelectorItem | null) => {
    setPicked(item);
    setParams(item ? { meterId: String(item.id) } : {});
  };
  const chosen: SelectorItem | null = meterId
    ? { id: meterId, label: (picked?.id === meterId ? picked.label : series?.meterCode) ?? `#${meterId}` }
    : null;

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('readingRecord.title')}</h1>
      </div>
      <div className="wo-filters">
        <FormGroup label={t('meter.meter')} inline className="wo-reading-select">
          <MeterSelect value={chosen} onChange={handleMeterChange} />
        </FormGroup>
        <ReadingDayRange value={range} onChange={setRange} maxDays={DAYS_MAX_SPAN} />
      </div>
      <div className="wo-table-card wo-reading-card">
        {problem ? null : meterId === null ? (
          <>
            <h2 className="wo-card-title">{t('readingRecord.latestTitle')}</h2>
            <p className={Classes.TEXT_MUTED}>{t('readingRecord.latestHint')}</p>
            <ReadsTable
              key={`all:${range.from}:${range.to}`}
              meterId={null}
              range={range}
              onChooseMeter={handleMeterChange}
            />
          </>
        ) : (
          <MeterHistory key={`${meterId}:${range.from}:${range.to}`} meterId={meterId} range={range} />
        )}
      </div>
    </div>
  );
}
