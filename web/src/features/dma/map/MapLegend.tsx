// The legend: what the district colours mean under the chosen colouring, the meter statuses, and how cells, pipes
// and alarms read. Colours come from mapColours.ts, the same table the layers use.
import { NIGHT_FLOW_STATUSES } from '@waterops/shared/dma';
import { WorkOrderPriority } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import {
  type DistrictColouring,
  LOSS_BUCKETS,
  LOSS_COLOURS,
  METER_COLOURS,
  METER_STATUS_KEYS,
  NIGHT_FLOW_COLOURS,
  type Rgba,
} from './mapColours.ts';
import { DUE_SOON_RING, LATE_RING, PRIORITY_COLOURS } from './workOrderLayer.ts';

const rgb = (c: Rgba) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
const swatch = (c: Rgba) => ({ background: rgb(c) });

export function MapLegend({
  colouring,
  workOrders = false,
}: {
  colouring: DistrictColouring;
  /** the open work orders' layer shows: explain its colours and rings */
  workOrders?: boolean;
}) {
  const { t } = useTranslation();
  const districtRows =
    colouring === 'lossRate'
      ? LOSS_BUCKETS.map((b) => ({ key: b, colour: LOSS_COLOURS[b], label: t(`operationsMap.legend.loss.${b}`) }))
      : NIGHT_FLOW_STATUSES.map((s) => ({
          key: s,
          colour: NIGHT_FLOW_COLOURS[s],
          label: t(`operationsMap.legend.nightFlow.${s}`),
        }));
  return (
    <section className="wo-opsmap-legend" aria-label={t('operationsMap.legend.title')}>
      <h4>{t(`operationsMap.colouring.${colouring}`)}</h4>
      <ul>
        {districtRows.map((r) => (
          <li key={r.key}>
            <span className="wo-opsmap-swatch" style={swatch(r.colour)} />
            {r.label}
          </li>
        ))}
      </ul>
      <h4>{t('operationsMap.layers.meters')}</h4>
      <ul>
        {METER_STATUS_KEYS.map((k) => (
          <li key={k}>
            <span className="wo-opsmap-dot" style={swatch(METER_COLOURS[k])} />
            {t(`operationsMap.legend.meters.${k}`)}
          </li>
        ))}
      </ul>
      <p>{t('operationsMap.legend.cells')}</p>
      <p>{t('operationsMap.legend.pipes')}</p>
      <p>{t('operationsMap.legend.alarm')}</p>
      {workOrders && (
        <>
          <h4>{t('workOrderRaise.map.legend')}</h4>
          <ul>
            {WorkOrderPriority.values.map((p) => (
              <li key={p}>
                <span className="wo-opsmap-dot" style={swatch(PRIORITY_COLOURS[p])} />
                {t(`workOrder.priority.${p}`)}
              </li>
            ))}
            <li>
              <span className="wo-opsmap-dot wo-opsmap-ring" style={{ borderColor: rgb(LATE_RING) }} />
              {t('workOrderRaise.map.late')}
            </li>
            <li>
              <span className="wo-opsmap-dot wo-opsmap-ring" style={{ borderColor: rgb(DUE_SOON_RING) }} />
              {t('workOrderRaise.map.dueSoon')}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
