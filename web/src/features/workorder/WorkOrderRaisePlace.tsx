// Where an order raised on the operations map stands, in the new-order form: the picked BD-09 position (stored as is)
// and the district it lies in.
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WorkOrderPlace } from './WorkOrderFormDialog.tsx';
import './workOrderRaise.css';

export function WorkOrderRaisePlace({ place }: { place: WorkOrderPlace }) {
  const { t } = useTranslation();
  return (
    <dl className="wo-raise-place" aria-label={t('workOrderRaise.here.position')}>
      <div>
        <dt className={Classes.TEXT_MUTED}>{t('workOrderRaise.here.position')}</dt>
        <dd>
          {place.lng.toFixed(6)}, {place.lat.toFixed(6)}
        </dd>
      </div>
      <div>
        <dt className={Classes.TEXT_MUTED}>{t('workOrder.field.districtName')}</dt>
        <dd>{place.districtName ?? t('workOrderRaise.here.noDistrict')}</dd>
      </div>
    </dl>
  );
}
