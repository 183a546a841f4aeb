// The resident detail drawer (?detail=resident:<id>): the resident's fields, a link to its area, the meters bound now
// (each a link to the meter's drawer) and the binding history as events in time: bound, then relieved, taken off or
// cleared, with who did it.
import { Classes, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { Binding, Resident } from '@waterops/shared/customer';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { DetailField as Field, show } from '../detail/DetailFields.tsx';
import { DetailLink } from '../detail/DetailHost.tsx';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { READ_ORDERS, WorkOrderRaiseSourceOrders } from '../workorder/WorkOrderRaiseSourceOrders.tsx';
import { useResidentBindingsQuery, useResidentQuery } from './customerApi.ts';
import { ChargeTag, StatusTag } from './ResidentParts.tsx';

function ResidentFields({ resident: r }: { resident: Resident }) {
  const { t } = useTranslation();
  return (
    <dl className="wo-detail-fields">
      <Field label={t('resident.code')}>{r.residentCode}</Field>
      <Field label={t('resident.name')}>{r.residentName}</Field>
      <Field label={t('resident.status')}>
        <StatusTag status={r.status} />
      </Field>
      <Field label={t('resident.chargeFee')}>
        <ChargeTag chargeFee={r.chargeFee} />
      </Field>
      <Field label={t('resident.area')}>
        {r.areaId !== null ? <DetailLink to={{ kind: 'area', id: r.areaId }} text={r.areaName ?? ''} /> : '—'}
      </Field>
      <Field label={t('resident.region')}>{show(r.regionName)}</Field>
      <Field label={t('resident.address')}>{show(r.address)}</Field>
      <Field label={t('resident.phone')}>{show(r.phone)}</Field>
      <Field label={t('resident.category')}>{show(r.categoryName)}</Field>
      <Field label={t('resident.idCard')}>{show(r.idCard)}</Field>
      <Field label={t('resident.bankCard')}>{show(r.bankCard)}</Field>
      <Field label={t('resident.taxNumber')}>{show(r.taxNumber)}</Field>
      <Field label={t('resident.invoiceName')}>{show(r.invoiceName)}</Field>
      <Field label={t('resident.floor')}>{show(r.floor)}</Field>
      <Field label={t('resident.residentsCount')}>{show(r.residentsCount)}</Field>
      <Field label={t('resident.originalAccountNo')}>{show(r.originalAccountNo)}</Field>
      <Field label={t('resident.openDate')}>{show(r.openDate)}</Field>
      <Field label={t('resident.appAccount')}>{show(r.appUsername)}</Field>
      <Field label={t('resident.remark')}>{show(r.remark)}</Field>
    </dl>
  );
}

type BindingEvent = {
  key: string;
  at: string;
  kind: 'bound' | NonNullable<Binding['unbindKind']>;
  by: string | null;
  b: Binding;
};

/** The history as events: each binding's start and, once ended, its end; oldest first. */
export const bindingEvents = (bindings: readonly Binding[]): BindingEvent[] =>
  bindings
    .flatMap((b): BindingEvent[] => [
      { key: `${b.id}-bound`, at: b.boundAt, kind: 'bound', by: b.boundBy, b },
      ...(b.unboundAt
        ? [{ key: `${b.id}-end`, at: b.unboundAt, kind: b.unbindKind ?? 'relieve', by: b.unboundBy, b } as BindingEvent]
        : []),
    ])
    .sort((x, y) => x.at.localeCompare(y.at) || x.key.localeCompare(y.key));

function BindingHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: bindings = [], isFetching } = useResidentBindingsQuery(id);
  if (isFetching && bindings.length === 0) return <Spinner size={20} />;
  if (bindings.length === 0) return <p className={Classes.TEXT_MUTED}>{t('resident.noHistory')}</p>;
  return (
    <HTMLTable compact striped className="wo-detail-table" aria-label={t('resident.history')}>
      <thead>
        <tr>
          <th>{t('resident.eventTime')}</th>
          <th>{t('resident.meterCode')}</th>
          <th>{t('resident.event')}</th>
          <th>{t('resident.by')}</th>
        </tr>
      </thead>
      <tbody>
        {bindingEvents(bindings).map((e) => (
          <tr key={e.key}>
            <td>{formatDateTime(new Date(e.at))}</td>
            <td>
              <DetailLink to={{ kind: 'meter', id: e.b.meterId }} text={e.b.meterCode} />
            </td>
            <td>
              <Tag minimal intent={e.kind === 'bound' ? 'primary' : 'none'}>
                {t(`resident.event_${e.kind}`)}
              </Tag>
            </td>
            <td>{show(e.by)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function ResidentDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: resident, isError, isLoading } = useResidentQuery(id);
  if (isLoading) return <Spinner size={28} />;
  if (isError || !resident) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <div className="wo-resident-detail">
      <h3 className="wo-detail-heading">
        {resident.residentCode} {resident.residentName}
      </h3>
      <ResidentFields resident={resident} />
      <h4 className="wo-detail-subheading">{t('resident.boundMeters')}</h4>
      {resident.meterCodes.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('resident.noMeters')}</p>
      ) : (
        <BoundMeters id={id} />
      )}
      <h4 className="wo-detail-subheading">{t('resident.history')}</h4>
      <BindingHistory id={id} />
      <Permission any={READ_ORDERS}>
        <h4 className="wo-detail-subheading">{t('workOrderRaise.orders.title')}</h4>
        <WorkOrderRaiseSourceOrders source={{ residentId: id }} />
      </Permission>
    </div>
  );
}

function BoundMeters({ id }: { id: number }) {
  const { data: bindings = [] } = useResidentBindingsQuery(id);
  return (
    <div className="wo-detail-links">
      {bindings
        .filter((b) => b.unboundAt === null)
        .map((b) => (
          <DetailLink key={b.id} to={{ kind: 'meter', id: b.meterId }} text={b.meterCode} />
        ))}
    </div>
  );
}
