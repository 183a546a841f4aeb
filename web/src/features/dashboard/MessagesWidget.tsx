// 实时消息: a ticker of the latest live alarms, newest first, from the alarm console's own topic (`alarms`) — time,
// device and alarm type written as the console writes them (its level tag, its month-day-minute time, its type texts).
import { Classes, Tag } from '@blueprintjs/core';
import { TOPICS } from '@waterops/shared/live';
import type { Alarm } from '@waterops/shared/monitoring';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../live/useLive.ts';
import { minuteTime } from '../monitoring/AlarmTable.tsx';
import { alarmLevelIntent } from '../monitoring/alarmLevel.ts';
import type { WidgetProps } from './LiveWidget.tsx';
import { WidgetCard } from './WidgetCard.tsx';

/** How many alarms the ticker shows. */
export const TICKER_ROWS = 8;

/** The newest `rows` alarms, newest first. */
export const latestAlarms = (alarms: readonly Alarm[], rows: number = TICKER_ROWS): Alarm[] =>
  [...alarms].sort((a, b) => Date.parse(b.raisedAt) - Date.parse(a.raisedAt)).slice(0, rows);

/** A wall's board moves one row up every this many seconds. */
const SECONDS_PER_ROW = 3;

export type MessagesWidgetProps = WidgetProps & {
  /** how many of the newest alarms (default TICKER_ROWS) */
  rows?: number;
  /** a scrolling board (the big screen's): the list moves up slowly and round again, for a wall no one scrolls */
  scrolling?: boolean;
};

export function MessagesWidget({ sourcePath, rows: count = TICKER_ROWS, scrolling = false }: MessagesWidgetProps) {
  const { t } = useTranslation();
  const channel = useLiveChannel<Alarm>({ topic: TOPICS.alarms });
  const rows = useMemo(() => latestAlarms(channel.items, count), [channel.items, count]);
  const ready = channel.status !== 'connecting' || channel.items.length > 0;
  // a short list stands still: it moves only when there is more than a card shows
  const moving = scrolling && rows.length > TICKER_ROWS;
  // the alarms carry no "as of" of their own: the badge says when the list last changed (kept while stale)
  const [asOf, setAsOf] = useState<string | null>(null);
  useEffect(() => {
    if (channel.change) setAsOf(new Date().toISOString());
  }, [channel.change]);
  return (
    <WidgetCard
      widget="messages"
      sourcePath={sourcePath}
      state={channel}
      asOf={asOf}
      ready={ready && channel.error === null}
    >
      {rows.length === 0 ? (
        <p className={`wo-dash-note ${Classes.TEXT_MUTED}`}>{t('dashboard.messages.empty')}</p>
      ) : (
        <div
          className={moving ? 'wo-dash-ticker-board' : undefined}
          style={moving ? ({ '--wo-ticker-seconds': `${rows.length * SECONDS_PER_ROW}s` } as CSSProperties) : undefined}
        >
          <TickerList rows={rows} label={t('dashboard.messages.list')} />
          {/* the board scrolls for ever: a second copy follows the first, hidden from assistive technology */}
          {moving && <TickerList rows={rows} label="" hidden />}
        </div>
      )}
    </WidgetCard>
  );
}

/** The ticker's rows: time, device and the alarm type in its level's colour. */
function TickerList({ rows, label, hidden }: { rows: readonly Alarm[]; label: string; hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="wo-dash-ticker" aria-label={hidden ? undefined : label} aria-hidden={hidden || undefined}>
      {rows.map((a) => (
        <li key={a.id}>
          <time dateTime={a.raisedAt} className={Classes.TEXT_MUTED}>
            {minuteTime(a.raisedAt)}
          </time>
          <span className="wo-dash-ticker-source" title={a.sourceCode}>
            {a.sourceCode}
          </span>
          {/* the type in its level's colour (the level's name in the title): one tag, so the line keeps to one */}
          <Tag
            intent={alarmLevelIntent(a.level)}
            minimal={a.level === 'general'}
            className="wo-dash-ticker-type"
            title={t(`alarmConsole.level.${a.level}`)}
          >
            {t(`alarmConsole.type.${a.alarmType}`)}
          </Tag>
        </li>
      ))}
    </ol>
  );
}
