// The meter detail drawer (?detail=meter:<id>): the meter's fields, links to its collector, concentrator, area and
// the resident it is bound to now, and its binding history (read-only here; binding happens on the resident page).
import { HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { Meter } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { CommandHistory } from '../command/CommandHistory.tsx';
import { DetailField as Field, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { MeterStatusSection } from '../reading/MeterStatusSection.tsx';
import { MeterReplacements } from '../reading/ReplaceMeterDialog.tsx';
import { READ_ORDERS, WorkOrderRaiseSourceOrders } from '../workorder/WorkOrderRaiseSourceOrders.tsx';
import { useMeterBindingsQuery, useMeterQuery } from './meterApi.ts';

function MeterFields({ meter }: { meter: Meter }) {
  const { t } = useTranslation();
  const yesNo = (v: boolean) => t(v ? 'meter.yes' : 'meter.no');
  return (
    <dl className="wo-detail-fields">
      <Field label={t('meter.meterCode')}>{meter.meterCode}</Field>
      <Field label={t('meter.field.meterKind')}>{t(`meter.kind.${meter.meterKind}`)}</Field>
      <Field label={t('meter.remoteCode')}>{show(meter.remoteCode)}</Field>
      <Field label={t('meter.resident')}>
        {meter.residentId !== null ? (
          <DetailLink
            to={{ kind: 'resident', id: meter.residentId }}
            text={`${meter.residentCode ?? ''} ${meter.residentName ?? ''}`.trim()}
          />
        ) : (
          <Tag minimal>{t('meter.unbound')}</Tag>
        )}
      </Field>
      <Field label={t('meter.collector')}>
        {meter.collectorId !== null ? (
          <DetailLink to={{ kind: 'collector', id: meter.collectorId }} text={meter.collectorCode ?? ''} />
        ) : (
          '—'
        )}
      </Field>
      <Field label={t('meter.concentrator')}>
        {meter.concentratorId !== null ? (
          <DetailLink to={{ kind: 'concentrator', id: meter.concentratorId }} text={meter.concentratorCode ?? ''} />
        ) : (
          '—'
        )}
      </Field>
      <Field label={t('meter.area')}>
        {meter.areaId !== null ? (
          <DetailLink to={{ kind: 'area', id: meter.areaId }} text={meter.areaName ?? ''} />
        ) : (
          '—'
        )}
      </Field>
      <Field label={t('meter.address')}>{show(meter.address)}</Field>
      <Field label={t('meter.online')}>
        <Tag intent={meter.online ? 'success' : 'none'} minimal>
          {t(meter.online ? 'meter.onlineState' : 'meter.offlineState')}
        </Tag>
      </Field>
      <Field label={t('meter.manufacturer')}>{show(meter.manufacturerName)}</Field>
      <Field label={t('meter.model')}>{show(meter.meterModelName)}</Field>
      <Field label={t('meter.caliber')}>{show(meter.caliber)}</Field>
      <Field label={t('meter.valveControl')}>{yesNo(meter.valveControl)}</Field>
      <Field label={t('meter.maxReading')}>{show(meter.maxReading)}</Field>
      <Field label={t('meter.baseReading')}>{show(meter.baseReading)}</Field>
      <Field label={t('meter.precision')}>{show(meter.precision)}</Field>
      <Field label={t('meter.steelSeal')}>{show(meter.steelSeal)}</Field>
      <Field label={t('meter.leadSealNo')}>{show(meter.leadSealNo)}</Field>
      <Field label={t('meter.parentMeter')}>
        {meter.parentMeterId !== null ? (
          <DetailLink to={{ kind: 'meter', id: meter.parentMeterId }} text={meter.parentMeterCode ?? ''} />
        ) : (
          '—'
        )}
      </Field>
      <Field label={t('meter.installDate')}>{show(meter.installDate)}</Field>
      <Field label={t('meter.operationYears')}>{show(meter.operationYears)}</Field>
      <Field label={t('meter.position')}>
        {meter.lng !== null && meter.lat !== null ? `${meter.lng}, ${meter.lat}` : '—'}
      </Field>
      <Field label={t('meter.remark')}>{show(meter.remark)}</Field>
    </dl>
  );
}

function MeterBindings({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: bindings = [], isFetching } = useMeterBindingsQuery(id);
  if (isFetching && bindings.length === 0) return <Spinner size={20} />;
  if (bindings.length === 0) return <p className="wo-muted">{t('meter.noBindings')}</p>;
  return (
    <HTMLTable compact striped className="wo-detail-table" aria-label={t('meter.bindings')}>
      <thead>
        <tr>
          <th>{t('meter.resident')}</th>
          <th>{t('meter.boundAt')}</th>
          <th>{t('meter.unboundAt')}</th>
        </tr>
      </thead>
      <tbody>
        {bindings.map((b) => (
          <tr key={b.id}>
            <td>
              <DetailLink to={{ kind: 'resident', id: b.residentId }} text={`${b.residentCode} ${b.residentName}`} />
            </td>
            <td>{formatDateTime(new Date(b.boundAt))}</td>
            <td>
              {b.unboundAt ? (
                `${formatDateTime(new Date(b.unboundAt))} (${t(`meter.unbind.${b.unbindKind ?? 'relieve'}`)})`
              ) : (
                <Tag intent="primary" minimal>
                  {t('meter.bound')}
                </Tag>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function MeterDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: meter, isError, isLoading } = useMeterQuery(id);
  if (isLoading) return <Spinner size={28} />;
  if (isError || !meter) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <div className="wo-meter-detail">
      <h3 className="wo-detail-heading">{meter.meterCode}</h3>
      <MeterFields meter={meter} />
      <MeterStatusSection meter={meter} />
      <h4 className="wo-detail-subheading">{t('meter.bindings')}</h4>
      <MeterBindings id={id} />
      <CommandHistory kind="meter" deviceId={id} />
      <MeterReplacements meter={meter} />
      <Permission any={READ_ORDERS}>
        <h4 className="wo-detail-subheading">{t('workOrderRaise.orders.title')}</h4>
        <WorkOrderRaiseSourceOrders source={{ meterId: id }} />
      </Permission>
    </div>
  );
}
