// One China day ('YYYY-MM-DD') in a Blueprint date input: the calendar in the app's language, typed days taken only
// when whole (so '2026-1' on the way to '2026-10-01' is not the 1st of January), nothing outside min and max. The
// browser's own date input shows mm/dd/yyyy in the system's language instead, whatever the app speaks.
import { DateInput } from '@blueprintjs/datetime';
import { enUS, zhCN } from 'date-fns/locale';
import { activeLocale } from '../../app/i18n.ts';
import { localDate, localDay } from './ReadingDayRange.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A whole typed day as a date, else false (Blueprint's "not a date"). */
export const parseWholeDay = (text: string): Date | false => (DAY.test(text.trim()) ? localDate(text.trim()) : false);

export type DayInputProps = {
  id?: string;
  /** 'YYYY-MM-DD', or '' for none */
  value: string;
  /** a whole day chosen or typed; '' when the input is cleared */
  onChange: (day: string) => void;
  minDay?: string;
  maxDay?: string;
  placeholder?: string;
  ariaLabel?: string;
  disabled?: boolean;
  small?: boolean;
  className?: string;
};

export function DayInput({
  id,
  value,
  onChange,
  minDay,
  maxDay,
  placeholder,
  ariaLabel,
  disabled,
  small,
  className,
}: DayInputProps) {
  return (
    <DateInput
      value={DAY.test(value) ? `${value}T00:00:00` : null}
      onChange={(iso) => onChange(iso ? iso.slice(0, 10) : '')}
      formatDate={localDay}
      parseDate={parseWholeDay}
      {...(minDay ? { minDate: localDate(minDay) } : {})}
      {...(maxDay ? { maxDate: localDate(maxDay) } : {})}
      locale={activeLocale() === 'en' ? enUS : zhCN}
      disabled={disabled ?? false}
      placeholder={placeholder ?? 'YYYY-MM-DD'}
      canClearSelection={false}
      inputProps={{
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        ...(className ? { className } : {}),
        small: small ?? false,
      }}
    />
  );
}
