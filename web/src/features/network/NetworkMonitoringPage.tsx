// The pipe-network monitoring page (spec §7 pipeNetWorkMonitoring): for the whole network or one district, cards
// (pipelines, total length, wells, valves open / closed), length by diameter class as bars, tables by material,
// diameter class and well type, and the metered pipes with their meters' state, latest read and flow.
import { Button, Card, Classes, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { NetworkMonitoring } from '@waterops/shared/network';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart.tsx';
import { formatDateTime } from '../../components/dateRange.ts';
import { useNetworkDistrictsQuery, useNetworkMonitoringQuery } from './networkApi.ts';
import './network.css';

const km = (m: number) => (m / 1000).toFixed(2);

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <Card className="wo-network-card" compact>
      <div>{label}</div>
      <div className="wo-network-figure">{value}</div>
    </Card>
  );
}

function Tables({ data }: { data: NetworkMonitoring }) {
  const { t } = useTranslation();
  const className = (c: string) => t(`network.monitoring.classes.${c}`);
  return (
    <div className="wo-network-grid">
      <Card compact>
        <h3>{t('network.monitoring.byDiameter')}</h3>
        {/* the bars plot the table's length column, not its count: the caption and the axis say so, in km */}
        <p className={`wo-network-chart-caption ${Classes.TEXT_MUTED}`}>{t('network.monitoring.byDiameterChart')}</p>
        <div className="wo-network-chart">
          <BarChart
            ariaLabel={t('network.monitoring.byDiameterChart')}
            data={data.byDiameter.map((d) => ({ label: className(d.diameterClass), value: d.lengthM / 1000 }))}
            formatValue={(v) => v.toFixed(2)}
            unit="km"
          />
        </div>
        <HTMLTable compact striped aria-label={t('network.monitoring.byDiameter')}>
          <thead>
            <tr>
              <th>{t('network.pipeline.diameterMm')}</th>
              <th>{t('network.monitoring.count')}</th>
              <th>{t('network.monitoring.lengthKm')}</th>
            </tr>
          </thead>
          <tbody>
            {data.byDiameter.map((d) => (
              <tr key={d.diameterClass}>
                <td>{className(d.diameterClass)}</td>
                <td>{d.count}</td>
                <td>{km(d.lengthM)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <Card compact>
        <h3>{t('network.monitoring.byMaterial')}</h3>
        <HTMLTable compact striped aria-label={t('network.monitoring.byMaterial')}>
          <thead>
            <tr>
              <th>{t('network.pipeline.material')}</th>
              <th>{t('network.monitoring.count')}</th>
              <th>{t('network.monitoring.lengthKm')}</th>
            </tr>
          </thead>
          <tbody>
            {data.byMaterial.map((m) => (
              <tr key={m.material ?? ''}>
                <td>{m.material ?? t('network.monitoring.noMaterial')}</td>
                <td>{m.count}</td>
                <td>{km(m.lengthM)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <h3>{t('network.monitoring.wellsByType')}</h3>
        <HTMLTable compact striped aria-label={t('network.monitoring.wellsByType')}>
          <thead>
            <tr>
              <th>{t('network.well.wellType')}</th>
              <th>{t('network.monitoring.count')}</th>
            </tr>
          </thead>
          <tbody>
            {data.wellsByType.map((w) => (
              <tr key={w.wellType}>
                <td>{t(`network.well.types.${w.wellType}`)}</td>
                <td>{w.count}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}

function MeteredPipes({ data }: { data: NetworkMonitoring }) {
  const { t } = useTranslation();
  return (
    <Card compact className="wo-network-metered">
      <h3>{t('network.monitoring.meteredPipes')}</h3>
      {data.meteredPipes.length === 0 ? (
        <p>{t('network.monitoring.noMeteredPipes')}</p>
      ) : (
        <HTMLTable compact striped aria-label={t('network.monitoring.meteredPipes')}>
          <thead>
            <tr>
              <th>{t('network.pipeline.pipeCode')}</th>
              <th>{t('network.monitoring.end')}</th>
              <th>{t('network.monitoring.meter')}</th>
              <th>{t('network.monitoring.state')}</th>
              <th>{t('network.monitoring.lastReadTime')}</th>
              <th>{t('network.monitoring.lastReading')}</th>
              <th>{t('network.monitoring.flow')}</th>
            </tr>
          </thead>
          <tbody>
            {data.meteredPipes.map((p) => (
              <tr key={`${p.pipelineId}-${p.end}`}>
                <td>{p.pipeCode}</td>
                <td>{t(`network.monitoring.ends.${p.end}`)}</td>
                <td>{p.meterCode}</td>
                <td>
                  <Tag minimal intent={p.online ? Intent.SUCCESS : Intent.NONE}>
                    {t(p.online ? 'network.monitoring.online' : 'network.monitoring.offline')}
                  </Tag>
                </td>
                <td>{p.lastReadTime ? formatDateTime(new Date(p.lastReadTime)) : '—'}</td>
                <td>{p.lastReading ?? '—'}</td>
                <td>{p.flowM3h === null ? '—' : p.flowM3h.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

export function NetworkMonitoringPage() {
  const { t } = useTranslation();
  const [districtId, setDistrictId] = useState('');
  const { data: districts = [] } = useNetworkDistrictsQuery();
  const { data, isFetching, isError, refetch } = useNetworkMonitoringQuery(
    districtId ? { districtId: Number(districtId) } : {},
  );
  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('network.monitoring.title')}</h1>
        <HTMLSelect
          aria-label={t('network.monitoring.district')}
          value={districtId}
          onChange={(e) => setDistrictId(e.currentTarget.value)}
          options={[
            { value: '', label: t('network.monitoring.wholeNetwork') },
            ...districts.map((d) => ({ value: String(d.id), label: d.districtName })),
          ]}
        />
      </div>
      {isError && !data ? (
        <NonIdealState
          icon="error"
          title={t('network.monitoring.loadFailed')}
          action={<Button onClick={() => refetch()}>{t('network.monitoring.retry')}</Button>}
        />
      ) : !data ? (
        <Spinner />
      ) : (
        <div style={{ opacity: isFetching ? 0.6 : 1 }}>
          <div className="wo-network-cards">
            <SummaryCard label={t('network.monitoring.pipelines')} value={String(data.pipelineCount)} />
            <SummaryCard
              label={t('network.monitoring.totalLength')}
              value={t('network.monitoring.km', { value: km(data.totalLengthM) })}
            />
            <SummaryCard label={t('network.monitoring.wells')} value={String(data.wellCount)} />
            <SummaryCard
              label={t('network.monitoring.valves')}
              value={t('network.monitoring.valvesOpenClosed', data.valves)}
            />
          </div>
          <Tables data={data} />
          <MeteredPipes data={data} />
        </div>
      )}
    </div>
  );
}
