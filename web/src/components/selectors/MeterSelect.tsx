// The water-meter selector (spec §2 "water meter (meterCode, id)", §5, §7 "water meter list (meterCode, limit 50,
// page)"): remote search by body code from 3 characters, debounced, 50 a page, the next page near the bottom.
import { DEVICE_PATHS } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../RemoteSelect.tsx';
import { type RemoteSelectorDef, type SelectorItem, searchOf } from './remoteSelector.ts';

export const METER_SELECTOR: RemoteSelectorDef = {
  path: DEVICE_PATHS.meters,
  queryField: 'meterCode',
  idField: 'id',
  labelField: 'meterCode',
};

const searchMeters = searchOf(METER_SELECTOR);

export type MeterSelectProps = {
  /** the chosen meter ({ id, label: its body code }), or null */
  value: SelectorItem | null;
  /** called with the chosen meter, or null when cleared */
  onChange: (value: SelectorItem | null) => void;
  /** the input's accessible name (default: 水表 / Water meter) */
  label?: string;
};

export function MeterSelect({ value, onChange, label }: MeterSelectProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchMeters}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={label ?? t('meter.meter')}
      value={value}
      onChange={onChange}
    />
  );
}
