// The concentrator detail drawer (?detail=concentrator:<id>): its fields, how many collectors and meters hang on it,
// a link to its area, and its collectors, each a link to the collector's drawer.
import { HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import type { Concentrator } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { CommandHistory } from '../command/CommandHistory.tsx';
import { DeviceCommandButton } from '../command/DeviceCommandButton.tsx';
import { DetailField, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { OnlineTag } from './ConcentratorPage.tsx';
import { clockOffsetText } from './clockOffset.ts';
import { useCollectorsOfConcentratorQuery, useConcentratorQuery, useConcentratorTimeQuery } from './concentratorApi.ts';

function ConcentratorFields({ c }: { c: Concentrator }) {
  const { t } = useTranslation();
  return (
    <dl className="wo-detail-fields">
      <DetailField label={t('concentrator.code')}>{c.concentratorCode}</DetailField>
      <DetailField label={t('concentrator.name')}>{show(c.name)}</DetailField>
      <DetailField label={t('concentrator.area')}>
        {c.areaId !== null ? <DetailLink to={{ kind: 'area', id: c.areaId }} text={c.areaName ?? ''} /> : '—'}
      </DetailField>
      <DetailField label={t('concentrator.address')}>{show(c.address)}</DetailField>
      <DetailField label={t('concentrator.online')}>
        <OnlineTag online={c.online} />
      </DetailField>
      <DetailField label={t('concentrator.lastReport')}>
        {c.lastReportTime ? formatDateTime(new Date(c.lastReportTime)) : '—'}
      </DetailField>
      <DetailField label={t('concentrator.clock')}>
        <ConcentratorClock id={c.id} />
      </DetailField>
      <DetailField label={t('concentrator.collectorCount')}>{c.collectorCount}</DetailField>
      <DetailField label={t('concentrator.meterCount')}>{c.meterCount}</DetailField>
      <DetailField label={t('concentrator.ip')}>{show(c.ip)}</DetailField>
      <DetailField label={t('concentrator.port')}>{show(c.port)}</DetailField>
      <DetailField label={t('concentrator.reportRate')}>{show(c.reportRate)}</DetailField>
      <DetailField label={t('concentrator.simCard')}>{show(c.simCard)}</DetailField>
      <DetailField label={t('concentrator.manufacturer')}>{show(c.manufacturerName)}</DetailField>
      <DetailField label={t('concentrator.installDate')}>{show(c.installDate)}</DetailField>
      <DetailField label={t('concentrator.used')}>
        {t(c.used ? 'concentrator.usedYes' : 'concentrator.usedNo')}
      </DetailField>
      <DetailField label={t('concentrator.remark')}>{show(c.remark)}</DetailField>
    </dl>
  );
}

/** The concentrator's clock offset as last reported (drift puts its meters' read times off). */
function ConcentratorClock({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useConcentratorTimeQuery(id);
  return <>{data ? clockOffsetText(data.clockOffsetSeconds, t) : '—'}</>;
}

function ConcentratorCollectors({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, isFetching } = useCollectorsOfConcentratorQuery(id);
  const collectors = data?.data ?? [];
  if (isFetching && collectors.length === 0) return <Spinner size={20} />;
  if (collectors.length === 0) return <p className="wo-muted">{t('concentrator.noCollectors')}</p>;
  return (
    <HTMLTable compact striped className="wo-detail-table" aria-label={t('concentrator.collectors')}>
      <thead>
        <tr>
          <th>{t('collector.code')}</th>
          <th>{t('collector.linkKind')}</th>
          <th>{t('collector.online')}</th>
          <th>{t('collector.meterCount')}</th>
        </tr>
      </thead>
      <tbody>
        {collectors.map((k) => (
          <tr key={k.id}>
            <td>
              <DetailLink to={{ kind: 'collector', id: k.id }} text={k.collectorCode} />
            </td>
            <td>{t(k.linkKind === 2 ? 'collector.linkWireless' : 'collector.linkWired')}</td>
            <td>
              <OnlineTag online={k.online} />
            </td>
            <td>{k.meterCount}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function ConcentratorDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: c, isError, isLoading } = useConcentratorQuery(id);
  if (isLoading) return <Spinner size={28} />;
  if (isError || !c) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <div className="wo-concentrator-detail">
      <h3 className="wo-detail-heading">{c.concentratorCode}</h3>
      <ConcentratorFields c={c} />
      <h4 className="wo-detail-subheading">{t('concentrator.collectors')}</h4>
      <ConcentratorCollectors id={id} />
      <CommandHistory kind="concentrator" deviceId={id}>
        <DeviceCommandButton kind="concentrator" deviceId={id} code={c.concentratorCode} />
      </CommandHistory>
    </div>
  );
}
