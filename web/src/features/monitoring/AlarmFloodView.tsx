// The flood view: alarms grouped by type and area with counts (highest level first), instead of one row each.
import { HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AlarmLevelTag } from './AlarmTable.tsx';
import type { AlarmFloodGroup } from './alarmFlood.ts';

export type AlarmFloodViewProps = {
  /** the groups, in order */
  groups: AlarmFloodGroup[];
};

export function AlarmFloodView({ groups }: AlarmFloodViewProps) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped className="wo-alarm-flood-groups" aria-label={t('alarmConsole.flood.grouped')}>
      <thead>
        <tr>
          <th>{t('alarmConsole.column.level')}</th>
          <th>{t('alarmConsole.column.type')}</th>
          <th>{t('alarmConsole.column.area')}</th>
          <th>{t('alarmConsole.column.source')}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key}>
            <td>
              <AlarmLevelTag level={g.level} />
            </td>
            <td>{t(`alarmConsole.type.${g.alarmType}`)}</td>
            <td>{g.areaName ?? t('alarmConsole.flood.noArea')}</td>
            <td>
              <Tag round>{t('alarmConsole.flood.count', { count: g.alarms.length })}</Tag>{' '}
              {g.alarms
                .slice(0, 5)
                .map((a) => a.sourceCode)
                .join(', ')}
              {g.alarms.length > 5 ? ' …' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
