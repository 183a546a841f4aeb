// The console's filters: level, type, area (the residential-area selector) and state.
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { ALARM_LEVELS, ALARM_STATES, ALARM_TYPES } from '@waterops/shared/monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import type { AlarmFilters } from './alarmList.ts';

export type AlarmFilterBarProps = {
  filters: AlarmFilters;
  onChange: (filters: AlarmFilters) => void;
};

export function AlarmFilterBar({ filters, onChange }: AlarmFilterBarProps) {
  const { t } = useTranslation();
  // the selector wants its item (id and label); the filter keeps the id
  const [area, setArea] = useState<SelectorItem | null>(null);
  const all = { value: '', label: t('alarmConsole.filter.all') };
  return (
    <div className="wo-alarm-filters">
      <FormGroup inline label={t('alarmConsole.filter.level')} labelFor="alarm-filter-level">
        <HTMLSelect
          id="alarm-filter-level"
          value={filters.level}
          onChange={(e) => onChange({ ...filters, level: e.target.value as AlarmFilters['level'] })}
          options={[all, ...ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarmConsole.level.${l}`) }))]}
        />
      </FormGroup>
      <FormGroup inline label={t('alarmConsole.filter.type')} labelFor="alarm-filter-type">
        <HTMLSelect
          id="alarm-filter-type"
          value={filters.alarmType}
          onChange={(e) => onChange({ ...filters, alarmType: e.target.value as AlarmFilters['alarmType'] })}
          options={[all, ...ALARM_TYPES.map((a) => ({ value: a, label: t(`alarmConsole.type.${a}`) }))]}
        />
      </FormGroup>
      <FormGroup inline label={t('alarmConsole.filter.area')} className="wo-alarm-filter-area">
        <AreaSelect
          value={area}
          onChange={(item) => {
            setArea(item);
            onChange({ ...filters, areaId: item ? Number(item.id) : null });
          }}
        />
      </FormGroup>
      <FormGroup inline label={t('alarmConsole.filter.state')} labelFor="alarm-filter-state">
        <HTMLSelect
          id="alarm-filter-state"
          value={filters.state}
          onChange={(e) => onChange({ ...filters, state: e.target.value as AlarmFilters['state'] })}
          options={[all, ...ALARM_STATES.map((s) => ({ value: s, label: t(`alarmConsole.state.${s}`) }))]}
        />
      </FormGroup>
    </div>
  );
}
