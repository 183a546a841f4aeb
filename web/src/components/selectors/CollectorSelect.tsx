// The collector selector (spec §2 "collector (collectorCode, id)", §5, §7 "collector list (collectorCode, limit 50,
// page)"): remote search by code over wired and wireless collectors from 3 characters, debounced, 50 a page, the
// next page loaded near the bottom of the list.
import { DEVICE_PATHS } from '@waterops/shared/device';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../RemoteSelect.tsx';
import { type RemoteSelectorDef, type SelectorItem, searchOf } from './remoteSelector.ts';

export const COLLECTOR_SELECTOR: RemoteSelectorDef = {
  path: DEVICE_PATHS.collectors,
  queryField: 'collectorCode',
  idField: 'id',
  labelField: 'collectorCode',
};

const searchCollectors = searchOf(COLLECTOR_SELECTOR);

export type CollectorSelectProps = {
  /** the chosen collector ({ id, label: its code }), or null */
  value: SelectorItem | null;
  /** called with the chosen collector, or null when cleared */
  onChange: (value: SelectorItem | null) => void;
  /** the input's accessible name (default: 采集器 / Collector) */
  label?: string;
};

export function CollectorSelect({ value, onChange, label }: CollectorSelectProps) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<SelectorItem>
      search={searchCollectors}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={label ?? t('collector.collector')}
      value={value}
      onChange={onChange}
    />
  );
}
