// The dialogs of a complaint's actions: turn it into a work order (type from the category unless chosen, priority,
// optionally assigned to a crew member at once), close it with the reply and the resident's satisfaction, reopen it
// with the reason (within 72 h of closing), delete it (only one never turned into an order). Each shows the rule's
// message before sending and the server's refusal after, and closes once done.
import { Alert, Callout, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  type Complaint,
  ORDER_TYPE_OF_CATEGORY,
  reopenDeadline,
  Satisfaction,
  validateComplaintOver,
} from '@waterops/shared/complaint';
import type { MessageKey } from '@waterops/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { useRefusal } from '../../components/Refusal.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { AssignNowField, assigneeMissing, assignmentBody, NO_ASSIGNMENT } from '../workorder/AssignNowField.tsx';
import { kindOf, TypePriorityFields } from '../workorder/TypePriorityFields.tsx';
import {
  useCloseComplaintMutation,
  useComplaintToWorkOrderMutation,
  useDeleteComplaintMutation,
  useReopenComplaintMutation,
} from './complaintApi.ts';

export type ComplaintDialogProps = {
  /** the complaint acted on */
  complaint: Complaint;
  /** called when the dialog closes (done or cancelled) */
  onClose: () => void;
};

/** A done action said, and its dialog closed. */
const doneAndClosed = (text: string, onClose: () => void) => {
  showMessage(text, 'success');
  onClose();
};

/** Turn into a work order: the complaint's text, photos and links go with it (the server carries them over). */
export function ComplaintOrderDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const [kind, setKind] = useState(() => kindOf(ORDER_TYPE_OF_CATEGORY[c.category]));
  const [assignment, setAssignment] = useState(NO_ASSIGNMENT);
  const [missing, setMissing] = useState(false);
  const { refusal, clearRefusal, send } = useRefusal();
  const [turn, { isLoading }] = useComplaintToWorkOrderMutation();
  const canAssign = can([PERMISSIONS.workOrderAssign]);

  const submit = useDebouncedAction(async () => {
    clearRefusal();
    if (assigneeMissing(assignment)) {
      setMissing(true);
      return false;
    }
    const body = { id: c.id, type: kind.type, priority: kind.priority, ...assignmentBody(assignment) };
    await send(
      () => turn(body).unwrap(),
      ({ complaint, message }) => {
        // the server names an order the complaint already had; a new one is just done
        const already = message !== t('common.success');
        const done = t('complaintPage.order.done', { code: complaint.workOrderCode ?? '' });
        showMessage(already ? message : done, already ? 'warning' : 'success');
        onClose();
      },
    );
  });

  return (
    <FormDialog
      isOpen
      title={t('complaintPage.order.title', { no: c.complaintNo })}
      icon="clipboard"
      width={560}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={() => void submit()}
      refusal={refusal}
    >
      <div className="wo-complaint-form">
        <Callout icon="info-sign" className="wo-complaint-carried">
          {c.attachments.length > 0
            ? t('complaintPage.order.carried', { count: c.attachments.length })
            : t('complaintPage.order.carriedNoPhotos')}
        </Callout>
        <div className="wo-complaint-form-row">
          <TypePriorityFields value={kind} onChange={setKind} />
        </div>
        {canAssign && (
          <AssignNowField
            label={t('complaintPage.order.assignNow')}
            value={assignment}
            onChange={(next) => {
              setAssignment(next);
              setMissing(false);
            }}
            missing={missing}
          />
        )}
      </div>
    </FormDialog>
  );
}

/** Close (办结): the reply to the resident and their satisfaction. */
export function ComplaintCloseDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const [reply, setReply] = useState(c.reply ?? '');
  const [satisfaction, setSatisfaction] = useState<Satisfaction>('satisfied');
  const [error, setError] = useState<MessageKey | null>(null);
  const { refusal, clearRefusal, send } = useRefusal();
  const [close, { isLoading }] = useCloseComplaintMutation();

  const submit = useDebouncedAction(async () => {
    const body = { id: c.id, reply: reply.trim(), satisfaction };
    const violation = validateComplaintOver(body)[0];
    setError(violation?.message ?? null);
    clearRefusal();
    if (violation) return false;
    await send(
      () => close(body).unwrap(),
      () => doneAndClosed(t('complaintPage.close.done', { no: c.complaintNo }), onClose),
    );
  });

  return (
    <FormDialog
      isOpen
      title={t('complaintPage.close.title', { no: c.complaintNo })}
      icon="tick-circle"
      width={520}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={() => void submit()}
      refusal={refusal}
    >
      <TextAreaField
        label={t('complaint.field.reply')}
        rows={4}
        maxLength={1000}
        value={reply}
        error={error ? t(error) : null}
        onChange={(next) => {
          setReply(next);
          if (error) setError(null);
        }}
      />
      <RadioGroup
        label={t('complaint.field.satisfaction')}
        inline
        selectedValue={satisfaction}
        onChange={(e) => setSatisfaction(e.currentTarget.value as Satisfaction)}
      >
        {Satisfaction.values.map((v) => (
          <Radio key={v} value={v} label={t(`complaint.satisfaction.${v}`)} />
        ))}
      </RadioGroup>
    </FormDialog>
  );
}

/** Reopen: the reason, within 72 h of closing (the deadline is shown). */
export function ComplaintReopenDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const { refusal, clearRefusal, send } = useRefusal();
  const [reopen, { isLoading }] = useReopenComplaintMutation();

  const submit = useDebouncedAction(async () => {
    clearRefusal();
    if (reason.trim() === '') {
      setError(true);
      return false;
    }
    await send(
      () => reopen({ id: c.id, reason: reason.trim() }).unwrap(),
      () => doneAndClosed(t('complaintPage.reopen.done', { no: c.complaintNo }), onClose),
    );
  });

  return (
    <FormDialog
      isOpen
      title={t('complaintPage.reopen.title', { no: c.complaintNo })}
      icon="undo"
      width={520}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={() => void submit()}
      refusal={refusal}
    >
      {c.closedAt && (
        <p className="wo-complaint-hint">
          {t('complaintPage.reopen.until', { until: formatDateTime(reopenDeadline(c.closedAt)) })}
        </p>
      )}
      <TextAreaField
        label={t('complaintPage.reopen.reason')}
        rows={3}
        maxLength={500}
        value={reason}
        error={error ? t('complaint.rules.reasonRequired') : null}
        onChange={(next) => {
          setReason(next);
          setError(false);
        }}
      />
    </FormDialog>
  );
}

/** Delete, after confirmation. */
export function ComplaintDeleteConfirm({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const [remove, { isLoading }] = useDeleteComplaintMutation();
  const handleConfirm = async () => {
    try {
      await remove(c.id).unwrap();
      showMessage(t('complaintPage.delete.done', { no: c.complaintNo }), 'success');
    } catch (failure) {
      showMessage((failure as RequestFailure).message);
    }
    onClose();
  };
  return (
    <Alert
      isOpen
      intent={Intent.DANGER}
      icon="trash"
      cancelButtonText={t('common.cancel')}
      confirmButtonText={t('complaintPage.action.delete')}
      loading={isLoading}
      onCancel={onClose}
      onConfirm={() => void handleConfirm()}
    >
      <p>{t('complaintPage.delete.confirm', { no: c.complaintNo })}</p>
    </Alert>
  );
}
