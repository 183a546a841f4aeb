// "导入进水流量": a district's inlet flow from a CSV (time, flow m³/h [, meter code]) — the template, the upload, and
// what came of it: rows imported, the lines that failed with their reason, the interval and the time span seen.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLTable,
  Intent,
} from '@blueprintjs/core';
import { DMA_PATHS, type InletFlowImport } from '@waterops/shared/dma';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { downloadFile } from '../../resources/downloadFile.ts';
import { useInletFlowImportMutation } from './dmaApi.ts';

/** The failed lines shown; the rest are counted. */
const SHOWN_FAILURES = 50;

export type InletFlowImportDialogProps = { districtId: number; districtName: string; onClose: () => void };

export function InletFlowImportDialog({ districtId, districtName, onClose }: InletFlowImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<InletFlowImport | null>(null);
  const [upload, { isLoading }] = useInletFlowImportMutation();

  const handleUpload = async () => {
    if (!file) return;
    try {
      setResult(await upload({ districtId, file }).unwrap());
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };
  const handleTemplate = () =>
    void downloadFile({ url: DMA_PATHS.inletFlowTemplate }, 'inletFlowTemplate.csv').catch(() => {
      // the request layer has shown the message
    });
  const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '—');

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('dma.inlet.title', { name: districtName })}
      icon="import"
      canOutsideClickClose={false}
      style={{ width: 560, maxWidth: '96vw' }}
    >
      <DialogBody>
        <p>{t('dma.inlet.hint')}</p>
        <Button icon="download" variant="minimal" text={t('dma.inlet.template')} onClick={handleTemplate} />
        <FormGroup label={t('dma.inlet.file')} style={{ marginTop: 8 }}>
          <FileInput
            fill
            text={file?.name ?? t('dma.inlet.chooseFile')}
            buttonText={t('dma.inlet.browse')}
            inputProps={{ accept: '.csv,text/csv', 'aria-label': t('dma.inlet.file') }}
            onInputChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </FormGroup>
        {result && (
          <Callout
            intent={result.failed.length > 0 ? Intent.WARNING : Intent.SUCCESS}
            role="status"
            title={t('dma.inlet.imported', { count: result.imported })}
          >
            {result.intervalMinutes !== null && (
              <div>{t('dma.inlet.interval', { minutes: result.intervalMinutes })}</div>
            )}
            {result.from && <div>{t('dma.inlet.range', { from: time(result.from), to: time(result.to) })}</div>}
            {result.failed.length > 0 && (
              <>
                <div>{t('dma.inlet.failed', { count: result.failed.length })}</div>
                <HTMLTable compact>
                  <tbody>
                    {result.failed.slice(0, SHOWN_FAILURES).map((f) => (
                      <tr key={f.line}>
                        <td>{t('dma.inlet.line', { line: f.line })}</td>
                        <td>{t(f.message, { defaultValue: f.message })}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </>
            )}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('dma.balance.detail.close')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="upload"
              text={t('dma.inlet.upload')}
              disabled={!file}
              loading={isLoading}
              onClick={() => void handleUpload()}
            />
          </>
        }
      />
    </Dialog>
  );
}
