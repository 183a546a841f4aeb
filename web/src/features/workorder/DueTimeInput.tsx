// A new due time (a deferral's): quick choices a crew member taps on a phone (in 2 h, in 4 h, tomorrow 09:00, in 1
// or 3 days) or a day (the app's date input, in its language) and a time of day on the half hour.
import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../reading/DayInput.tsx';
import { localDate, localDay } from '../reading/ReadingDayRange.tsx';

export type DueTimeInputProps = {
  /** the chosen instant (ISO), or '' */
  value: string;
  onChange: (iso: string) => void;
  /** the day input's accessible name */
  label: string;
  /** the instant the quick choices count from */
  now: Date;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Half hours of a day, 'HH:MM'. */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`);

/** A day and a time of day (local) as an instant. */
export const instantOf = (day: string, time: string): string => {
  const d = localDate(day);
  const [h, m] = time.split(':').map(Number) as [number, number];
  d.setHours(h, m, 0, 0);
  return d.toISOString();
};

/** The quick choices as of `now`, each rounded up to the next half hour. */
export const quickDueTimes = (now: Date): { key: string; iso: string }[] => {
  const roundUp = (ms: number) => new Date(Math.ceil(ms / 1_800_000) * 1_800_000).toISOString();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0, 0);
  return [
    { key: 'in2h', iso: roundUp(now.getTime() + 2 * 3_600_000) },
    { key: 'in4h', iso: roundUp(now.getTime() + 4 * 3_600_000) },
    { key: 'tomorrow9', iso: tomorrow.toISOString() },
    { key: 'in1d', iso: roundUp(now.getTime() + 86_400_000) },
    { key: 'in3d', iso: roundUp(now.getTime() + 3 * 86_400_000) },
  ];
};

export function DueTimeInput({ value, onChange, label, now }: DueTimeInputProps) {
  const { t } = useTranslation();
  const at = value ? new Date(value) : null;
  const day = at ? localDay(at) : '';
  const time = at ? `${pad(at.getHours())}:${pad(at.getMinutes())}` : '09:00';
  const times = HALF_HOURS.includes(time) ? HALF_HOURS : [...HALF_HOURS, time].sort();
  return (
    <div className="wo-wo-due">
      <div className="wo-wo-due-quick">
        {quickDueTimes(now).map((q) => (
          <Button
            key={q.key}
            variant="outlined"
            text={t(`workOrderPage.due.${q.key}`)}
            active={value === q.iso}
            intent={value === q.iso ? 'primary' : 'none'}
            onClick={() => onChange(q.iso)}
          />
        ))}
      </div>
      <div className="wo-wo-due-pick">
        <DayInput
          value={day}
          ariaLabel={label}
          minDay={localDay(now)}
          onChange={(d) => onChange(d ? instantOf(d, time) : '')}
        />
        <HTMLSelect
          aria-label={t('workOrderPage.due.time')}
          value={time}
          disabled={!day}
          onChange={(e) => onChange(instantOf(day, e.target.value))}
          options={times}
        />
      </div>
    </div>
  );
}
