// A year at a glance: twelve month grids from Monday, weekends shaded, public holidays (休) and make-up working days
// (班) marked and named, today ringed; beside them the year's schedule as named runs. A day is a button when the user
// may change it.
import { Classes, Intent, Tag } from '@blueprintjs/core';
import type { CalendarDay } from '@waterops/shared/workorder';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarRuns, isWeekend, monthWeeks, weekdayIndex } from './calendarGrid.ts';

export type CalendarYearViewProps = {
  year: number;
  /** the year's marked days by day */
  days: ReadonlyMap<string, CalendarDay>;
  /** today's China day, ringed */
  today: string;
  /** days are buttons that open the day's dialog */
  editable: boolean;
  onDayClick: (day: string) => void;
};

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** Memoized: the page re-renders for its dialogs and toolbar, the 365 days only when they change. */
export const CalendarYearView = memo(function CalendarYearView({
  year,
  days,
  today,
  editable,
  onDayClick,
}: CalendarYearViewProps) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', {
    month: 'long',
    timeZone: 'UTC',
  });
  const sorted = [...days.values()];
  const runs = calendarRuns(sorted);
  const holidays = sorted.filter((d) => d.kind === 'holiday').length;
  const describe = (day: string) => {
    const marked = days.get(day);
    const parts = [day, t(`workCalendarPage.weekday.${weekdayIndex(day)}`)];
    if (marked) parts.push(marked.name || t('workCalendarPage.unnamed'), t(`workCalendarPage.kind.${marked.kind}`));
    return parts.join(' ');
  };

  return (
    <div className="wo-cal-year">
      <div className="wo-cal-months">
        {MONTHS.map((month) => (
          <table key={month} className="wo-cal-month" aria-label={monthName.format(Date.UTC(year, month - 1, 1))}>
            <caption>{monthName.format(Date.UTC(year, month - 1, 1))}</caption>
            <thead>
              <tr>
                {[0, 1, 2, 3, 4, 5, 6].map((i) => (
                  <th key={i} scope="col" className={i >= 5 ? 'wo-cal-weekend' : undefined}>
                    {t(`workCalendarPage.weekday.${i}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(year, month).map((week) => (
                <tr key={week.find(Boolean) ?? ''}>
                  {week.map((day, i) => {
                    // a padding cell's place in its week is its identity
                    // biome-ignore lint/suspicious/noArrayIndexKey: blanks have no day of their own
                    if (!day) return <td key={`pad${i}`} />;
                    const marked = days.get(day);
                    const className = [
                      'wo-cal-day',
                      isWeekend(day) ? 'wo-cal-weekend' : '',
                      marked ? `wo-cal-${marked.kind}` : '',
                      day === today ? 'wo-cal-today' : '',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    const content = (
                      <>
                        <span className="wo-cal-date">{Number(day.slice(8))}</span>
                        {marked && <span className="wo-cal-mark">{t(`workCalendarPage.mark.${marked.kind}`)}</span>}
                      </>
                    );
                    const label = describe(day);
                    return (
                      <td key={day} className={className}>
                        {editable ? (
                          <button type="button" aria-label={label} title={label} onClick={() => onDayClick(day)}>
                            {content}
                          </button>
                        ) : (
                          <span role="img" aria-label={label} title={label}>
                            {content}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <aside className="wo-cal-summary" aria-label={t('workCalendarPage.summary')}>
        <h3>{t('workCalendarPage.summary')}</h3>
        <p className={Classes.TEXT_MUTED}>
          {t('workCalendarPage.counts', { holidays, workdays: sorted.length - holidays })}
        </p>
        <ul>
          {runs.map((r) => (
            <li key={r.from}>
              <Tag minimal intent={r.kind === 'holiday' ? Intent.DANGER : Intent.PRIMARY}>
                {t(`workCalendarPage.mark.${r.kind}`)}
              </Tag>
              <span className="wo-cal-run-name">{r.name || t('workCalendarPage.unnamed')}</span>
              <span className={Classes.TEXT_MUTED}>
                {r.from === r.to ? r.from.slice(5) : `${r.from.slice(5)} ~ ${r.to.slice(5)}`} ·{' '}
                {t('workCalendarPage.dayCount', { count: r.count })}
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
});
