// One day of the work calendar: a public holiday, a make-up working day (调休) or usual again, with a name. The
// change stays in the page's draft until the year is saved.
import { Callout, FormGroup, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import type { CalendarDay } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { isWeekend, weekdayIndex } from './calendarGrid.ts';

type Kind = CalendarDay['kind'] | 'normal';

export type CalendarDayDialogProps = {
  /** the day being set */
  day: string;
  /** what the draft says of it now (undefined: usual) */
  current: CalendarDay | undefined;
  onClose: () => void;
  /** the day's new state (null: usual again) */
  onApply: (day: CalendarDay | null) => void;
};

export function CalendarDayDialog({ day, current, onClose, onApply }: CalendarDayDialogProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>(current?.kind ?? 'normal');
  const [name, setName] = useState(current?.name ?? '');
  const weekend = isWeekend(day);
  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    onApply(kind === 'normal' ? null : { day, kind, name: name.trim().slice(0, 20) });
  };
  return (
    <FormDialog
      isOpen
      title={t('workCalendarPage.dayTitle', { day, weekday: t(`workCalendarPage.weekday.${weekdayIndex(day)}`) })}
      icon="calendar"
      width={420}
      busy={false}
      onClose={onClose}
      onSubmit={handleSubmit}
    >
      <RadioGroup
        label={t('workCalendarPage.dayKind')}
        selectedValue={kind}
        onChange={(e) => setKind(e.currentTarget.value as Kind)}
      >
        <Radio value="normal" label={t('workCalendarPage.kind.normal')} />
        <Radio value="holiday" label={t('workCalendarPage.kind.holiday')} />
        <Radio value="workday" label={t('workCalendarPage.kind.workday')} />
      </RadioGroup>
      {kind !== 'normal' && (
        <FormGroup label={t('workCalendarPage.dayName')} labelFor="wo-cal-day-name">
          <InputGroup
            id="wo-cal-day-name"
            value={name}
            maxLength={20}
            placeholder={t('workCalendarPage.dayNamePlaceholder')}
            onValueChange={setName}
          />
        </FormGroup>
      )}
      {kind === 'workday' && !weekend && (
        <Callout compact intent={Intent.WARNING}>
          {t('workCalendarPage.workdayOnWeekday')}
        </Callout>
      )}
      {kind === 'holiday' && weekend && <Callout compact>{t('workCalendarPage.holidayOnWeekend')}</Callout>}
    </FormDialog>
  );
}
