// Shelve alarms for one of the offered durations with a required reason; they come back when the time is up.
import { FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { SHELVE_MINUTES } from '@waterops/shared/monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { REQUIRED_CLASS } from '../../components/FormField.tsx';
import { useShelveAlarmsMutation } from './alarmsApi.ts';

export type AlarmShelveDialogProps = {
  /** the alarms to shelve */
  ids: number[];
  /** closes the dialog (after a success too) */
  onClose: () => void;
};

export function AlarmShelveDialog({ ids, onClose }: AlarmShelveDialogProps) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<number>(60);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [shelve, { isLoading }] = useShelveAlarmsMutation();
  const missingReason = reason.trim() === '';
  const durationText = (m: number) =>
    m % 60 === 0 ? t('alarmConsole.hours', { count: m / 60 }) : t('alarmConsole.minutes', { count: m });

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missingReason) return;
    try {
      const { changed } = await shelve({ ids, minutes, reason: reason.trim() }).unwrap();
      showMessage(t('alarmConsole.shelveDone', { count: changed }), 'success');
      onClose();
    } catch {
      // the request layer showed the reason
    }
  };
  const showError = tried && missingReason;
  return (
    <FormDialog
      isOpen
      title={t('alarmConsole.shelveTitle')}
      icon="pause"
      width={440}
      busy={isLoading}
      onClose={onClose}
      onSubmit={handleSubmit}
    >
      <p>{t('alarmConsole.shelveCount', { count: ids.length })}</p>
      <FormGroup label={t('alarmConsole.duration')} labelFor="alarm-shelve-minutes">
        <HTMLSelect
          id="alarm-shelve-minutes"
          fill
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
          options={SHELVE_MINUTES.map((m) => ({ value: m, label: durationText(m) }))}
        />
      </FormGroup>
      <FormGroup
        label={t('alarmConsole.reason')}
        labelFor="alarm-shelve-reason"
        className={REQUIRED_CLASS}
        intent={showError ? Intent.DANGER : Intent.NONE}
        helperText={showError ? t('alarmConsole.reasonRequired') : undefined}
      >
        <TextArea
          id="alarm-shelve-reason"
          fill
          autoFocus
          maxLength={200}
          required
          intent={showError ? Intent.DANGER : Intent.NONE}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormGroup>
    </FormDialog>
  );
}
