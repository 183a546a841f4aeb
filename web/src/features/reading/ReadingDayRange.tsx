// The day-range picker of the reading pages: whole China days (YYYY-MM-DD), the spec §9 shortcuts (today, last
// week, this month, two months, three months), nothing after today, and the page's longest span said at once with
// the server's own message (the shared resolveDayRange) instead of after a refused request.
import { FormGroup, Intent } from '@blueprintjs/core';
import { DateRangeInput } from '@blueprintjs/datetime';
import { isDayRangeRefusal, resolveDayRange } from '@waterops/shared/reading';
import { enUS, zhCN } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../app/i18n.ts';
import { parseDateTime, rangeShortcuts } from '../../components/dateRange.ts';

export type DayRange = { from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day of a local date, 'YYYY-MM-DD'. */
export const localDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Local midnight of a 'YYYY-MM-DD' day. */
export const localDate = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** The last `days` days up to today. */
export const lastDays = (days: number, now = new Date()): DayRange => ({
  from: localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days + 1)),
  to: localDay(now),
});

/** The message key (with params) when the range breaks the page's rules, else null. */
export const rangeProblem = (range: DayRange, maxDays: number, now = new Date()) => {
  const checked = resolveDayRange(range, localDay(now), maxDays, maxDays);
  return isDayRangeRefusal(checked) ? checked : null;
};

export type ReadingDayRangeProps = {
  /** the chosen days */
  value: DayRange;
  /** called with the new days once both ends are chosen */
  onChange: (range: DayRange) => void;
  /** the longest span the page accepts, in days */
  maxDays: number;
};

export function ReadingDayRange({ value, onChange, maxDays }: ReadingDayRangeProps) {
  const { t } = useTranslation();
  const now = new Date();
  const problem = rangeProblem(value, maxDays, now);
  const shortcuts = rangeShortcuts(now).map((s) => ({
    label: t(`resource.range.${s.key}`),
    dateRange: s.range,
  }));
  return (
    <FormGroup
      label={t('readingRecord.days')}
      inline
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={problem ? t(problem.message, problem.params) : undefined}
    >
      <DateRangeInput
        value={[localDate(value.from), localDate(value.to)]}
        onChange={([start, end]) => {
          if (start && end) onChange({ from: localDay(start), to: localDay(end) });
        }}
        formatDate={localDay}
        parseDate={parseDateTime}
        maxDate={now}
        shortcuts={shortcuts}
        allowSingleDayRange
        locale={activeLocale() === 'en' ? enUS : zhCN}
        singleMonthOnly={window.innerWidth < 700}
        startInputProps={{ placeholder: t('resource.range.start'), 'aria-label': t('resource.range.start') }}
        endInputProps={{ placeholder: t('resource.range.end'), 'aria-label': t('resource.range.end') }}
      />
    </FormGroup>
  );
}
