// The concentrator's parameters dialog: IP, port, report rate and SIM card, checked with the shared rules (IP and
// port validators, rate 1–1440 minutes) and stored through `params`; the server's message lands under its field.
import { Callout, Spinner } from '@blueprintjs/core';
import { type Concentrator, checkRate, validateIpPort } from '@waterops/shared/device';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { SettingInput } from './ConcentratorFields.tsx';
import { useConcentratorParamsQuery, useSaveConcentratorParamsMutation } from './concentratorApi.ts';

type Values = { ip: string; port: string; reportRate: string; simCard: string };
type Errors = Partial<Record<keyof Values, string>>;

const intOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

export type ConcentratorSettingsDialogProps = {
  /** the concentrator whose parameters are edited */
  row: Concentrator;
  /** called when the dialog closes (saved or cancelled) */
  onClose: () => void;
};

export function ConcentratorSettingsDialog({ row, onClose }: ConcentratorSettingsDialogProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useConcentratorParamsQuery(row.id);
  const [save, { isLoading }] = useSaveConcentratorParamsMutation();
  const [values, setValues] = useState<Values>({ ip: '', port: '', reportRate: '', simCard: '' });
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (data)
      setValues({
        ip: data.ip ?? '',
        port: data.port === null ? '' : String(data.port),
        reportRate: data.reportRate === null ? '' : String(data.reportRate),
        simCard: data.simCard ?? '',
      });
  }, [data]);

  const check = (v: Values): Errors => {
    const found: Errors = {};
    for (const broken of validateIpPort({ ip: v.ip, port: v.port }, false))
      found[broken.field as keyof Values] ??= t(broken.message);
    const rate = checkRate(v.reportRate);
    if (rate) found.reportRate = t(rate);
    return found;
  };
  const set = (key: keyof Values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const blur = () => setErrors(check(values));

  const submit = useDebouncedAction(async () => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return false;
    try {
      await save({
        id: row.id,
        ip: values.ip.trim() || null,
        port: intOrNull(values.port),
        reportRate: intOrNull(values.reportRate),
        simCard: values.simCard.trim() || null,
      }).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field && f.field in values) setErrors({ [f.field]: f.message });
      else showMessage(f.message);
      return;
    }
    showMessage(t('concentrator.saved'), 'success');
    onClose();
  });

  return (
    <FormDialog
      isOpen
      title={t('concentrator.settingsTitle', { code: row.concentratorCode })}
      icon="cog"
      width={440}
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
        <>
          <SettingInput
            id="c-ip"
            label={t('concentrator.ip')}
            value={values.ip}
            onChange={set('ip')}
            onBlur={blur}
            error={errors.ip}
          />
          <SettingInput
            id="c-port"
            label={t('concentrator.port')}
            value={values.port}
            onChange={set('port')}
            onBlur={blur}
            error={errors.port}
            maxLength={5}
          />
          <SettingInput
            id="c-rate"
            label={t('concentrator.reportRate')}
            value={values.reportRate}
            onChange={set('reportRate')}
            onBlur={blur}
            error={errors.reportRate}
            maxLength={4}
          />
          <SettingInput
            id="c-sim"
            label={t('concentrator.simCard')}
            value={values.simCard}
            onChange={set('simCard')}
            maxLength={30}
          />
          <Callout compact>{t('concentrator.settingsNote')}</Callout>
        </>
      )}
    </FormDialog>
  );
}
