// The EPANET import dialog of the pipeline page: an .inp file, the origin its centre goes to (BD-09, the map's
// centre by default), a code prefix and a rotation; answers with what was created and the file's notes, or the
// server's message (parse errors with their lines, codes already held) with nothing created.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { MAP_CENTER_BD09 } from '@waterops/shared/geo';
import { EPANET_MAX_BYTES, EPANET_PREFIX_PATTERN, type EpanetImport } from '@waterops/shared/network';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFailure } from '../../api/request.ts';
import { useEpanetImportMutation } from './networkApi.ts';

export type EpanetImportDialogProps = {
  /** whether the dialog shows */
  isOpen: boolean;
  /** called when the user closes it (after an import too) */
  onClose: () => void;
};

const PREFIX = new RegExp(EPANET_PREFIX_PATTERN);
const isNumber = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));

export function EpanetImportDialog({ isOpen, onClose }: EpanetImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [lng, setLng] = useState(String(MAP_CENTER_BD09[0]));
  const [lat, setLat] = useState(String(MAP_CENTER_BD09[1]));
  const [prefix, setPrefix] = useState('');
  const [rotation, setRotation] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<EpanetImport | null>(null);
  const [importInp, { isLoading }] = useEpanetImportMutation();

  const handleClose = () => {
    setFile(null);
    setError(null);
    setResult(null);
    onClose();
  };

  const handleImport = async () => {
    setResult(null);
    if (!file) return setError(t('network.import.noFile'));
    if (file.size > EPANET_MAX_BYTES) return setError(t('network.import.tooLarge'));
    if (!isNumber(lng)) return setError(t('rules.longitude.format'));
    if (!isNumber(lat)) return setError(t('rules.latitude.format'));
    if (!PREFIX.test(prefix.trim())) return setError(t('network.import.prefixFormat'));
    setError(null);
    const data = new FormData();
    data.append('lng', lng.trim());
    data.append('lat', lat.trim());
    data.append('prefix', prefix.trim());
    data.append('rotation', isNumber(rotation) ? rotation.trim() : '0');
    data.append('file', file);
    try {
      setResult(await importInp(data).unwrap());
    } catch (e) {
      setError((e as RequestFailure).message);
    }
  };

  return (
    <Dialog isOpen={isOpen} title={t('network.import.title')} onClose={handleClose} canOutsideClickClose={false}>
      <DialogBody>
        <FormGroup label={t('network.import.file')} labelFor="epanet-file">
          <FileInput
            fill
            inputProps={{ id: 'epanet-file', accept: '.inp,text/plain' }}
            text={file?.name ?? t('network.import.chooseFile')}
            onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
        <FormGroup label={t('network.lng')} labelFor="epanet-lng" helperText={t('network.import.originHint')}>
          <InputGroup id="epanet-lng" value={lng} onValueChange={setLng} />
        </FormGroup>
        <FormGroup label={t('network.lat')} labelFor="epanet-lat">
          <InputGroup id="epanet-lat" value={lat} onValueChange={setLat} />
        </FormGroup>
        <FormGroup
          label={t('network.import.prefix')}
          labelFor="epanet-prefix"
          helperText={t('network.import.prefixHint')}
        >
          <InputGroup id="epanet-prefix" value={prefix} maxLength={20} onValueChange={setPrefix} />
        </FormGroup>
        <FormGroup label={t('network.import.rotation')} labelFor="epanet-rotation">
          <InputGroup id="epanet-rotation" value={rotation} onValueChange={setRotation} />
        </FormGroup>
        {error && (
          <Callout intent={Intent.DANGER} role="alert">
            {error}
          </Callout>
        )}
        {result && (
          <Callout intent={Intent.SUCCESS} title={t('network.import.done')}>
            <p>{t('network.import.summary', result)}</p>
            <p>{t('network.import.scale', { scale: result.scale.toFixed(3) })}</p>
            {result.warnings.length > 0 && (
              <>
                <strong>{t('network.import.warnings', { count: result.warnings.length })}</strong>
                <ul className="wo-network-warnings">
                  {result.warnings.map((w, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and never reorder
                    <li key={i}>{w.line === null ? w.message : `${w.line}: ${w.message}`}</li>
                  ))}
                </ul>
              </>
            )}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={handleClose}>{t('network.import.close')}</Button>
            <Button intent={Intent.PRIMARY} icon="import" loading={isLoading} onClick={handleImport}>
              {t('network.import.submit')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
