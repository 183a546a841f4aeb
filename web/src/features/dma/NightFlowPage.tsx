// 夜间流量分析 (issue 7, dma/nightFlow*): a district (also from ?districtId=) and a range of China days (90 to today
// by default, at most 366); the nightline trend with its leak events, the day flow curves of chosen days (by
// default the latest, the day before the newest event's start and its detected day), the events table with a link
// to the alarm console, and for editors the inlet-flow import and a re-analysis. A documented exception to "pages
// are descriptors": an analysis with charts, not a list of records to edit.
import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import type { LeakEvent, NightFlowSeries } from '@waterops/shared/dma';
import { addDays, chinaDay, daysBetween } from '@waterops/shared/reading';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { usePermission } from '../../components/Permission.tsx';
import { AlarmLevelTag } from '../monitoring/AlarmTable.tsx';
import { DayInput } from '../reading/DayInput.tsx';
import { ReadingDayRange } from '../reading/ReadingDayRange.tsx';
import { WorkOrderRaiseLeakCell } from '../workorder/WorkOrderRaiseLeak.tsx';
import { figure } from './balanceFormat.ts';
import {
  useDistrictChoicesQuery,
  useNightFlowAnalyseMutation,
  useNightFlowCurvesQuery,
  useNightFlowQuery,
} from './dmaApi.ts';
import { InletFlowImportDialog } from './InletFlowImportDialog.tsx';
import { NightBaselineCard } from './NightBaselineCard.tsx';
import { NightFlowChart } from './NightFlowChart.tsx';
import { NightlineTrendChart } from './NightlineTrendChart.tsx';
import { defaultCurveDays } from './nightFlowGeometry.ts';
import './dma.css';

const EDIT = ['dma:analysis:edit'];
/** The page opens on the last 90 days. */
export const DEFAULT_RANGE_DAYS = 90;
/** The server answers at most 366 days and 14 curves. */
export const MAX_RANGE_DAYS = 366;
export const MAX_CURVE_DAYS = 14;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type DayRange = { from: string; to: string };

export const defaultRange = (now: Date = new Date()): DayRange => {
  const to = chinaDay(now);
  return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
};

/** Whether a range can be asked for: two days, in order, at most 366 of them. */
export const rangeValid = ({ from, to }: DayRange): boolean =>
  DAY.test(from) && DAY.test(to) && from <= to && daysBetween(from, to).length <= MAX_RANGE_DAYS;

const LEVELS = new Set(['urgent', 'severe', 'alarm', 'general']);
const STATUS_INTENT: Record<LeakEvent['status'], Intent> = {
  open: Intent.DANGER,
  repaired: Intent.SUCCESS,
  notConfirmed: Intent.NONE,
};

function EventsTable({ events }: { events: readonly LeakEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className={Classes.TEXT_MUTED}>{t('dma.night.noEvents')}</p>;
  return (
    <HTMLTable compact striped className="wo-dma-table" aria-label={t('dma.night.events')}>
      <thead>
        <tr>
          <th>{t('dma.night.kind')}</th>
          <th>{t('dma.night.startDay')}</th>
          <th title={t('dma.night.detectedDayHint')}>{t('dma.night.detectedDay')}</th>
          <th title={t('dma.night.firstDetectedAtHint')}>{t('dma.night.firstDetectedAt')}</th>
          <th className="wo-num">{t('dma.night.magnitude')}</th>
          <th className="wo-num">{t('dma.night.volume')}</th>
          <th>{t('dma.night.level')}</th>
          <th>{t('dma.night.status')}</th>
          <th>{t('dma.night.alarm')}</th>
          <th>{t('workOrderRaise.orders.column')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.id}>
            <td>{t(`dma.night.kinds.${e.kind}`)}</td>
            <td>{e.startDay}</td>
            <td>{e.detectedDay}</td>
            <td>{formatDateTime(new Date(e.firstDetectedAt)).slice(0, 16)}</td>
            <td className="wo-num">{figure(e.magnitude, 2)}</td>
            <td className="wo-num">{figure(e.volume, 1)}</td>
            <td>
              {LEVELS.has(e.level) ? (
                <AlarmLevelTag level={e.level as 'urgent' | 'severe' | 'alarm' | 'general'} />
              ) : (
                e.level
              )}
            </td>
            <td>
              <Tag minimal intent={STATUS_INTENT[e.status]}>
                {t(`dma.night.statuses.${e.status}`)}
                {e.repairedDay ? ` ${e.repairedDay}` : ''}
              </Tag>
            </td>
            <td>{e.alarmId !== null ? <Link to="/monitoring/alarms">{t('dma.night.toAlarm')}</Link> : '—'}</td>
            <td>
              <WorkOrderRaiseLeakCell event={e} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function CurvesCard({ series, range }: { series: NightFlowSeries; range: DayRange }) {
  const { t } = useTranslation();
  const initial = useMemo(() => defaultCurveDays(series), [series]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const days = picked ?? initial;
  const { data, isFetching } = useNightFlowCurvesQuery(
    { districtId: series.districtId, days: days.join(',') },
    { skip: days.length === 0 },
  );
  const shown = data?.curves ?? [];
  const add = (day: string) => {
    if (!DAY.test(day) || days.includes(day) || days.length >= MAX_CURVE_DAYS) return;
    setPicked([...days, day].sort());
  };
  return (
    <section className="wo-table-card" aria-label={t('dma.night.curves')}>
      <h2>{t('dma.night.curves')}</h2>
      <div className="wo-night-days">
        <span>{t('dma.night.curveDays')}:</span>
        {days.map((d) => (
          <Tag key={d} minimal onRemove={() => setPicked(days.filter((x) => x !== d))}>
            {d}
          </Tag>
        ))}
        {/* an adder: it stays empty, a day chosen (or typed in full) becomes a tag */}
        <DayInput
          value=""
          onChange={(day) => day && add(day)}
          minDay={range.from}
          maxDay={range.to}
          disabled={days.length >= MAX_CURVE_DAYS}
          placeholder={t('dma.night.addDay')}
          ariaLabel={t('dma.night.addDay')}
          className="wo-night-day-adder"
          small
        />
      </div>
      {days.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('dma.night.noCurve')}</p>
      ) : isFetching && !data ? (
        <Spinner size={24} />
      ) : shown.some((c) => c.points.length > 0) ? (
        <NightFlowChart curves={shown} />
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('dma.night.noCurve')}</p>
      )}
    </section>
  );
}

function NightFlowView({ districtId, range, editor }: { districtId: number; range: DayRange; editor: boolean }) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useNightFlowQuery({ districtId, ...range });
  if (isFetching && !data) return <Spinner size={32} />;
  if (isError || !data) return <NonIdealState icon="error" title={t('dma.night.loadFailed')} />;
  const hasData = data.days.some((d) => d.nightline !== null);
  if (!hasData && data.events.length === 0)
    return <NonIdealState icon="moon" title={t('dma.night.noData')} description={t('dma.night.noDataHint')} />;
  return (
    <>
      <NightBaselineCard series={data} editor={editor} />
      <section className="wo-table-card" aria-label={t('dma.night.trend')}>
        <h2>
          {t('dma.night.trend')}
          {data.intervalMinutes !== null && (
            <small className={Classes.TEXT_MUTED}>
              {' '}
              · {t('dma.night.interval', { minutes: data.intervalMinutes })}
            </small>
          )}
        </h2>
        <NightlineTrendChart series={data} from={range.from} to={range.to} />
      </section>
      {/* a new district or range opens on its own default days */}
      <CurvesCard key={`${districtId}:${range.from}:${range.to}`} series={data} range={range} />
      <section className="wo-table-card" aria-label={t('dma.night.events')}>
        <h2>{t('dma.night.events')}</h2>
        <div className="wo-dma-scroll">
          <EventsTable events={data.events} />
        </div>
      </section>
    </>
  );
}

export function NightFlowPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const ids = { district: useId() };
  const [params, setParams] = useSearchParams();
  const districtId = Number(params.get('districtId')) || null;
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [importing, setImporting] = useState(false);
  const { data: districts = [] } = useDistrictChoicesQuery();
  const [analyse, { isLoading: analysing }] = useNightFlowAnalyseMutation();
  const district = districts.find((d) => d.id === districtId);
  const valid = rangeValid(range);
  const editor = can(EDIT);

  const handleAnalyse = async () => {
    if (!districtId) return;
    try {
      const run = await analyse({ districtId, ...range }).unwrap();
      showMessage(t('dma.night.analysed', { days: run.days, events: run.eventsOpened }), 'success');
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('dma.night.title')}</h1>
      </div>
      <div className="wo-filters wo-dma-toolbar">
        <FormGroup label={t('dma.night.district')} labelFor={ids.district} inline>
          <HTMLSelect
            id={ids.district}
            value={districtId ? String(districtId) : ''}
            onChange={(e) => setParams(e.currentTarget.value ? { districtId: e.currentTarget.value } : {})}
            options={[
              { value: '', label: t('dma.night.chooseDistrict') },
              ...districts.map((d) => ({ value: String(d.id), label: d.districtName })),
            ]}
          />
        </FormGroup>
        {/* the reading pages' day-range picker: year-month-day, the spec's shortcuts, nothing after today */}
        <ReadingDayRange value={range} onChange={setRange} maxDays={MAX_RANGE_DAYS} />
        {editor && districtId && (
          <>
            <Button icon="import" text={t('dma.night.import')} onClick={() => setImporting(true)} />
            <Button
              icon="refresh"
              text={t('dma.night.analyse')}
              loading={analysing}
              disabled={!valid}
              onClick={() => void handleAnalyse()}
            />
          </>
        )}
      </div>
      {!valid && (
        <p className={Classes.INTENT_DANGER} role="alert">
          {t('dma.night.rangeError')}
        </p>
      )}
      {!districtId ? (
        <NonIdealState icon="moon" title={t('dma.night.noDistrict')} description={t('dma.night.noDistrictHint')} />
      ) : valid ? (
        <NightFlowView districtId={districtId} range={range} editor={editor} />
      ) : null}
      {importing && districtId && (
        <InletFlowImportDialog
          districtId={districtId}
          districtName={district?.districtName ?? String(districtId)}
          onClose={() => setImporting(false)}
        />
      )}
    </div>
  );
}
