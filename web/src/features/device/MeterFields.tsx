// The meter form's selector fields: area, collector, concentrator and parent supervision meter, each a remote
// selector (3 characters, debounced, 50 a page). The form holds text, so a field's value is the chosen item as JSON
// ({ id, label }); `chosenId` reads the id back for the save body.
import { Button, InputGroup } from '@blueprintjs/core';
import type { Result } from '@waterops/shared/api';
import { DEVICE_PATHS, type Meter } from '@waterops/shared/device';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { type SelectorItem, searchOf } from '../../components/selectors/remoteSelector.ts';
import type { FieldInputProps } from '../../resources/types.ts';

/** The item a field's text holds, or null (nothing chosen, or unreadable text). */
export const itemOf = (value: string | undefined): SelectorItem | null => {
  try {
    const parsed: unknown = JSON.parse(value || 'null');
    return parsed && typeof parsed === 'object' && 'id' in parsed ? (parsed as SelectorItem) : null;
  } catch {
    return null;
  }
};

/** The id a field's text stands for, or null. */
export const chosenId = (value: string | undefined): number | null => itemOf(value)?.id ?? null;

/** A field's text for an id and its label (empty when there is no id). */
export const itemText = (id: number | null, label: string | null): string =>
  id === null ? '' : JSON.stringify({ id, label: label ?? String(id) });

const textOf = (item: SelectorItem | null) => (item ? JSON.stringify(item) : '');

// spec §2 selector items: collector (collectorCode, id), concentrator (id, concentratorCode)
const searchCollectors = searchOf({
  path: DEVICE_PATHS.collectors,
  queryField: 'collectorCode',
  idField: 'id',
  labelField: 'collectorCode',
});
const searchConcentrators = searchOf({
  path: DEVICE_PATHS.concentrators,
  queryField: 'concentratorCode',
  idField: 'id',
  labelField: 'concentratorCode',
});

/** The body code, with a button taking the next code of the tenant's code rule for meters (waterMeterCode). */
export function MeterCodeField({ id, value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleGenerate = async () => {
    setBusy(true);
    try {
      onChange((await request<Result<string>>({ url: DEVICE_PATHS.meterNextCode })).datas);
    } catch {
      // the request layer has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputGroup
      id={id}
      value={value}
      maxLength={50}
      onValueChange={onChange}
      rightElement={
        <Button
          variant="minimal"
          icon="refresh"
          loading={busy}
          text={t('meter.generateCode')}
          onClick={handleGenerate}
        />
      }
    />
  );
}

export function MeterAreaField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return <AreaSelect label={t('meter.area')} value={itemOf(value)} onChange={(item) => onChange(textOf(item))} />;
}

export function MeterCollectorField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchCollectors}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={t('meter.collector')}
      value={itemOf(value)}
      onChange={(item) => onChange(textOf(item))}
    />
  );
}

export function MeterConcentratorField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchConcentrators}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={t('meter.concentrator')}
      value={itemOf(value)}
      onChange={(item) => onChange(textOf(item))}
    />
  );
}

export function MeterParentField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <MeterSelect label={t('meter.parentMeter')} value={itemOf(value)} onChange={(item) => onChange(textOf(item))} />
  );
}

/** The form texts of a meter's selector fields. */
export const meterFieldTexts = {
  areaId: (m: Meter) => itemText(m.areaId, m.areaName),
  collectorId: (m: Meter) => itemText(m.collectorId, m.collectorCode),
  concentratorId: (m: Meter) => itemText(m.concentratorId, m.concentratorCode),
  parentMeterId: (m: Meter) => itemText(m.parentMeterId, m.parentMeterCode),
};
