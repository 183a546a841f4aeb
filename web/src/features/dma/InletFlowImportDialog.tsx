// "导入进水流量": a district's inlet flow from a CSV as engineers have it — today's `time,flow[,meterCode]` or a
// SCADA export with a column per meter (`,` `;` or tab, decimal commas). The dialog previews the first lines, maps
// each flow column to one of the district's inlet/outlet meters (or skips it), takes the time zone and the unit,
// and reports what was stored per meter and the lines that failed.
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import {
  DMA_PATHS,
  INLET_FLOW_DEFAULT_ZONE,
  INLET_FLOW_ZONES,
  type InletFlowImport,
  type InletFlowProblem,
  type InletFlowSniff,
  type InletFlowUnit,
} from '@waterops/shared/dma';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { downloadFile } from '../../resources/downloadFile.ts';
import { useDistrictChoicesQuery, useInletFlowImportMutation } from './dmaApi.ts';
import { InletFlowPreview } from './InletFlowPreview.tsx';
import { InletFlowResult } from './InletFlowResult.tsx';
import { columnsOf, initialMapping, mappingProblem, measuringMeters, sniffFile } from './inletFlowMapping.ts';

export type InletFlowImportDialogProps = {
  /** the district whose meters the file fills */
  districtId: number;
  /** its name, in the title */
  districtName: string;
  onClose: () => void;
};

type Read = { file: File; sniff: InletFlowSniff | null; problem: InletFlowProblem | null };

export function InletFlowImportDialog({ districtId, districtName, onClose }: InletFlowImportDialogProps) {
  const { t } = useTranslation();
  const { data: districts } = useDistrictChoicesQuery();
  const meters = measuringMeters(districts?.find((d) => d.id === districtId)?.meters);
  const [read, setRead] = useState<Read | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [meterId, setMeterId] = useState('');
  const [zone, setZone] = useState<string>(INLET_FLOW_DEFAULT_ZONE);
  const [unit, setUnit] = useState<InletFlowUnit>('m3h');
  const [result, setResult] = useState<InletFlowImport | null>(null);
  const [upload, { isLoading }] = useInletFlowImportMutation();

  const handleFile = async (file: File | null) => {
    setResult(null);
    if (!file) {
      setRead(null);
      return;
    }
    const found = await sniffFile(file);
    if (found.ok) {
      setRead({ file, sniff: found.sniff, problem: null });
      setMapping(initialMapping(found.sniff, meters));
    } else {
      setRead({ file, sniff: null, problem: found.problem });
      setMapping({});
    }
  };
  const wide = read?.sniff?.layout === 'wide';
  const unmapped = wide ? mappingProblem(mapping) : null;

  const handleUpload = async () => {
    if (!read) return;
    try {
      setResult(
        await upload({
          districtId,
          file: read.file,
          timeZone: zone,
          unit,
          ...(wide ? { columns: columnsOf(mapping) } : meterId ? { meterId: Number(meterId) } : {}),
        }).unwrap(),
      );
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };
  const handleTemplate = () =>
    void downloadFile({ url: DMA_PATHS.inletFlowTemplate }, 'inletFlowTemplate.csv').catch(() => {
      // the request layer has shown the message
    });
  const roleName = (role: number) => t(role === 1 ? 'dma.inlet.roleInlet' : 'dma.inlet.roleOutlet');

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('dma.inlet.title', { name: districtName })}
      icon="import"
      canOutsideClickClose={false}
      style={{ width: 760, maxWidth: '96vw' }}
    >
      <DialogBody>
        <p>{t('dma.inlet.hint')}</p>
        <Button icon="download" variant="minimal" text={t('dma.inlet.template')} onClick={handleTemplate} />
        <FormGroup label={t('dma.inlet.file')} style={{ marginTop: 8 }}>
          <FileInput
            fill
            text={read?.file.name ?? t('dma.inlet.chooseFile')}
            buttonText={t('dma.inlet.browse')}
            inputProps={{ accept: '.csv,.txt,text/csv', 'aria-label': t('dma.inlet.file') }}
            onInputChange={(e) => void handleFile(e.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
        {read?.problem && (
          <Callout intent={Intent.DANGER} role="alert" style={{ marginBottom: 10 }}>
            {t(read.problem.key, read.problem.params)}
          </Callout>
        )}
        {read?.sniff && (
          <>
            <p>
              {t(wide ? 'dma.inlet.wide' : 'dma.inlet.long', {
                separator: read.sniff.separator === '\t' ? 'Tab' : read.sniff.separator,
              })}
            </p>
            <InletFlowPreview
              sniff={read.sniff}
              meters={meters}
              mapping={mapping}
              onMappingChange={(header, value) => setMapping((m) => ({ ...m, [header]: value }))}
            />
            {unmapped && (
              <p className={Classes.TEXT_MUTED} role="note">
                {t(`dma.inlet.mapping.${unmapped}`)}
              </p>
            )}
          </>
        )}
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          {!wide && (
            <FormGroup label={t('dma.inlet.meter')} labelFor="inlet-flow-meter">
              <HTMLSelect id="inlet-flow-meter" value={meterId} onChange={(e) => setMeterId(e.currentTarget.value)}>
                <option value="">{t('dma.inlet.meterAuto')}</option>
                {meters.map((m) => (
                  <option key={m.meterId} value={String(m.meterId)}>
                    {t('dma.inlet.meterOption', { code: m.meterCode, role: roleName(m.role) })}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          <FormGroup label={t('dma.inlet.zone')} labelFor="inlet-flow-zone">
            <HTMLSelect id="inlet-flow-zone" value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
              {INLET_FLOW_ZONES.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <RadioGroup
            inline
            label={t('dma.inlet.unit')}
            selectedValue={unit}
            onChange={(e) => setUnit(e.currentTarget.value as InletFlowUnit)}
          >
            <Radio value="m3h" label="m³/h" />
            <Radio value="ls" label="L/s" />
          </RadioGroup>
        </div>
        {result && <InletFlowResult result={result} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('dma.balance.detail.close')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="upload"
              text={t('dma.inlet.upload')}
              disabled={!read?.sniff || unmapped !== null}
              loading={isLoading}
              onClick={() => void handleUpload()}
            />
          </>
        }
      />
    </Dialog>
  );
}
