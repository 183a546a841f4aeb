// The alarm-load panel: alarms raised per 10 minutes over 24 h against the one-per-10-minutes target, the last 10
// minutes, stale alarms, the priority mix and the bad actors to tune first (the most frequent and the chattering
// alarms, each a source and a type). Asked every minute and after live changes.
import { Card, Classes, H5, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  ALARM_LEVELS,
  type AlarmBadActor,
  type AlarmLoad,
  CHATTER_PER_HOUR,
  FLOOD_THRESHOLD,
} from '@waterops/shared/monitoring';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, type BarDatum } from '../../components/charts/BarChart.tsx';
import { alarmLevelIntent } from './alarmLevel.ts';
import { useAlarmLoadQuery } from './alarmsApi.ts';

export const ALARM_LOAD_POLL_MS = 60_000;
/** after a live change the panel is asked again, at most this often */
const AFTER_CHANGE_MS = 5_000;

const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** The chart's bars: a bucket over the target is drawn in the warning colour. */
export const loadBars = (load: AlarmLoad): BarDatum[] =>
  load.buckets.map((b) => ({
    label: hhmm(b.start),
    value: b.count,
    variant: b.count > load.target ? 'flagged' : 'normal',
  }));

export type AlarmLoadPanelProps = {
  /** changes whenever the live alarm set changed (the panel then refreshes, throttled) */
  changeMark: number;
};

export function AlarmLoadPanel({ changeMark }: AlarmLoadPanelProps) {
  const { t } = useTranslation();
  const { data, refetch } = useAlarmLoadQuery(undefined, { pollingInterval: ALARM_LOAD_POLL_MS });
  // a throttle, not a debounce: a steady stream of patches must not postpone the refresh forever
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (changeMark === 0 || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void refetch();
    }, AFTER_CHANGE_MS);
  }, [changeMark, refetch]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  const bars = useMemo(() => (data ? loadBars(data) : []), [data]);
  if (!data) return null;
  return (
    <Card className="wo-alarm-load" role="region" aria-label={t('alarmConsole.load.title')}>
      <H5>{t('alarmConsole.load.title')}</H5>
      <div className="wo-alarm-load-grid">
        <div>
          <div className="wo-alarm-load-figures">
            <div>
              <span className={Classes.TEXT_MUTED}>{t('alarmConsole.load.lastTen')}</span>{' '}
              <Tag intent={data.lastTenMinutes >= FLOOD_THRESHOLD ? Intent.DANGER : Intent.NONE} minimal>
                {data.lastTenMinutes}
              </Tag>
            </div>
            <div>
              <span className={Classes.TEXT_MUTED}>{t('alarmConsole.load.stale')}</span>{' '}
              <Tag intent={data.stale > 0 ? Intent.WARNING : Intent.NONE} minimal>
                {data.stale}
              </Tag>
            </div>
            <div className={Classes.TEXT_MUTED}>{t('alarmConsole.load.target', { target: data.target })}</div>
          </div>
          <BarChart data={bars} ariaLabel={t('alarmConsole.load.chart')} maxLabels={8} />
        </div>
        <div>
          <H5>{t('alarmConsole.load.mix')}</H5>
          <div className="wo-alarm-mix">
            {ALARM_LEVELS.map((level) => (
              <Tag key={level} intent={alarmLevelIntent(level)} minimal>
                {t(`alarmConsole.level.${level}`)} {Math.round(data.mix[level] * 100)}%
              </Tag>
            ))}
          </div>
          <div className={Classes.TEXT_MUTED}>{t('alarmConsole.load.mixTarget')}</div>
        </div>
        <div>
          <H5>{t('alarmConsole.load.mostFrequent')}</H5>
          <BadActors actors={data.mostFrequent} count={(n) => String(n)} />
          <H5>{t('alarmConsole.load.chattering', { n: CHATTER_PER_HOUR })}</H5>
          <BadActors actors={data.chattering} count={(n) => t('alarmConsole.load.perHour', { count: n })} />
        </div>
      </div>
    </Card>
  );
}

/** A table of bad actors: the source, what it raises, how often; "none" when the list is empty. */
function BadActors({ actors, count }: { actors: readonly AlarmBadActor[]; count: (n: number) => string }) {
  const { t } = useTranslation();
  if (actors.length === 0) return <p className={Classes.TEXT_MUTED}>{t('alarmConsole.load.none')}</p>;
  return (
    <HTMLTable compact className="wo-alarm-top">
      <tbody>
        {actors.map((a) => (
          <tr key={`${a.sourceKind}/${a.sourceId}/${a.alarmType}`}>
            <td>{a.sourceCode}</td>
            <td className={Classes.TEXT_MUTED}>
              {t(`alarmConsole.sourceKind.${a.sourceKind}`)} · {t(`alarmConsole.type.${a.alarmType}`)}
            </td>
            <td className="wo-num">{count(a.count)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
