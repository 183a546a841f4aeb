// The concentrator selector (spec §2 "concentrator (id, concentratorCode)", §5, §7 "concentrator list
// (concentratorCode, limit 50, page)"): remote search by code from 3 characters, debounced, 50 a page, the next page
// loaded near the bottom of the list.
import { DEVICE_PATHS } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../RemoteSelect.tsx';
import { type RemoteSelectorDef, type SelectorItem, searchOf } from './remoteSelector.ts';

export const CONCENTRATOR_SELECTOR: RemoteSelectorDef = {
  path: DEVICE_PATHS.concentrators,
  queryField: 'concentratorCode',
  idField: 'id',
  labelField: 'concentratorCode',
};

const searchConcentrators = searchOf(CONCENTRATOR_SELECTOR);

export type ConcentratorSelectProps = {
  /** the chosen concentrator ({ id, label: its code }), or null */
  value: SelectorItem | null;
  /** called with the chosen concentrator, or null when cleared */
  onChange: (value: SelectorItem | null) => void;
  /** the input's accessible name (default: 集中器 / Concentrator) */
  label?: string;
};

export function ConcentratorSelect({ value, onChange, label }: ConcentratorSelectProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchConcentrators}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={label ?? t('concentrator.concentrator')}
      value={value}
      onChange={onChange}
    />
  );
}
