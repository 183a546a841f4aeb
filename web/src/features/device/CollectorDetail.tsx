// The collector detail drawer (?detail=collector:<id>): its fields, links to its concentrator and area, and the
// body codes of the meters it reads (setDeviceArchives).
import { NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { Collector } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { CommandHistory } from '../command/CommandHistory.tsx';
import { DeviceCommandButton } from '../command/DeviceCommandButton.tsx';
import { DetailField, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { OnlineTag } from './ConcentratorPage.tsx';
import { useCollectorArchivesQuery, useCollectorQuery } from './collectorApi.ts';

function CollectorFields({ c }: { c: Collector }) {
  const { t } = useTranslation();
  return (
    <dl className="wo-detail-fields">
      <DetailField label={t('collector.code')}>{c.collectorCode}</DetailField>
      <DetailField label={t('collector.linkKind')}>
        {t(c.linkKind === 2 ? 'collector.linkWireless' : 'collector.linkWired')}
      </DetailField>
      <DetailField label={t('collector.concentrator')}>
        {c.concentratorId !== null ? (
          <DetailLink to={{ kind: 'concentrator', id: c.concentratorId }} text={c.concentratorCode ?? ''} />
        ) : (
          '—'
        )}
      </DetailField>
      <DetailField label={t('collector.area')}>
        {c.areaId !== null ? <DetailLink to={{ kind: 'area', id: c.areaId }} text={c.areaName ?? ''} /> : '—'}
      </DetailField>
      <DetailField label={t('collector.address')}>{show(c.address)}</DetailField>
      <DetailField label={t('collector.online')}>
        <OnlineTag online={c.online} />
      </DetailField>
      <DetailField label={t('collector.lastReport')}>
        {c.lastReportTime ? formatDateTime(new Date(c.lastReportTime)) : '—'}
      </DetailField>
      <DetailField label={t('collector.meterCount')}>{c.meterCount}</DetailField>
      <DetailField label={t('collector.ip')}>{show(c.ip)}</DetailField>
      <DetailField label={t('collector.port')}>{show(c.port)}</DetailField>
      <DetailField label={t('collector.uploadFrequency')}>{show(c.uploadFrequency)}</DetailField>
      <DetailField label={t('collector.channel')}>{show(c.channel)}</DetailField>
      <DetailField label={t('collector.installDate')}>{show(c.installDate)}</DetailField>
      <DetailField label={t('collector.remark')}>{show(c.remark)}</DetailField>
    </dl>
  );
}

function CollectorMeters({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data, isFetching } = useCollectorArchivesQuery(id);
  const codes = data?.meterCodes ?? [];
  if (isFetching && codes.length === 0) return <Spinner size={20} />;
  if (codes.length === 0) return <p className="wo-muted">{t('collector.noMeters')}</p>;
  return (
    <ul className="wo-detail-tags" aria-label={t('collector.meters')}>
      {codes.map((code) => (
        <li key={code}>
          <Tag minimal>{code}</Tag>
        </li>
      ))}
    </ul>
  );
}

export function CollectorDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: c, isError, isLoading } = useCollectorQuery(id);
  if (isLoading) return <Spinner size={28} />;
  if (isError || !c) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <div className="wo-collector-detail">
      <h3 className="wo-detail-heading">{c.collectorCode}</h3>
      <CollectorFields c={c} />
      <h4 className="wo-detail-subheading">{t('collector.meters')}</h4>
      <CollectorMeters id={id} />
      <CommandHistory kind="collector" deviceId={id}>
        <DeviceCommandButton kind="collector" deviceId={id} code={c.collectorCode} />
      </CommandHistory>
    </div>
  );
}
