// One district's balance for the month (dmaWaterStatistics), in a drawer over the table: the supplied volume split
// IWA-style (billed, unbilled authorised, apparent, real losses), the rates, the CJJ 92 corrections and assessed
// rate, UARL and ILI (with the "indicative only" note outside the formula's range), billed coverage, the daily
// supplied vs billed chart, and a link to the district's night flow.
import { Callout, Classes, Colors, Drawer, DrawerSize, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import type { DistrictWaterStatistics } from '@waterops/shared/dma';
import { dayStart } from '@waterops/shared/reading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LineChart } from '../../components/charts/LineChart.tsx';
import { GradeTag, RateText } from './BalanceTags.tsx';
import { type BalanceSegment, balanceSegments, figure, percent } from './balanceFormat.ts';
import { DistrictNightSparkline } from './DistrictNightSparkline.tsx';
import { useWaterStatisticsQuery } from './dmaApi.ts';

const SEGMENT_COLOR: Record<BalanceSegment['key'], string> = {
  billed: Colors.GREEN3,
  unbilled: Colors.BLUE4,
  apparent: Colors.ORANGE4,
  real: Colors.RED3,
  losses: Colors.RED4,
};

function BalanceBar({ stats }: { stats: DistrictWaterStatistics }) {
  const { t } = useTranslation();
  const segments = balanceSegments(stats.balance);
  const name = (key: BalanceSegment['key']) => t(`dma.balance.detail.${key}`);
  return (
    <section aria-label={t('dma.balance.detail.breakdown')}>
      <h3>{t('dma.balance.detail.breakdown')}</h3>
      <div>
        {t('dma.balance.detail.supplied')}: <strong>{figure(stats.balance.suppliedM3)} m³</strong>
      </div>
      {segments.length > 0 && (
        <>
          <div className="wo-dma-balance">
            {segments.map((s) => (
              <span
                key={s.key}
                title={`${name(s.key)} ${figure(s.m3)} m³`}
                style={{ width: `${Math.min(100, s.share * 100)}%`, background: SEGMENT_COLOR[s.key] }}
              />
            ))}
          </div>
          <div className="wo-dma-balance-legend">
            {segments.map((s) => (
              <span key={s.key}>
                <i style={{ background: SEGMENT_COLOR[s.key] }} />
                {name(s.key)} {figure(s.m3)} m³ ({percent(s.share)})
              </span>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function Figures({ stats }: { stats: DistrictWaterStatistics }) {
  const { t } = useTranslation();
  const b = stats.balance;
  const rows: [string, React.ReactNode][] = [
    ['dma.balance.nrwRate', <RateText key="n" rate={b.productionSalesDifferenceRate} />],
    ['dma.balance.comprehensiveRate', <RateText key="c" rate={b.comprehensiveLossRate} />],
    ['dma.balance.detail.r1', percent(b.corrections.r1)],
    ['dma.balance.detail.r2', percent(b.corrections.r2)],
    ['dma.balance.detail.r3', percent(b.corrections.r3)],
    ['dma.balance.detail.r4', percent(b.corrections.r4)],
    ['dma.balance.detail.total', percent(b.corrections.total)],
    ['dma.balance.assessedRate', <RateText key="a" rate={b.assessedLossRate} />],
    ['dma.balance.grade', <GradeTag key="g" grade={b.grade} />],
    ['dma.balance.detail.uarl', figure(b.uarlLitresPerDay, 0)],
    ['dma.balance.detail.annualReal', figure(b.annualRealLossesM3, 0)],
    ['dma.balance.detail.ili', figure(b.ili, 2)],
    ['dma.balance.perConnection', figure(b.nrwLitresPerConnectionPerDay)],
    ['dma.balance.detail.realPerConnection', figure(b.realLossesLitresPerConnectionPerDay)],
    ['dma.balance.detail.coverage', percent(stats.billedCoverage)],
  ];
  return (
    <section aria-label={t('dma.balance.detail.corrections')}>
      <h3>{t('dma.balance.detail.corrections')}</h3>
      <dl className="wo-dma-kv">
        {rows.map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <AssessmentNeeds stats={stats} />
      {b.iliIndicativeOnly && (
        <Callout intent={Intent.WARNING} compact style={{ marginTop: 8 }}>
          {t('dma.balance.detail.iliIndicative')}
        </Callout>
      )}
      <p className={Classes.TEXT_MUTED} style={{ marginTop: 8 }}>
        {t('dma.balance.detail.coverageHint')}
      </p>
    </section>
  );
}

/** What the CJJ 92 assessment still lacks, when it is empty only for want of the district's or utility's figures. */
function AssessmentNeeds({ stats }: { stats: DistrictWaterStatistics }) {
  const { t } = useTranslation();
  const { input, balance } = stats;
  if (balance.assessedLossRate !== null || balance.comprehensiveLossRate === null) return null;
  const needs = [
    ...(input.mainsLengthKm == null ? ['dma.balance.detail.assessedNeedsMains'] : []),
    ...(input.supplyPressureMpa == null || input.maxFrostDepthM == null
      ? ['dma.balance.detail.assessedNeedsConditions']
      : []),
  ];
  if (needs.length === 0) return null;
  return (
    <Callout compact style={{ marginTop: 8 }} title={t('dma.balance.detail.assessedNeeds')}>
      <ul className="wo-dma-needs">
        {needs.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </Callout>
  );
}

function DailyChart({ stats }: { stats: DistrictWaterStatistics }) {
  const { t } = useTranslation();
  const first = stats.days[0]?.day;
  const last = stats.days[stats.days.length - 1]?.day;
  if (!first || !last) return null;
  // volumes from zero: a hugging axis would make a 5 % gap between supplied and billed look like a chasm
  const highest = Math.max(0, ...stats.days.flatMap((d) => [d.suppliedM3 ?? 0, d.billedM3 ?? 0]));
  const points = (pick: (d: DistrictWaterStatistics['days'][number]) => number | null) =>
    stats.days.map((d) => ({ time: dayStart(d.day), value: pick(d) }));
  return (
    <section>
      <h3>{t('dma.balance.detail.daily')}</h3>
      <LineChart
        ariaLabel={t('dma.balance.detail.daily')}
        from={dayStart(first)}
        to={dayStart(last)}
        leftDomain={[0, highest * 1.05 || 1]}
        formatTime={(at) => stats.days.find((d) => dayStart(d.day).getTime() === at.getTime())?.day ?? ''}
        series={[
          {
            key: 'supplied',
            label: t('dma.balance.detail.dailySupplied'),
            color: Colors.BLUE3,
            points: points((d) => d.suppliedM3),
            format: (v) => `${figure(v)} m³`,
          },
          {
            key: 'billed',
            label: t('dma.balance.detail.dailyBilled'),
            color: Colors.GREEN3,
            points: points((d) => d.billedM3),
            format: (v) => `${figure(v)} m³`,
          },
        ]}
      />
    </section>
  );
}

export type WaterBalanceDetailProps = {
  districtId: number;
  districtName: string;
  month: string;
  onClose: () => void;
};

export function WaterBalanceDetail({ districtId, districtName, month, onClose }: WaterBalanceDetailProps) {
  const { t } = useTranslation();
  const { data, isFetching, isError } = useWaterStatisticsQuery({ districtId, month });
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      icon="layout-group-by"
      title={t('dma.balance.detail.title', { name: districtName, month })}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          {isFetching && !data ? (
            <Spinner size={32} aria-label={t('dma.balance.detail.loading')} />
          ) : isError || !data ? (
            <NonIdealState icon="error" title={t('request.unknown')} />
          ) : (
            <>
              <BalanceBar stats={data} />
              <Figures stats={data} />
              <DailyChart stats={data} />
              {/* the balance next to the district's nightline over the last 90 days */}
              <DistrictNightSparkline districtId={districtId} days={90} />
              <Link to={`/dma/nightFlow?districtId=${districtId}`}>{t('dma.balance.detail.nightFlowLink')}</Link>
            </>
          )}
        </div>
      </div>
    </Drawer>
  );
}
