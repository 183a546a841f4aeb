// The residential-area drawer (?detail=area:<id>), where the meter, resident, concentrator and collector drawers'
// area links lead: the area's fields, its region, its position and how many meters and residents it holds.
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DetailField, show } from '../detail/DetailFields.tsx';
import type { DetailBodyProps } from '../detail/detailRegistry.tsx';
import { useAreaQuery, useAreaWaterQuery } from './placeApi.ts';

export function AreaDetail({ id }: DetailBodyProps) {
  const { t } = useTranslation();
  const { data: area, isFetching, isError } = useAreaQuery(id);
  const { data: water } = useAreaWaterQuery(area ? { id, areaName: area.areaName } : { id, areaName: '' }, {
    skip: !area,
  });
  if (isFetching && !area) return <Spinner size={28} />;
  if (isError || !area) return <NonIdealState icon="search" title={t('detail.notFound')} />;
  return (
    <>
      <h3 className="wo-detail-heading">{area.areaName}</h3>
      <dl className="wo-detail-fields">
        <DetailField label={t('place.areaName')}>{area.areaName}</DetailField>
        <DetailField label={t('place.region')}>{area.regionName}</DetailField>
        <DetailField label={t('place.address')}>{show(area.address)}</DetailField>
        <DetailField label={t('place.position')}>
          {area.lng !== null && area.lat !== null ? `${area.lng}, ${area.lat}` : t('place.notPlaced')}
        </DetailField>
        <DetailField label={t('place.meterCount')}>{show(water?.meterCount)}</DetailField>
        <DetailField label={t('place.residentCount')}>{show(water?.residentCount)}</DetailField>
        <DetailField label={t('place.remark')}>{show(area.remark)}</DetailField>
      </dl>
    </>
  );
}
