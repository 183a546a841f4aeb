// The side panel of what was clicked: a district (its balance and night-flow figures and links to its pages), a
// meter, a cell of meters, a pipe, a well or a valve.
import { Button, Card, Classes, H5, HTMLTable } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Permission } from '../../../components/Permission.tsx';
import { workOrderPath } from '../../notice/workOrderLink.ts';
import { DistrictNightSparkline } from '../DistrictNightSparkline.tsx';
import { pathLengthM } from './geometry.ts';
import { meterStatusKey } from './mapColours.ts';
import type { Picked } from './mapLayers.ts';

export type MeterLookup = (index: number) => { code: string; status: number } | null;

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <HTMLTable compact className="wo-opsmap-detail-table">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export function MapDetailPanel({
  picked,
  meter,
  onClose,
  onRaiseHere,
}: {
  picked: Picked;
  meter: MeterLookup;
  onClose: () => void;
  /** raise a work order at the clicked place (a district or an empty point); absent: the user may not */
  onRaiseHere?: () => void;
}) {
  const { t } = useTranslation();
  const none = t('operationsMap.detail.noData');
  let title: string;
  let body: ReactNode;
  switch (picked.kind) {
    case 'district': {
      const d = picked.district;
      title = d.districtName;
      body = (
        <>
          <Rows
            rows={[
              [t('operationsMap.detail.kind'), t(`operationsMap.detail.kinds.${d.kind === 2 ? '2' : '1'}`)],
              [t('operationsMap.detail.lossRate'), d.lossRate === null ? none : percent(d.lossRate)],
              [t('operationsMap.detail.month'), d.month],
              [
                t('operationsMap.detail.nightline'),
                d.nightline === null
                  ? none
                  : t('operationsMap.detail.nightlineValue', { value: d.nightline.toFixed(2) }),
              ],
              [t('operationsMap.detail.nightFlowStatus'), t(`operationsMap.legend.nightFlow.${d.nightFlowStatus}`)],
              [t('operationsMap.detail.openLeakEvents'), d.openLeakEvents],
              [t('operationsMap.detail.inletCount'), d.inletCount],
              [t('operationsMap.detail.memberMeterCount'), d.memberMeterCount],
            ]}
          />
          <Permission any={[PERMISSIONS.dmaAnalysisView]}>
            <DistrictNightSparkline districtId={d.id} days={30} />
          </Permission>
          <div className="wo-opsmap-links">
            <Link to={`/dma/nightFlow?districtId=${d.id}`}>{t('operationsMap.detail.openNightFlow')}</Link>
            <Link to={`/dma/waterBalance?districtId=${d.id}&month=${d.month}`}>
              {t('operationsMap.detail.openWaterBalance')}
            </Link>
            <Link to="/dma/district">{t('operationsMap.detail.openDistrict')}</Link>
          </div>
        </>
      );
      break;
    }
    case 'meter': {
      const m = meter(picked.index);
      title = t('operationsMap.detail.meter');
      body = m && (
        <>
          <Rows
            rows={[
              [t('operationsMap.detail.meterCode'), m.code],
              [t('operationsMap.detail.meterStatus'), t(`operationsMap.legend.meters.${meterStatusKey(m.status)}`)],
            ]}
          />
          <div className="wo-opsmap-links">
            <Link to={`/device/meter?meterCode=${encodeURIComponent(m.code)}`}>
              {t('operationsMap.detail.openMeter')}
            </Link>
          </div>
        </>
      );
      break;
    }
    case 'cell':
      title = t('operationsMap.detail.cell');
      body = <p>{t('operationsMap.detail.cellCount', { count: picked.count })}</p>;
      break;
    case 'pipe': {
      const p = picked.pipe;
      title = t('operationsMap.detail.pipe');
      body = (
        <Rows
          rows={[
            [t('operationsMap.detail.pipeCode'), p.code],
            [
              t('operationsMap.detail.diameter'),
              p.diameterMm === null ? none : t('operationsMap.detail.diameterValue', { value: p.diameterMm }),
            ],
            [t('operationsMap.detail.material'), p.material ?? none],
            [
              t('operationsMap.detail.length'),
              t('operationsMap.detail.lengthValue', { value: Math.round(pathLengthM(p.path)) }),
            ],
          ]}
        />
      );
      break;
    }
    case 'workorder': {
      const o = picked.order;
      title = o.code;
      body = (
        <>
          <Rows
            rows={[
              [t('workOrder.field.title'), o.title],
              [t('workOrder.field.priority'), t(`workOrder.priority.${o.priority}`)],
              [t('workOrderRaise.map.deadline'), t(`workOrder.deadline.${o.deadline}`)],
            ]}
          />
          <div className="wo-opsmap-links">
            <Link to={workOrderPath(o.code)}>{t('workOrderRaise.openOrder', { code: o.code })}</Link>
          </div>
        </>
      );
      break;
    }
    case 'point':
      title = t('workOrderRaise.map.point');
      body = (
        <Rows
          rows={[
            [
              t('workOrder.field.districtName'),
              picked.district ? picked.district.districtName : t('workOrderRaise.here.noDistrict'),
            ],
          ]}
        />
      );
      break;
    case 'asset': {
      const a = picked.point;
      title = t(`operationsMap.detail.${a.kind}`);
      body = (
        <Rows
          rows={[
            [t('operationsMap.detail.code'), a.code],
            ...(a.kind === 'valve'
              ? ([
                  [
                    t('operationsMap.detail.valveState'),
                    t(a.state === 1 ? 'operationsMap.detail.valveOpen' : 'operationsMap.detail.valveClosed'),
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      );
      break;
    }
  }
  return (
    <Card className="wo-opsmap-detail" elevation={2} aria-label={title}>
      <div className="wo-opsmap-detail-head">
        <H5 className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{title}</H5>
        <Button variant="minimal" icon="cross" aria-label={t('operationsMap.detail.close')} onClick={onClose} />
      </div>
      {body}
      {onRaiseHere && (picked.kind === 'district' || picked.kind === 'point') && (
        <Permission any={[PERMISSIONS.workOrderCreate]}>
          <Button icon="clipboard" size="small" className="wo-opsmap-raise" onClick={onRaiseHere}>
            {t('workOrderRaise.here.action')}
          </Button>
        </Permission>
      )}
    </Card>
  );
}
