// A work order by hand (new) or its fields changed (the 'edit' action): title, type, priority (the type's
// DEFAULT_PRIORITY until chosen), description, address, contact, meter and resident with the existing selectors,
// photos; a new order may be assigned at once. The shared save rules (`validateWorkOrderSave`) mark the fields they
// require and show before sending, the server's refusal after (a refused save brings the first field in error into
// view: FormDialog); a new order carries one idempotency key per opening of the dialog, so a retried or
// double-clicked create gives one order.
import { FormGroup } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import { maxLengthOf } from '@waterops/shared/rules';
import { validateWorkOrderSave, type WorkOrder, WorkOrderSave } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { useRefusal } from '../../components/Refusal.tsx';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { ResidentSelect } from '../../components/selectors/ResidentSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { messagesByField, requiredFields } from '../../resources/rules.ts';
import { type Assignment, AssignNowField, assigneeMissing, assignmentBody, NO_ASSIGNMENT } from './AssignNowField.tsx';
import { PhotosField } from './PhotosField.tsx';
import { kindOf, type OrderKind, TypePriorityFields } from './TypePriorityFields.tsx';
import { WorkOrderRaisePlace } from './WorkOrderRaisePlace.tsx';
import { useSaveWorkOrderMutation } from './workOrderApi.ts';

export type WorkOrderFormDialogProps = {
  /** the order to edit; absent: a new one */
  order?: WorkOrder;
  onClose: () => void;
  /** the saved order */
  onSaved?: (order: WorkOrder) => void;
  /** a new order's place picked on the operations map: its BD-09 position and the district it lies in */
  place?: WorkOrderPlace;
};

/** Where a new order raised on the map stands. */
export type WorkOrderPlace = { lng: number; lat: number; districtId: number | null; districtName: string | null };

/** A fresh idempotency key (the save schema: 8–64 of [A-Za-z0-9_-]). */
export const newRequestKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

type Draft = OrderKind &
  Assignment & {
    title: string;
    description: string;
    address: string;
    contactName: string;
    contactPhone: string;
    meter: SelectorItem | null;
    resident: SelectorItem | null;
    attachments: string[];
  };

const draftOf = (o: WorkOrder | undefined): Draft => ({
  title: o?.title ?? '',
  ...(o ? { type: o.type, priority: o.priority, priorityChosen: true } : kindOf('other')),
  description: o?.description ?? '',
  address: o?.address ?? '',
  contactName: o?.contactName ?? '',
  contactPhone: o?.contactPhone ?? '',
  meter: o?.meterId ? { id: o.meterId, label: o.meterCode ?? String(o.meterId) } : null,
  resident: o?.residentId ? { id: o.residentId, label: o.residentCode ?? String(o.residentId) } : null,
  attachments: [],
  ...NO_ASSIGNMENT,
});

const text = (v: string) => (v.trim() === '' ? null : v.trim());

const REQUIRED = requiredFields(validateWorkOrderSave({}));

export function WorkOrderFormDialog({ order, onClose, onSaved, place }: WorkOrderFormDialogProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [requestKey] = useState(newRequestKey);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [assigneeError, setAssigneeError] = useState(false);
  const { refusal, clearRefusal, send } = useRefusal();
  const [save, { isLoading }] = useSaveWorkOrderMutation();
  const editing = order !== undefined;
  const canAssign = !editing && can([PERMISSIONS.workOrderAssign]);

  const bodyOf = (d: Draft): WorkOrderSave => ({
    ...(order ? { id: order.id } : { requestKey }),
    title: d.title.trim(),
    type: d.type,
    priority: d.priority,
    description: d.description.trim(),
    address: text(d.address),
    contactName: text(d.contactName),
    contactPhone: text(d.contactPhone),
    meterId: d.meter?.id ?? null,
    residentId: d.resident?.id ?? null,
    ...(!order && place ? { lng: place.lng, lat: place.lat, districtId: place.districtId } : {}),
    ...(d.attachments.length > 0 ? { attachments: d.attachments } : {}),
    ...assignmentBody(d),
  });
  const rulesOf = (d: Draft) => messagesByField(validateWorkOrderSave(bodyOf(d)));
  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(rulesOf(next));
  };
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);

  const handleSubmit = async () => {
    const found = rulesOf(draft);
    const missingAssignee = assigneeMissing(draft);
    setErrors(found);
    setAssigneeError(missingAssignee);
    clearRefusal();
    if (Object.keys(found).length > 0 || missingAssignee) return;
    await send(
      () => save(bodyOf(draft)).unwrap(),
      (saved) => {
        showMessage(
          t(editing ? 'workOrderPage.form.updated' : 'workOrderPage.form.created', { code: saved.code }),
          'success',
        );
        onSaved?.(saved);
        onClose();
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={editing ? t('workOrderPage.form.editTitle', { code: order.code }) : t('workOrderPage.form.newTitle')}
      icon={editing ? 'edit' : 'add'}
      width={640}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={handleSubmit}
      refusal={refusal}
    >
      <div className="wo-wo-form">
        <FormField
          label={t('workOrder.field.title')}
          value={draft.title}
          onChange={(title) => set({ title })}
          error={errorOf('title')}
          maxLength={100}
          required={REQUIRED.has('title')}
        />
        <div className="wo-wo-form-row">
          <TypePriorityFields value={draft} onChange={set} priorityHint={t('workOrderPage.form.priorityDefault')} />
        </div>
        <TextAreaField
          label={t('workOrder.field.description')}
          required={REQUIRED.has('description')}
          rows={3}
          maxLength={2000}
          value={draft.description}
          onChange={(description) => set({ description })}
          error={errorOf('description')}
        />
        {!editing && place && <WorkOrderRaisePlace place={place} />}
        <FormField
          label={t('workOrder.field.address')}
          value={draft.address}
          onChange={(address) => set({ address })}
          maxLength={200}
        />
        <div className="wo-wo-form-row">
          <FormField
            label={t('workOrder.field.contactName')}
            value={draft.contactName}
            onChange={(contactName) => set({ contactName })}
            maxLength={maxLengthOf(WorkOrderSave, 'contactName')}
          />
          <FormField
            label={t('workOrder.field.contactPhone')}
            value={draft.contactPhone}
            onChange={(contactPhone) => set({ contactPhone })}
            error={errorOf('contactPhone')}
            inputMode="tel"
            maxLength={30}
          />
        </div>
        <div className="wo-wo-form-row">
          <FormGroup label={t('workOrder.field.meterId')}>
            <MeterSelect
              value={draft.meter}
              onChange={(meter) => set({ meter })}
              label={t('workOrder.field.meterId')}
            />
          </FormGroup>
          <FormGroup label={t('workOrder.field.residentId')}>
            <ResidentSelect
              value={draft.resident}
              onChange={(resident) => set({ resident })}
              label={t('workOrder.field.residentId')}
            />
          </FormGroup>
        </div>
        {!editing && (
          <PhotosField
            label={t('workOrderPage.input.photos')}
            value={draft.attachments}
            onChange={(attachments) => set({ attachments })}
          />
        )}
        {canAssign && (
          <AssignNowField
            label={t('workOrderPage.form.assignNow')}
            value={draft}
            onChange={set}
            missing={assigneeError}
          />
        )}
      </div>
    </FormDialog>
  );
}
