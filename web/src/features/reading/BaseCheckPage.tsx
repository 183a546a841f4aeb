// 底数核对与导入: check the bases of a month (each becomes normal or abnormal with its reasons), list the abnormal
// ones by default, correct an end reading by hand, and import bases from a sheet (body code, period, end reading;
// the rows that failed are listed with their row number and reason).
import {
  Button,
  Callout,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import type { Result } from '@waterops/shared/api';
import {
  type BaseCheckReply,
  METER_BASE_PATHS,
  type MeterBase,
  type MeterBaseImportReply,
  PERIOD_PATTERN,
} from '@waterops/shared/reading';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { useResourceMutationMutation } from '../../resources/resourceApi.ts';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { type MeterBaseFilters, meterBaseResource } from './MeterBasePage.tsx';
import { lastPeriod, METER_BASE_RESOURCE } from './meterBaseApi.ts';

const EDIT = ['reading:baseCheck:edit'];
const PERIOD = new RegExp(PERIOD_PATTERN);

export type AdjustBaseDialogProps = {
  /** the base whose end reading is corrected */
  base: MeterBase;
  onClose: () => void;
};

/** Corrects one base's end reading (source manual; the next month's start follows on the server). */
export function AdjustBaseDialog({ base, onClose }: AdjustBaseDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(base.endReading === null ? '' : String(base.endReading));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useResourceMutationMutation();
  const handleSubmit = async () => {
    const endReading = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(endReading) || endReading < 0) {
      setError(t('meterBase.replace.readingRequired'));
      return;
    }
    try {
      await save({
        resource: METER_BASE_RESOURCE,
        config: { url: METER_BASE_PATHS.update, method: 'POST', data: { id: base.id, endReading } },
      }).unwrap();
      onClose();
    } catch {
      // the request layer has shown the server's message
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('meterBase.adjustTitle', { code: base.meterCode, period: base.period })}
      style={{ width: 400 }}
    >
      <DialogBody>
        <FormGroup
          label={t('meterBase.endReading')}
          labelFor="base-end-reading"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error}
        >
          <InputGroup
            id="base-end-reading"
            value={value}
            inputMode="decimal"
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('meterBase.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('meterBase.save')} loading={isLoading} onClick={handleSubmit} />
          </>
        }
      />
    </Dialog>
  );
}

/** The bases list of the check page: abnormal ones first shown, a correction per row, no commands. */
export const baseCheckResource = (): ResourceDescriptor<MeterBase, MeterBaseFilters> => {
  const bases = meterBaseResource(async () => undefined);
  return {
    ...bases,
    titleKey: 'meterBase.checkTitle',
    icon: 'tick-circle',
    initialFilters: { ...bases.initialFilters, checkState: '2' },
    batchActions: [],
    actions: [
      {
        id: 'adjust',
        labelKey: 'meterBase.adjust',
        icon: 'edit',
        permissions: EDIT,
        dialog: ({ row, onClose }) => <AdjustBaseDialog base={row} onClose={onClose} />,
      },
    ],
  };
};

export function BaseCheckPage() {
  const { t } = useTranslation();
  const [send, { isLoading }] = useResourceMutationMutation();
  const [period, setPeriod] = useState(lastPeriod());
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [imported, setImported] = useState<MeterBaseImportReply | null>(null);
  const descriptor = useMemo(() => baseCheckResource(), []);

  const handleCheck = async () => {
    const value = period.trim();
    if (!PERIOD.test(value)) {
      setError(t('meterBase.periodInvalid'));
      return;
    }
    setError(null);
    try {
      const reply = (await send({
        resource: METER_BASE_RESOURCE,
        config: { url: METER_BASE_PATHS.baseCheck, method: 'POST', data: { period: value } },
      }).unwrap()) as Result<BaseCheckReply>;
      showMessage(t('meterBase.checked', reply.datas), 'success');
    } catch {
      // the request layer has shown the server's message
    }
  };

  const handleImport = async () => {
    if (!file) return;
    const data = new FormData();
    data.append('file', file);
    try {
      const reply = (await send({
        resource: METER_BASE_RESOURCE,
        config: { url: METER_BASE_PATHS.import, method: 'POST', data },
      }).unwrap()) as Result<MeterBaseImportReply>;
      setImported(reply.datas);
    } catch {
      // not an .xlsx, too large…: the request layer has shown the server's message
      setImported(null);
    }
  };

  return (
    <>
      <Permission any={EDIT}>
        <div className="meter-base-toolbar">
          <FormGroup
            inline
            label={t('meterBase.period')}
            labelFor="base-check-period"
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error}
          >
            <ControlGroup>
              <InputGroup
                id="base-check-period"
                value={period}
                placeholder="YYYY-MM"
                intent={error ? Intent.DANGER : Intent.NONE}
                onChange={(e) => setPeriod(e.currentTarget.value)}
              />
              <Button icon="tick-circle" intent={Intent.PRIMARY} loading={isLoading} onClick={handleCheck}>
                {t('meterBase.checkButton')}
              </Button>
            </ControlGroup>
          </FormGroup>
          <FormGroup
            inline
            label={t('meterBase.importButton')}
            labelFor="base-import-file"
            helperText={t('meterBase.importHint')}
          >
            <ControlGroup>
              <FileInput
                inputProps={{ id: 'base-import-file', accept: '.xlsx' }}
                text={file?.name ?? '.xlsx'}
                onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
              <Button icon="import" disabled={!file} loading={isLoading} onClick={handleImport}>
                {t('meterBase.importButton')}
              </Button>
            </ControlGroup>
          </FormGroup>
          {imported && (
            <Callout
              intent={imported.failed.length ? Intent.WARNING : Intent.SUCCESS}
              title={t('meterBase.imported', { imported: imported.imported, failed: imported.failed.length })}
            >
              {imported.failed.length > 0 && (
                <ul>
                  {imported.failed.map((f) => (
                    <li key={f.index}>
                      {t('meterBase.importRow', { row: f.index, code: f.meterCode, message: f.message })}
                    </li>
                  ))}
                </ul>
              )}
            </Callout>
          )}
        </div>
      </Permission>
      <ResourceListPage descriptor={descriptor} />
    </>
  );
}
