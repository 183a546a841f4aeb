// One dialog for every transition but edit: its inputs come from the machine's row (`transitionOf(action).inputs`),
// the shared rule messages (`actionInputViolations`) show before anything is sent, and the server's refusal (the
// order changed meanwhile, a 400 naming a field) shows inside the dialog after. Full screen on a phone.
import type { MessageKey } from '@waterops/shared/i18n';
import { actionInputViolations, transitionOf, type WorkOrder } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useRefusal } from '../../components/Refusal.tsx';
import { messagesByField } from '../../resources/rules.ts';
import { type ActionDraft, ActionInputFields, bodyOfDraft, EMPTY_DRAFT } from './ActionInputFields.tsx';
import { ACTION_ICON } from './actionLook.ts';
import { type RoutedAction, useWorkOrderActionMutation } from './workOrderApi.ts';

export type WorkOrderActionDialogProps = {
  /** the transition to apply */
  action: RoutedAction;
  /** the order it applies to */
  order: Pick<WorkOrder, 'id' | 'code' | 'title' | 'departmentId'>;
  /** closes the dialog (after a success too) */
  onClose: () => void;
  /** the order as the server answered, after a success */
  onDone?: (order: WorkOrder) => void;
};

export function WorkOrderActionDialog({ action, order, onClose, onDone }: WorkOrderActionDialogProps) {
  const { t } = useTranslation();
  const inputs = transitionOf(action).inputs;
  const [draft, setDraft] = useState<ActionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const { refusal, clearRefusal, send } = useRefusal();
  const [act, { isLoading }] = useWorkOrderActionMutation();
  const now = new Date();
  const actionName = t(`workOrder.action.${action}`);

  const handleChange = (next: ActionDraft) => {
    setDraft(next);
    // a message goes away once its rule holds again
    if (Object.keys(errors).length > 0) setErrors(violationMap(action, next));
  };

  const handleSubmit = async () => {
    const found = violationMap(action, draft);
    setErrors(found);
    clearRefusal();
    if (Object.keys(found).length > 0) return;
    // a refusal: the state changed meanwhile, the caller may no longer act, or a 400 naming the field
    await send(
      () => act({ action, body: { id: order.id, ...bodyOfDraft(inputs, draft) } }).unwrap(),
      (done) => {
        showMessage(t('workOrderPage.actionDone', { action: actionName, code: order.code }), 'success');
        onDone?.(done);
        onClose();
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={t('workOrderPage.actionTitle', { action: actionName, code: order.code })}
      icon={ACTION_ICON[action]}
      width={520}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={handleSubmit}
      refusal={refusal}
    >
      <div className="wo-wo-action-dialog">
        <p className="wo-wo-action-order">{order.title}</p>
        {Object.keys(inputs).length === 0 && <p>{t('workOrderPage.confirmAction', { action: actionName })}</p>}
        <ActionInputFields
          action={action}
          inputs={inputs}
          draft={draft}
          onChange={handleChange}
          errors={errors}
          departmentId={order.departmentId}
          now={now}
        />
      </div>
    </FormDialog>
  );
}

/** The shared rule messages by field (the first per field). */
export const violationMap = (action: RoutedAction, draft: ActionDraft, now = new Date()) => {
  const body = {
    comment: draft.comment,
    attachments: draft.attachments,
    assigneeId: draft.assigneeId,
    dueAt: draft.dueAt || null,
    cause: draft.cause,
    materials: draft.materials,
  };
  return messagesByField(actionInputViolations(action, body, now));
};
