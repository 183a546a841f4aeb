// The collector's dialogs: parameters (IP and port through ipaddress/{id}, upload frequency through
// uploadfrequency/{id}, checked with the shared rules) and the meter archive (setDeviceArchives/{id}: body codes
// separated by spaces, the shared splitCodes rule; the server names unknown codes under the field).
import { Classes, FormGroup, Intent, Spinner, TextArea } from '@blueprintjs/core';
import { type Collector, checkRate, validateIpPort } from '@waterops/shared/device';
import { splitCodes } from '@waterops/shared/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { SettingInput } from './ConcentratorFields.tsx';
import {
  useCollectorArchivesQuery,
  useCollectorIpAddressQuery,
  useCollectorUploadFrequencyQuery,
  useSaveCollectorArchivesMutation,
  useSaveCollectorIpAddressMutation,
  useSaveCollectorUploadFrequencyMutation,
} from './collectorApi.ts';

type Values = { ip: string; port: string; uploadFrequency: string };
type Errors = Partial<Record<keyof Values, string>>;

export type CollectorDialogProps = {
  /** the collector whose settings are edited */
  row: Collector;
  /** called when the dialog closes (saved or cancelled) */
  onClose: () => void;
};

export function CollectorSettingsDialog({ row, onClose }: CollectorDialogProps) {
  const { t } = useTranslation();
  const address = useCollectorIpAddressQuery(row.id);
  const frequency = useCollectorUploadFrequencyQuery(row.id);
  const [saveAddress, addressState] = useSaveCollectorIpAddressMutation();
  const [saveFrequency, frequencyState] = useSaveCollectorUploadFrequencyMutation();
  const [values, setValues] = useState<Values>({ ip: '', port: '', uploadFrequency: '' });
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (address.data)
      setValues((v) => ({
        ...v,
        ip: address.data?.ip ?? '',
        port: address.data?.port == null ? '' : String(address.data.port),
      }));
  }, [address.data]);
  useEffect(() => {
    const f = frequency.data?.uploadFrequency;
    if (frequency.data) setValues((v) => ({ ...v, uploadFrequency: f == null ? '' : String(f) }));
  }, [frequency.data]);

  const check = (v: Values): Errors => {
    const found: Errors = {};
    // the address is stored as a pair: both or neither
    const required = v.ip.trim() !== '' || v.port.trim() !== '';
    for (const broken of validateIpPort({ ip: v.ip, port: v.port }, required))
      found[broken.field as keyof Values] ??= t(broken.message);
    const rate = checkRate(v.uploadFrequency);
    if (rate) found.uploadFrequency = t(rate);
    return found;
  };
  const set = (key: keyof Values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const blur = () => setErrors(check(values));

  const submit = useDebouncedAction(async () => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      if (values.ip.trim() !== '')
        await saveAddress({ id: row.id, ip: values.ip.trim(), port: Number(values.port.trim()) }).unwrap();
      if (values.uploadFrequency.trim() !== '')
        await saveFrequency({ id: row.id, uploadFrequency: Number(values.uploadFrequency.trim()) }).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field && f.field in values) setErrors({ [f.field]: f.message });
      else showMessage(f.message);
      return;
    }
    showMessage(t('collector.saved'), 'success');
    onClose();
  });

  const loading = (address.isFetching && !address.data) || (frequency.isFetching && !frequency.data);
  return (
    <FormDialog
      isOpen
      title={t('collector.settingsTitle', { code: row.collectorCode })}
      icon="cog"
      width={420}
      canOutsideClickClose={false}
      busy={addressState.isLoading || frequencyState.isLoading}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {loading ? (
        <Spinner size={24} />
      ) : (
        <>
          <SettingInput
            id="k-ip"
            label={t('collector.ip')}
            value={values.ip}
            onChange={set('ip')}
            onBlur={blur}
            error={errors.ip}
          />
          <SettingInput
            id="k-port"
            label={t('collector.port')}
            value={values.port}
            onChange={set('port')}
            onBlur={blur}
            error={errors.port}
            maxLength={5}
          />
          <SettingInput
            id="k-frequency"
            label={t('collector.uploadFrequency')}
            value={values.uploadFrequency}
            onChange={set('uploadFrequency')}
            onBlur={blur}
            error={errors.uploadFrequency}
            maxLength={4}
          />
        </>
      )}
    </FormDialog>
  );
}

export function CollectorArchivesDialog({ row, onClose }: CollectorDialogProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useCollectorArchivesQuery(row.id);
  const [save, { isLoading }] = useSaveCollectorArchivesMutation();
  const [codes, setCodes] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (data) setCodes(data.meterCodes.join(' '));
  }, [data]);
  const check = () => {
    const split = splitCodes(codes);
    setError(split.message ? t(split.message, { code: split.duplicate ?? '' }) : null);
    return !split.message;
  };
  const submit = useDebouncedAction(async () => {
    if (!check()) return false;
    try {
      await save({ id: row.id, meterCodes: codes }).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field === 'meterCodes') setError(f.message);
      else showMessage(f.message);
      return;
    }
    showMessage(t('collector.saved'), 'success');
    onClose();
  });
  return (
    <FormDialog
      isOpen
      title={t('collector.archivesTitle', { code: row.collectorCode })}
      icon="th-list"
      width={520}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {isFetching && !data ? (
        <Spinner size={24} />
      ) : (
        <FormGroup
          label={t('collector.meterCodes')}
          labelFor="k-archives"
          helperText={error ?? t('collector.archivesHint')}
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="k-archives"
            className={Classes.FILL}
            rows={6}
            value={codes}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setCodes(e.target.value)}
            onBlur={check}
          />
        </FormGroup>
      )}
    </FormDialog>
  );
}
