// Moving several residential areas to another region at once (spec §7 data/area batchEdit): the area page's batch
// action opens it with the selected rows; the server moves all or none, within the user's data scope.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { type Area, PLACE_PATHS, type Region } from '@waterops/shared/place';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../api/baseApi.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { useResourceMutationMutation } from '../../resources/resourceApi.ts';
import { AREA_RESOURCE, REGION_RESOURCE } from './placeApi.ts';

export type MoveAreasDialogProps = {
  /** the selected areas */
  areas: readonly Area[];
  /** the regions to choose from */
  regions: readonly Region[];
  onClose: () => void;
};

export function MoveAreasDialog({ areas, regions, onClose }: MoveAreasDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [regionId, setRegionId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [move, { isLoading }] = useResourceMutationMutation();

  const handleSubmit = async () => {
    if (!regionId) {
      setError(t('rules.areaRegion.required'));
      return;
    }
    try {
      await move({
        resource: AREA_RESOURCE,
        config: { url: PLACE_PATHS.areaBatchEdit, params: { ids: areas.map((a) => a.id).join(','), regionId } },
      }).unwrap();
      // the regions' area counts changed too
      dispatch(baseApi.util.invalidateTags([{ type: 'Resource', id: REGION_RESOURCE }]));
      onClose();
    } catch {
      // the request layer has shown the server's message
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('areaMove.title', { count: areas.length })} style={{ width: 420 }}>
      <DialogBody>
        <p>{areas.map((a) => a.areaName).join('、')}</p>
        <FormGroup
          label={t('areaMove.region')}
          labelFor="area-move-region"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error}
        >
          <HTMLSelect
            id="area-move-region"
            fill
            value={regionId}
            onChange={(e) => {
              setRegionId(e.currentTarget.value);
              setError(null);
            }}
            options={[
              { value: '', label: t('place.regionPlaceholder') },
              ...regions.map((r) => ({ value: String(r.id), label: r.regionName })),
            ]}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('common.ok')} loading={isLoading} onClick={handleSubmit} />
          </>
        }
      />
    </Dialog>
  );
}
