// The import dialog of a list: download the template, choose an .xlsx, upload; then the job's progress, polled every
// second (waiting → importing n/N → success | failed). On failure the catalogue message, the failed rows downloaded
// once by themselves and a button to download them again; on success the list refreshes.
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { IMPORT_POLL_MS, type ImportJob, type Result } from '@waterops/shared/api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestFailure } from '../api/request.ts';
import { useAppDispatch } from '../app/hooks.ts';
import { downloadFile } from './downloadFile.ts';
import { resourceApi, useImportJobQuery, useResourceMutationMutation } from './resourceApi.ts';
import type { ImportDef } from './types.ts';

export type ImportDialogProps = {
  /** the resource id (its lists refresh after an import) */
  resource: string;
  /** the page title's key, named in the dialog title and file names */
  titleKey: string;
  def: ImportDef;
  isOpen: boolean;
  onClose: () => void;
};

const finished = (job: ImportJob | undefined) => job?.status === 'success' || job?.status === 'failed';

export function ImportDialog({ resource, titleKey, def, isOpen, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useResourceMutationMutation();
  const polled = useImportJobQuery(jobId === null ? '' : def.jobPath(jobId), {
    skip: jobId === null,
    pollingInterval: IMPORT_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  // polling stops by skipping once the job has finished; the last answer stays shown
  const [job, setJob] = useState<ImportJob | undefined>(undefined);
  const seen = polled.data?.datas;
  useEffect(() => {
    if (seen && seen.id === jobId) setJob(seen);
  }, [seen, jobId]);
  const done = finished(job);
  const handled = useRef<number | null>(null);

  const downloadFailures = (id: number) =>
    downloadFile({ url: def.failuresPath(id) }, `${t(titleKey)}.xlsx`, 'resourceSheet.downloadFailed').catch(
      () => undefined,
    );

  // once per finished job: stop polling, refresh the lists, and (failed rows) download them
  useEffect(() => {
    if (!job || !finished(job) || handled.current === job.id) return;
    handled.current = job.id;
    setJobId(null);
    dispatch(resourceApi.util.invalidateTags([{ type: 'Resource', id: resource }]));
    // the catalogue says "import failed with failed list downloaded": the list comes down once by itself
    if (job.status === 'failed' && job.failed > 0)
      void downloadFile({ url: def.failuresPath(job.id) }, `${t(titleKey)}.xlsx`, 'resourceSheet.downloadFailed').catch(
        () => undefined,
      );
  }, [job, dispatch, resource, def, t, titleKey]);

  const reset = () => {
    setFile(null);
    setJobId(null);
    setJob(undefined);
    setError(null);
  };
  const handleClose = () => {
    reset();
    onClose();
  };
  const handleUpload = async () => {
    if (!file) {
      setError(t('resourceSheet.noFile'));
      return;
    }
    setError(null);
    setJob(undefined);
    const data = new FormData();
    data.append('file', file);
    try {
      const res = (await upload({
        resource,
        config: { url: def.uploadPath, method: 'POST', data, not_msg: true },
      }).unwrap()) as Result<ImportJob>;
      setJob(res.datas);
      if (!finished(res.datas)) setJobId(res.datas.id);
    } catch (e) {
      setError((e as RequestFailure).message);
    }
  };

  const running = job !== undefined && !done;
  const progress = job && job.total > 0 ? job.processed / job.total : undefined;

  return (
    <Dialog
      isOpen={isOpen}
      title={t('resourceSheet.importTitle', { title: t(titleKey) })}
      onClose={handleClose}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p>
          <Button
            variant="minimal"
            icon="download"
            intent={Intent.PRIMARY}
            text={t('resourceSheet.template')}
            onClick={() => void downloadFile({ url: def.templatePath }, `${t(titleKey)}.xlsx`).catch(() => undefined)}
          />
        </p>
        <FileInput
          fill
          text={file?.name ?? t('resourceSheet.chooseFile')}
          buttonText={t('resourceSheet.browse')}
          hasSelection={file !== null}
          disabled={running || uploading}
          inputProps={{
            accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'aria-label': t('resourceSheet.chooseFile'),
          }}
          onInputChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setJob(undefined);
            setError(null);
          }}
        />
        {error && (
          <Callout intent={Intent.DANGER} className="wo-import-state" role="alert">
            {error}
          </Callout>
        )}
        {job && (
          <div className="wo-import-state" role="status">
            {job.status === 'waiting' && <p>{t('resourceSheet.waiting')}</p>}
            {job.status === 'importing' && (
              <p>{t('resourceSheet.importing', { processed: job.processed, total: job.total })}</p>
            )}
            {running && <ProgressBar intent={Intent.PRIMARY} value={progress} />}
            {job.status === 'success' && (
              <Callout intent={Intent.SUCCESS} icon="tick-circle">
                {t('resourceSheet.success', { succeeded: job.succeeded })}
              </Callout>
            )}
            {job.status === 'failed' && (
              <Callout intent={Intent.DANGER} icon="error">
                <p>{job.failed > 0 ? t('import.failed') : (job.error ?? t('import.failed'))}</p>
                <p className={Classes.TEXT_MUTED}>
                  {t('resourceSheet.counts', { succeeded: job.succeeded, failed: job.failed })}
                </p>
                {job.failed > 0 && (
                  <Button
                    icon="download"
                    text={t('resourceSheet.downloadFailures')}
                    onClick={() => void downloadFailures(job.id)}
                  />
                )}
              </Callout>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={handleClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="import"
              text={t('resourceSheet.upload')}
              loading={uploading || running}
              onClick={() => void handleUpload()}
            />
          </>
        }
      />
    </Dialog>
  );
}
