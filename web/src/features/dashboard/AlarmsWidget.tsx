// 实时告警: the live alarms in total and by level (each level in the colour every alarm tag of that level has) and how
// many were raised today — the alarm console's counts.
import { Classes, Tag } from '@blueprintjs/core';
import { ALARM_LEVELS } from '@waterops/shared/monitoring';
import { useTranslation } from 'react-i18next';
import { alarmLevelIntent } from '../monitoring/alarmLevel.ts';
import { FigureLink } from './FigureLink.tsx';
import { countText } from './figureFormat.ts';
import { LiveWidget, type WidgetProps } from './LiveWidget.tsx';
import { BigNumber } from './OverviewWidget.tsx';

export function AlarmsWidget({ sourcePath }: WidgetProps) {
  const { t } = useTranslation();
  return (
    <LiveWidget widget="alarms" sourcePath={sourcePath}>
      {(f) => {
        const counts = new Map(f.byLevel.map((l) => [l.level, l.count]));
        const console = { pages: ['monitoring/AlarmConsolePage'] } as const;
        return (
          <>
            <dl className="wo-dash-numbers wo-dash-numbers-one">
              <BigNumber
                label={t('dashboard.alarms.total')}
                to={console}
                value={countText(f.total)}
                note={t('dashboard.alarms.raisedToday', { count: f.raisedToday })}
              />
            </dl>
            <ul className="wo-dash-tags" aria-label={t('dashboard.alarms.byLevel')}>
              {ALARM_LEVELS.map((level) => (
                <li key={level}>
                  <FigureLink to={console} name={t('dashboard.alarms.total')}>
                    <Tag
                      intent={alarmLevelIntent(level)}
                      minimal={(counts.get(level) ?? 0) === 0 || level === 'general'}
                      className={Classes.TEXT_LARGE}
                    >
                      {t(`alarmConsole.level.${level}`)} {countText(counts.get(level) ?? 0)}
                    </Tag>
                  </FigureLink>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </LiveWidget>
  );
}
