// The dialogs of a complaint's actions: turn it into a work order (type from the category unless chosen, priority,
// optionally assigned to a crew member at once), close it with the reply and the resident's satisfaction, reopen it
// with the reason (within 72 h of closing), delete it (only one never turned into an order). Each shows the rule's
// message before sending and the server's refusal after, and closes once done.
import {
  Alert,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  type Complaint,
  ORDER_TYPE_OF_CATEGORY,
  reopenDeadline,
  Satisfaction,
  validateComplaintOver,
} from '@waterops/shared/complaint';
import type { MessageKey } from '@waterops/shared/i18n';
import { DEFAULT_PRIORITY, WorkOrderPriority, WorkOrderType } from '@waterops/shared/workorder';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { AssigneePicker } from '../workorder/AssigneePicker.tsx';
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

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <Callout intent={Intent.DANGER} icon="error" role="alert">
      {text}
    </Callout>
  ) : null;
}

/** Turn into a work order: the complaint's text, photos and links go with it (the server carries them over). */
export function ComplaintOrderDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const ids = { type: useId(), priority: useId() };
  const [type, setType] = useState(ORDER_TYPE_OF_CATEGORY[c.category]);
  const [priority, setPriority] = useState(DEFAULT_PRIORITY[ORDER_TYPE_OF_CATEGORY[c.category]]);
  const [priorityChosen, setPriorityChosen] = useState(false);
  const [assignNow, setAssignNow] = useState(false);
  const [assignee, setAssignee] = useState<{ userId: number; departmentId: number | null } | null>(null);
  const [assigneeMissing, setAssigneeMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [turn, { isLoading }] = useComplaintToWorkOrderMutation();
  const canAssign = can([PERMISSIONS.workOrderAssign]);

  const submit = useDebouncedAction(async () => {
    setRefusal(null);
    if (assignNow && !assignee) {
      setAssigneeMissing(true);
      return false;
    }
    try {
      const { complaint, message } = await turn({
        id: c.id,
        type,
        priority,
        ...(assignNow && assignee ? { assigneeId: assignee.userId, departmentId: assignee.departmentId } : {}),
      }).unwrap();
      // the server names an order the complaint already had; a new one is just done
      const already = message !== t('common.success');
      const done = t('complaintPage.order.done', { code: complaint.workOrderCode ?? '' });
      showMessage(already ? message : done, already ? 'warning' : 'success');
      onClose();
    } catch (error) {
      setRefusal((error as RequestFailure).message);
    }
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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="wo-complaint-form">
        <Callout icon="info-sign" className="wo-complaint-carried">
          {c.attachments.length > 0
            ? t('complaintPage.order.carried', { count: c.attachments.length })
            : t('complaintPage.order.carriedNoPhotos')}
        </Callout>
        <div className="wo-complaint-form-row">
          <FormGroup label={t('workOrder.field.type')} labelFor={ids.type}>
            <HTMLSelect
              id={ids.type}
              fill
              value={type}
              onChange={(e) => {
                const next = e.target.value as typeof type;
                setType(next);
                if (!priorityChosen) setPriority(DEFAULT_PRIORITY[next]);
              }}
              options={WorkOrderType.values.map((v) => ({ value: v, label: t(`workOrder.type.${v}`) }))}
            />
          </FormGroup>
          <FormGroup label={t('workOrder.field.priority')} labelFor={ids.priority}>
            <HTMLSelect
              id={ids.priority}
              fill
              value={priority}
              onChange={(e) => {
                setPriority(e.target.value as typeof priority);
                setPriorityChosen(true);
              }}
              options={WorkOrderPriority.values.map((v) => ({ value: v, label: t(`workOrder.priority.${v}`) }))}
            />
          </FormGroup>
        </div>
        {canAssign && (
          <>
            <Checkbox
              label={t('complaintPage.order.assignNow')}
              checked={assignNow}
              onChange={(e) => {
                setAssignNow(e.currentTarget.checked);
                setAssigneeMissing(false);
              }}
            />
            {assignNow && (
              <AssigneePicker
                value={assignee?.userId ?? null}
                error={assigneeMissing ? t('workOrder.rules.assigneeRequired') : null}
                onChange={(m) => {
                  setAssignee(m ? { userId: m.userId, departmentId: m.departmentId } : null);
                  setAssigneeMissing(false);
                }}
              />
            )}
          </>
        )}
        <Refusal text={refusal} />
      </div>
    </FormDialog>
  );
}

/** Close (办结): the reply to the resident and their satisfaction. */
export function ComplaintCloseDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const ids = { reply: useId() };
  const [reply, setReply] = useState(c.reply ?? '');
  const [satisfaction, setSatisfaction] = useState<Satisfaction>('satisfied');
  const [error, setError] = useState<MessageKey | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [close, { isLoading }] = useCloseComplaintMutation();

  const submit = useDebouncedAction(async () => {
    const body = { id: c.id, reply: reply.trim(), satisfaction };
    const violation = validateComplaintOver(body)[0];
    setError(violation?.message ?? null);
    setRefusal(null);
    if (violation) return false;
    try {
      await close(body).unwrap();
      showMessage(t('complaintPage.close.done', { no: c.complaintNo }), 'success');
      onClose();
    } catch (failure) {
      setRefusal((failure as RequestFailure).message);
    }
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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormGroup
        label={t('complaint.field.reply')}
        labelFor={ids.reply}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ? t(error) : undefined}
      >
        <TextArea
          id={ids.reply}
          fill
          rows={4}
          maxLength={1000}
          intent={error ? Intent.DANGER : Intent.NONE}
          value={reply}
          onChange={(e) => {
            setReply(e.target.value);
            if (error) setError(null);
          }}
        />
      </FormGroup>
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
      <Refusal text={refusal} />
    </FormDialog>
  );
}

/** Reopen: the reason, within 72 h of closing (the deadline is shown). */
export function ComplaintReopenDialog({ complaint: c, onClose }: ComplaintDialogProps) {
  const { t } = useTranslation();
  const ids = { reason: useId() };
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reopen, { isLoading }] = useReopenComplaintMutation();

  const submit = useDebouncedAction(async () => {
    setRefusal(null);
    if (reason.trim() === '') {
      setError(true);
      return false;
    }
    try {
      await reopen({ id: c.id, reason: reason.trim() }).unwrap();
      showMessage(t('complaintPage.reopen.done', { no: c.complaintNo }), 'success');
      onClose();
    } catch (failure) {
      setRefusal((failure as RequestFailure).message);
    }
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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {c.closedAt && (
        <p className="wo-complaint-hint">
          {t('complaintPage.reopen.until', { until: formatDateTime(reopenDeadline(c.closedAt)) })}
        </p>
      )}
      <FormGroup
        label={t('complaintPage.reopen.reason')}
        labelFor={ids.reason}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ? t('complaint.rules.reasonRequired') : undefined}
      >
        <TextArea
          id={ids.reason}
          fill
          rows={3}
          maxLength={500}
          intent={error ? Intent.DANGER : Intent.NONE}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
        />
      </FormGroup>
      <Refusal text={refusal} />
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
