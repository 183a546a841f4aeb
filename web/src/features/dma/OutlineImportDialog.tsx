// "导入边界": paste or upload a district outline (GeoJSON or lng,lat lines), say which coordinate system it is in,
// see it as a small outline, and save it (converted to BD-09) through dmadistrictposition. An outline already set
// is shown until a new one is read, and can be cleared. Drawing on the map is the operations map's.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import type { District, Position } from '@waterops/shared/dma';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { useSaveDistrictPositionMutation } from './dmaApi.ts';
import { OUTLINE_CRS, type OutlineCrs, openRing, outlinePath, parseOutline } from './outlineImport.ts';

const PREVIEW = { width: 240, height: 160 };

export function OutlinePreview({ points, label }: { points: readonly Position[]; label: string }) {
  return (
    <svg
      className="wo-dma-outline-preview"
      viewBox={`0 0 ${PREVIEW.width} ${PREVIEW.height}`}
      width={PREVIEW.width}
      height={PREVIEW.height}
      role="img"
      aria-label={label}
    >
      <path d={outlinePath(points, PREVIEW.width, PREVIEW.height)} />
    </svg>
  );
}

export type OutlineImportDialogProps = { district: District; onClose: () => void };

export function OutlineImportDialog({ district, onClose }: OutlineImportDialogProps) {
  const { t } = useTranslation();
  const ids = { text: useId(), crs: useId() };
  const [text, setText] = useState('');
  const [crs, setCrs] = useState<OutlineCrs>('WGS-84');
  const [fileName, setFileName] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveDistrictPositionMutation();
  const parsed = useMemo(() => (text.trim() === '' ? null : parseOutline(text, crs)), [text, crs]);
  const current = district.polygon ? openRing(district.polygon) : [];

  const handleFile = async (event: React.FormEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setText(await file.text());
  };

  const store = async (polygon: Position[] | null) => {
    try {
      await save({ id: district.id, polygon }).unwrap();
    } catch (error) {
      showMessage((error as RequestFailure).message);
      return;
    }
    showMessage(t(polygon ? 'dma.outline.saved' : 'dma.outline.cleared'), 'success');
    onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('dma.outline.title', { name: district.districtName })}
      icon="polygon-filter"
      canOutsideClickClose={false}
      style={{ width: 640, maxWidth: '96vw' }}
    >
      <DialogBody>
        <p>{t('dma.outline.hint')}</p>
        <FormGroup label={t('dma.outline.crs')} labelFor={ids.crs} inline>
          <HTMLSelect
            id={ids.crs}
            value={crs}
            onChange={(e) => setCrs(e.currentTarget.value as OutlineCrs)}
            options={OUTLINE_CRS.map((c) => ({ value: c, label: t(`dma.outline.crsNames.${c}`) }))}
          />
        </FormGroup>
        <FormGroup label={t('dma.outline.file')}>
          <FileInput
            text={fileName ?? t('dma.outline.chooseFile')}
            buttonText={t('dma.outline.browse')}
            inputProps={{ accept: '.geojson,.json,.txt,.csv', 'aria-label': t('dma.outline.file') }}
            onInputChange={handleFile}
          />
        </FormGroup>
        <FormGroup label={t('dma.outline.paste')} labelFor={ids.text}>
          <TextArea
            id={ids.text}
            fill
            rows={6}
            value={text}
            placeholder={t('dma.outline.placeholder')}
            onChange={(e) => setText(e.currentTarget.value)}
            className="wo-dma-outline-text"
          />
        </FormGroup>
        {parsed && !parsed.ok && (
          <Callout intent={Intent.DANGER} role="alert">
            {t(`dma.outline.errors.${parsed.error}`, { line: parsed.line })}
          </Callout>
        )}
        {parsed?.ok && (
          <div className="wo-dma-outline-row">
            <OutlinePreview points={parsed.points} label={t('dma.outline.preview')} />
            <span>{t('dma.outline.points', { count: parsed.points.length })}</span>
          </div>
        )}
        {!parsed && current.length > 0 && (
          <div className="wo-dma-outline-row">
            <OutlinePreview points={current} label={t('dma.outline.current')} />
            <span>{t('dma.outline.currentPoints', { count: current.length })}</span>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {district.polygon && (
              <Button
                intent={Intent.DANGER}
                variant="minimal"
                text={t('dma.outline.clear')}
                disabled={isLoading}
                onClick={() => void store(null)}
              />
            )}
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('common.save')}
              loading={isLoading}
              disabled={!parsed?.ok}
              onClick={() => parsed?.ok && void store(parsed.points)}
            />
          </>
        }
      />
    </Dialog>
  );
}
