// Above the map: layer toggles, the district colouring switch and, for editors, the draw-outline mode's controls.
import { Button, ButtonGroup, Checkbox, Intent, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DrawState } from './drawState.ts';
import type { DistrictColouring } from './mapColours.ts';
import { LAYER_KEYS, type LayerKey, type LayerToggles } from './mapLayers.ts';

export type MapToolbarProps = {
  toggles: LayerToggles;
  onToggle: (key: LayerKey, on: boolean) => void;
  colouring: DistrictColouring;
  onColouring: (c: DistrictColouring) => void;
  /** null: the user may not edit outlines */
  draw: DrawState | null;
  drawingName: string | null;
  onDraw: (action: 'start' | 'undo' | 'finish' | 'cancel') => void;
};

export function MapToolbar({ toggles, onToggle, colouring, onColouring, draw, drawingName, onDraw }: MapToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="wo-opsmap-toolbar">
      <fieldset className="wo-opsmap-toggles">
        <legend>{t('operationsMap.layers.title')}</legend>
        {LAYER_KEYS.map((key) => (
          <Checkbox
            key={key}
            inline
            label={t(`operationsMap.layers.${key}`)}
            checked={toggles[key]}
            onChange={(e) => onToggle(key, e.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <span className="wo-opsmap-colouring">
        <span>{t('operationsMap.colouring.label')}</span>
        <SegmentedControl
          size="small"
          value={colouring}
          onValueChange={(v) => onColouring(v as DistrictColouring)}
          options={[
            { value: 'lossRate', label: t('operationsMap.colouring.lossRate') },
            { value: 'nightFlow', label: t('operationsMap.colouring.nightFlow') },
          ]}
        />
      </span>
      {draw &&
        (draw.mode === 'off' ? (
          <Button icon="draw" onClick={() => onDraw('start')}>
            {t('operationsMap.draw.start')}
          </Button>
        ) : (
          <span className="wo-opsmap-draw" role="status">
            <span>
              {draw.mode === 'pick'
                ? t('operationsMap.draw.pick')
                : t('operationsMap.draw.drawing', { name: drawingName ?? '' })}
            </span>
            {draw.mode !== 'pick' && (
              <span className="wo-opsmap-draw-count">
                {t('operationsMap.draw.vertices', { count: draw.vertices.length })}
              </span>
            )}
            <ButtonGroup>
              {draw.mode !== 'pick' && (
                <>
                  <Button size="small" icon="undo" disabled={draw.vertices.length === 0} onClick={() => onDraw('undo')}>
                    {t('operationsMap.draw.undo')}
                  </Button>
                  <Button
                    size="small"
                    intent={Intent.PRIMARY}
                    icon="tick"
                    loading={draw.mode === 'saving'}
                    disabled={draw.vertices.length < 3}
                    title={draw.vertices.length < 3 ? t('operationsMap.draw.tooFew') : undefined}
                    onClick={() => onDraw('finish')}
                  >
                    {t('operationsMap.draw.finish')}
                  </Button>
                </>
              )}
              <Button size="small" icon="cross" disabled={draw.mode === 'saving'} onClick={() => onDraw('cancel')}>
                {t('operationsMap.draw.cancel')}
              </Button>
            </ButtonGroup>
          </span>
        ))}
    </div>
  );
}
