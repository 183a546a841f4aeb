// The meter drawer's status part: what the meter last reported (register, battery, signal as CSQ with its RSSI and
// RSRP with its coverage band, valve, when), its voltage and signal over the last 30 days as a chart, and a link to
// its reading records. The chart and the link show only to those who may read them.
import { Colors, Intent, Tag } from '@blueprintjs/core';
import type { Meter } from '@waterops/shared/device';
import { addDays, chinaDay, type RsrpBand, rsrpBand, rssiOfCsq, STATUS_CHART_DAYS } from '@waterops/shared/reading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ChartFrame } from '../../components/charts/chartGeometry.ts';
import { LineChart } from '../../components/charts/LineChart.tsx';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { DetailField as Field, show } from '../detail/DetailFields.tsx';
import { useVoltageHistoryQuery } from './readingRecordApi.ts';

const BAND_INTENT: Record<RsrpBand, Intent> = {
  excellent: Intent.SUCCESS,
  good: Intent.SUCCESS,
  fair: Intent.WARNING,
  poor: Intent.DANGER,
  veryPoor: Intent.DANGER,
};

/** Who may see the chart: the route's own permission and those it lets in. */
const CHART_PERMISSIONS = ['device:meter:view', 'device:status:view', 'reading:record:view'];
const RECORD_PERMISSIONS = ['reading:record:view'];
/** The drawer is about 480 px wide: a frame of that size keeps the chart's text at its real size. */
const DRAWER_FRAME: ChartFrame = { width: 480, height: 200, margin: { top: 12, right: 12, bottom: 24, left: 40 } };

function StatusChart({ meterId }: { meterId: number }) {
  const { t } = useTranslation();
  const to = chinaDay(new Date());
  const from = addDays(to, 1 - STATUS_CHART_DAYS);
  const { data } = useVoltageHistoryQuery({ meterId, from, to });
  const points = data?.points ?? [];
  const series = (key: 'voltage' | 'rsrp') => points.map((p) => ({ time: new Date(p.time), value: p[key] }));
  // CSQ as RSSI, so that both signal lines read in dBm against the right axis
  const rssi = points.map((p) => ({ time: new Date(p.time), value: p.csq === null ? null : -113 + 2 * p.csq }));
  return (
    <LineChart
      ariaLabel={t('readingRecord.status.chart')}
      frame={DRAWER_FRAME}
      from={new Date(`${from}T00:00:00+08:00`)}
      to={new Date()}
      formatTime={formatDateTime}
      series={[
        {
          key: 'voltage',
          label: t('readingRecord.status.voltageSeries'),
          color: Colors.BLUE3,
          points: series('voltage'),
          format: (v) => `${v.toFixed(2)} V`,
        },
        {
          key: 'rsrp',
          label: t('readingRecord.status.rsrpSeries'),
          color: Colors.ORANGE3,
          axis: 'right',
          points: series('rsrp'),
          format: (v) => `${v.toFixed(0)} dBm`,
        },
        {
          key: 'rssi',
          label: t('readingRecord.status.rssiSeries'),
          color: Colors.GREEN3,
          axis: 'right',
          points: rssi,
          format: (v) => `${v.toFixed(0)} dBm`,
        },
      ]}
    />
  );
}

export type MeterStatusSectionProps = {
  /** the meter, with its last reported status */
  meter: Meter;
};

export function MeterStatusSection({ meter }: MeterStatusSectionProps) {
  const { t } = useTranslation();
  const rssi = rssiOfCsq(meter.csq);
  const band = rsrpBand(meter.rsrp);
  const valve =
    meter.valveState === null || meter.valveState === undefined
      ? '—'
      : t(meter.valveState === 1 ? 'readingRecord.valveOpen' : 'readingRecord.valveClosed');
  return (
    <section className="wo-meter-status" aria-label={t('readingRecord.status.title')}>
      <h4 className="wo-detail-subheading">{t('readingRecord.status.title')}</h4>
      <dl className="wo-detail-fields">
        <Field label={t('readingRecord.status.lastReading')}>
          {meter.lastReading === null || meter.lastReading === undefined ? '—' : `${meter.lastReading.toFixed(3)} m³`}
        </Field>
        <Field label={t('readingRecord.status.lastReport')}>
          {meter.lastReportTime ? formatDateTime(new Date(meter.lastReportTime)) : '—'}
        </Field>
        <Field label={t('readingRecord.voltage')}>{show(meter.voltage)}</Field>
        <Field label={t('readingRecord.csq')}>
          {meter.csq === null || meter.csq === undefined ? '—' : `${meter.csq} (RSSI ${rssi ?? '—'} dBm)`}
        </Field>
        <Field label={t('readingRecord.rsrp')}>
          {band === null ? (
            '—'
          ) : (
            <>
              {meter.rsrp} dBm{' '}
              <Tag minimal intent={BAND_INTENT[band]}>
                {t(`readingRecord.status.band.${band}`)}
              </Tag>
            </>
          )}
        </Field>
        <Field label={t('readingRecord.valve')}>{valve}</Field>
      </dl>
      <Permission any={CHART_PERMISSIONS}>
        <h4 className="wo-detail-subheading">{t('readingRecord.status.chart')}</h4>
        <StatusChart meterId={meter.id} />
      </Permission>
      <Permission any={RECORD_PERMISSIONS}>
        <Link to={`/reading/record?meterId=${meter.id}`}>{t('readingRecord.status.records')}</Link>
      </Permission>
    </section>
  );
}
