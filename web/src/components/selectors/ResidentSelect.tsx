// The resident selector (spec §2 "resident (residentCode, residentId)", §7 "Resident lookup: residentCode, limit 50,
// page 1, debounced 300 ms"): remote search by user code from 3 characters, debounced, 50 a page, the next page
// near the bottom (RemoteSelect does the typing rules).
import { CUSTOMER_PATHS } from '@waterops/shared/customer';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../RemoteSelect.tsx';
import { type RemoteSelectorDef, type SelectorItem, searchOf } from './remoteSelector.ts';

export const RESIDENT_SELECTOR: RemoteSelectorDef = {
  path: CUSTOMER_PATHS.residents,
  queryField: 'residentCode',
  idField: 'residentId',
  labelField: 'residentCode',
};

const searchResidents = searchOf(RESIDENT_SELECTOR);

export type ResidentSelectProps = {
  /** the chosen resident ({ id: residentId, label: its user code }), or null */
  value: SelectorItem | null;
  /** called with the chosen resident, or null when cleared */
  onChange: (value: SelectorItem | null) => void;
  /** the input's accessible name (default: 用户 / Resident) */
  label?: string;
};

export function ResidentSelect({ value, onChange, label }: ResidentSelectProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchResidents}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={label ?? t('resident.resident')}
      value={value}
      onChange={onChange}
    />
  );
}
