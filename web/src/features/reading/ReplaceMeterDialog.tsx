// Meter swap (换表): the old register's final reading, the new body code and its base reading at a time not in
// the future (the shared rules, the same as the route's). Reached from the meter list's row action and the meter
// drawer, which also lists the meter's past swaps.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { METER_BASE_PATHS, validateReplaceMeter } from '@waterops/shared/reading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { useResourceMutationMutation } from '../../resources/resourceApi.ts';
import { METER_RESOURCE } from '../device/meterApi.ts';
import { useMeterReplacementsQuery } from './meterBaseApi.ts';

/** Who may swap meters (the routes' permission). */
export const REPLACE_PERMISSIONS = ['reading:record:edit'];

type Fields = 'replacedAt' | 'oldFinalReading' | 'newMeterCode' | 'newBaseReading' | 'remark';

/** 'YYYY-MM-DDTHH:mm' of an instant in the browser's time zone (the datetime-local input's value). */
const localInput = (at: Date) => {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

export type ReplaceMeterDialogProps = {
  /** the meter (metering point) whose meter is replaced */
  meter: { id: number; meterCode: string; lastReading?: number | null };
  onClose: () => void;
};

export function ReplaceMeterDialog({ meter, onClose }: ReplaceMeterDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Fields, string>>({
    replacedAt: localInput(new Date()),
    oldFinalReading: meter.lastReading == null ? '' : String(meter.lastReading),
    newMeterCode: '',
    newBaseReading: '0',
    remark: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [replace, { isLoading }] = useResourceMutationMutation();

  const set = (field: Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const handleSubmit = async () => {
    const replacedAt = values.replacedAt ? new Date(values.replacedAt).toISOString() : '';
    const input = { ...values, replacedAt, newMeterCode: values.newMeterCode.trim() };
    const violations = validateReplaceMeter(input);
    if (violations.length) {
      setErrors(Object.fromEntries(violations.map((v) => [v.field, t(v.message)])));
      return;
    }
    try {
      await replace({
        resource: METER_RESOURCE,
        config: {
          url: METER_BASE_PATHS.replace,
          method: 'POST',
          data: {
            meterId: meter.id,
            replacedAt,
            oldFinalReading: Number(values.oldFinalReading),
            newMeterCode: input.newMeterCode,
            newBaseReading: Number(values.newBaseReading),
            remark: values.remark.trim() || null,
          },
        },
      }).unwrap();
      onClose();
    } catch {
      // a body code in use: the request layer has shown the server's message
    }
  };

  const field = (key: Fields, label: string, props: Partial<React.ComponentProps<typeof InputGroup>> = {}) => (
    <FormGroup
      label={label}
      labelFor={`replace-${key}`}
      intent={errors[key] ? Intent.DANGER : Intent.NONE}
      helperText={errors[key]}
    >
      <InputGroup
        id={`replace-${key}`}
        value={values[key]}
        intent={errors[key] ? Intent.DANGER : Intent.NONE}
        onChange={set(key)}
        {...props}
      />
    </FormGroup>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('meterBase.replaceTitle', { code: meter.meterCode })}
      style={{ width: 440 }}
    >
      <DialogBody>
        {field('replacedAt', t('meterBase.replacedAt'), { type: 'datetime-local' })}
        {field('oldFinalReading', t('meterBase.oldFinalReading'), { inputMode: 'decimal' })}
        {field('newMeterCode', t('meterBase.newMeterCode'), { maxLength: 64 })}
        {field('newBaseReading', t('meterBase.newBaseReading'), { inputMode: 'decimal' })}
        {field('remark', t('meterBase.remark'), { maxLength: 200 })}
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

export type MeterReplacementsProps = {
  /** the meter whose swaps are listed */
  meter: { id: number; meterCode: string; lastReading?: number | null };
};

/** The meter drawer's swap section: past swaps and, for who may, the replace button. */
export function MeterReplacements({ meter }: MeterReplacementsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: swaps = [] } = useMeterReplacementsQuery(meter.id);
  return (
    <section aria-label={t('meterBase.history')}>
      <h4 className="wo-detail-subheading">
        {t('meterBase.history')}{' '}
        <Permission any={REPLACE_PERMISSIONS}>
          <Button
            size="small"
            icon="swap-horizontal"
            text={t('meterBase.replaceButton')}
            onClick={() => setOpen(true)}
          />
        </Permission>
      </h4>
      {swaps.length > 0 && (
        <HTMLTable compact striped className="wo-detail-table">
          <thead>
            <tr>
              <th>{t('meterBase.replacedAt')}</th>
              <th>{t('meterBase.oldFinalReading')}</th>
              <th>{t('meterBase.newMeterCode')}</th>
              <th>{t('meterBase.newBaseReading')}</th>
            </tr>
          </thead>
          <tbody>
            {swaps.map((s) => (
              <tr key={s.id}>
                <td>{formatDateTime(new Date(s.replacedAt))}</td>
                <td>{`${s.oldMeterCode} · ${s.oldFinalReading}`}</td>
                <td>{s.newMeterCode}</td>
                <td>{s.newBaseReading}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {open && <ReplaceMeterDialog meter={meter} onClose={() => setOpen(false)} />}
    </section>
  );
}
