// A month picker ('YYYY-MM', China time) as a select of named months, newest first: the current month and the 35
// before it, plus the value itself when a link asked for an older one. A select rather than the browser's month
// input, which some browsers do not have and which names months in the system language, not the app's.
import { HTMLSelect } from '@blueprintjs/core';
import { addMonths, chinaMonth } from '@waterops/shared/reading';
import { useMemo } from 'react';
import { activeLocale } from '../app/i18n.ts';

export const MONTHS_OFFERED = 36;

/** The months offered, newest first: `count` months up to `now`'s, and `value` wherever it falls. */
export const offeredMonths = (value: string, now = new Date(), count = MONTHS_OFFERED): string[] => {
  const latest = chinaMonth(now);
  const months = Array.from({ length: count }, (_, i) => addMonths(latest, -i));
  if (!months.includes(value)) months.push(value);
  return months.sort().reverse();
};

/** '2026年10月' or 'October 2026'. */
export const monthName = (month: string, locale: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
};

export type MonthSelectProps = {
  id?: string;
  value: string;
  onChange: (month: string) => void;
};

export function MonthSelect({ id, value, onChange }: MonthSelectProps) {
  const locale = activeLocale();
  const options = useMemo(
    () => offeredMonths(value).map((m) => ({ value: m, label: monthName(m, locale) })),
    [value, locale],
  );
  return <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} options={options} />;
}
