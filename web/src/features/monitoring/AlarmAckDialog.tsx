// Acknowledge one or many alarms, named (the first few, by source and type): nothing is required, a comment
// (≤ 200 characters) may be given.
import { FormGroup, TextArea } from '@blueprintjs/core';
import type { Alarm } from '@waterops/shared/monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useAcknowledgeAlarmsMutation } from './alarmsApi.ts';

export type AlarmAckDialogProps = {
  /** the alarms to acknowledge */
  ids: number[];
  /** those of them on show, so the dialog names what is being acknowledged (the first few) */
  alarms?: readonly Pick<Alarm, 'id' | 'sourceCode' | 'alarmType'>[];
  /** closes the dialog (after a success too) */
  onClose: () => void;
  /** after the server acknowledged them */
  onDone?: () => void;
};

/** How many alarms the dialog names before "and N more". */
const NAMED = 3;

export function AlarmAckDialog({ ids, alarms = [], onClose, onDone }: AlarmAckDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [acknowledge, { isLoading }] = useAcknowledgeAlarmsMutation();
  const named = alarms.filter((a) => ids.includes(a.id)).slice(0, NAMED);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    try {
      const { changed } = await acknowledge({ ids, ...(text ? { comment: text } : {}) }).unwrap();
      showMessage(t('alarmConsole.ackDone', { count: changed }), 'success');
      onDone?.();
      onClose();
    } catch {
      // the request layer showed the reason; the dialog stays for another try
    }
  };
  return (
    <FormDialog
      isOpen
      title={t('alarmConsole.ackTitle')}
      icon="tick"
      width={440}
      busy={isLoading}
      onClose={onClose}
      onSubmit={handleSubmit}
    >
      <p>{t('alarmConsole.ackCount', { count: ids.length })}</p>
      {named.length > 0 && (
        <ul className="wo-ack-named">
          {named.map((a) => (
            <li key={a.id}>
              {a.sourceCode} · {t(`alarmConsole.type.${a.alarmType}`)}
            </li>
          ))}
          {ids.length > named.length && <li>{t('alarmConsole.ackMore', { count: ids.length - named.length })}</li>}
        </ul>
      )}
      <FormGroup label={t('alarmConsole.comment')} labelFor="alarm-ack-comment">
        <TextArea
          id="alarm-ack-comment"
          fill
          autoFocus
          maxLength={200}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </FormGroup>
    </FormDialog>
  );
}
