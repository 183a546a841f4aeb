// A work order by hand (new) or its fields changed (the 'edit' action): title, type, priority (the type's
// DEFAULT_PRIORITY until chosen), description, address, contact, meter and resident with the existing selectors,
// photos; a new order may be assigned at once. The shared save rules (`validateWorkOrderSave`) show before sending,
// the server's refusal after; a new order carries one idempotency key per opening of the dialog, so a retried or
// double-clicked create gives one order.
import { Callout, Checkbox, FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import {
  DEFAULT_PRIORITY,
  MAX_ATTACHMENTS,
  validateWorkOrderSave,
  type WorkOrder,
  WorkOrderPriority,
  type WorkOrderSave,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { ResidentSelect } from '../../components/selectors/ResidentSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { useUploadImageMutation } from '../user/userApi.ts';
import { AssigneePicker } from './AssigneePicker.tsx';
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

type Draft = {
  title: string;
  type: WorkOrder['type'];
  priority: WorkOrder['priority'];
  /** the user chose the priority (the type's default no longer follows) */
  priorityChosen: boolean;
  description: string;
  address: string;
  contactName: string;
  contactPhone: string;
  meter: SelectorItem | null;
  resident: SelectorItem | null;
  attachments: string[];
  assignNow: boolean;
  assigneeId: number | null;
  departmentId: number | null;
};

const draftOf = (o: WorkOrder | undefined): Draft => ({
  title: o?.title ?? '',
  type: o?.type ?? 'other',
  priority: o?.priority ?? DEFAULT_PRIORITY.other,
  priorityChosen: o !== undefined,
  description: o?.description ?? '',
  address: o?.address ?? '',
  contactName: o?.contactName ?? '',
  contactPhone: o?.contactPhone ?? '',
  meter: o?.meterId ? { id: o.meterId, label: o.meterCode ?? String(o.meterId) } : null,
  resident: o?.residentId ? { id: o.residentId, label: o.residentCode ?? String(o.residentId) } : null,
  attachments: [],
  assignNow: false,
  assigneeId: null,
  departmentId: null,
});

const text = (v: string) => (v.trim() === '' ? null : v.trim());

export function WorkOrderFormDialog({ order, onClose, onSaved, place }: WorkOrderFormDialogProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const ids = { type: useId(), priority: useId(), description: useId() };
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [requestKey] = useState(newRequestKey);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [assigneeError, setAssigneeError] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveWorkOrderMutation();
  const [uploadImage] = useUploadImageMutation();
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
    ...(d.assignNow && d.assigneeId ? { assigneeId: d.assigneeId, departmentId: d.departmentId } : {}),
  });
  const rulesOf = (d: Draft) => {
    const found: Record<string, MessageKey> = {};
    for (const v of validateWorkOrderSave(bodyOf(d))) found[v.field] ??= v.message;
    return found;
  };
  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors(rulesOf(next));
  };
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = rulesOf(draft);
    const missingAssignee = draft.assignNow && !draft.assigneeId;
    setErrors(found);
    setAssigneeError(missingAssignee);
    setRefusal(null);
    if (Object.keys(found).length > 0 || missingAssignee) return;
    try {
      const saved = await save(bodyOf(draft)).unwrap();
      showMessage(
        t(editing ? 'workOrderPage.form.updated' : 'workOrderPage.form.created', { code: saved.code }),
        'success',
      );
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setRefusal((error as RequestFailure).message);
    }
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
    >
      <div className="wo-wo-form">
        <FormField
          label={`${t('workOrder.field.title')} *`}
          value={draft.title}
          onChange={(title) => set({ title })}
          error={errorOf('title')}
          maxLength={100}
        />
        <div className="wo-wo-form-row">
          <FormGroup label={t('workOrder.field.type')} labelFor={ids.type}>
            <HTMLSelect
              id={ids.type}
              fill
              value={draft.type}
              onChange={(e) => {
                const type = e.target.value as WorkOrder['type'];
                set({ type, ...(draft.priorityChosen ? {} : { priority: DEFAULT_PRIORITY[type] }) });
              }}
              options={WorkOrderType.values.map((v) => ({ value: v, label: t(`workOrder.type.${v}`) }))}
            />
          </FormGroup>
          <FormGroup
            label={t('workOrder.field.priority')}
            labelFor={ids.priority}
            helperText={draft.priorityChosen ? undefined : t('workOrderPage.form.priorityDefault')}
          >
            <HTMLSelect
              id={ids.priority}
              fill
              value={draft.priority}
              onChange={(e) => set({ priority: e.target.value as WorkOrder['priority'], priorityChosen: true })}
              options={WorkOrderPriority.values.map((v) => ({ value: v, label: t(`workOrder.priority.${v}`) }))}
            />
          </FormGroup>
        </div>
        <FormGroup
          label={t('workOrder.field.description')}
          labelFor={ids.description}
          labelInfo="*"
          intent={errors.description ? Intent.DANGER : Intent.NONE}
          helperText={errorOf('description') ?? undefined}
        >
          <TextArea
            id={ids.description}
            fill
            rows={3}
            maxLength={2000}
            intent={errors.description ? Intent.DANGER : Intent.NONE}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </FormGroup>
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
            maxLength={50}
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
          <FormGroup label={t('workOrderPage.input.photos')}>
            <ImageUploader
              label={t('workOrderPage.input.photos')}
              value={draft.attachments}
              onChange={(attachments) => set({ attachments })}
              onUpload={async (file) => (await uploadImage(file).unwrap()).url}
              max={MAX_ATTACHMENTS}
            />
          </FormGroup>
        )}
        {canAssign && (
          <>
            <Checkbox
              label={t('workOrderPage.form.assignNow')}
              checked={draft.assignNow}
              onChange={(e) => set({ assignNow: e.currentTarget.checked })}
            />
            {draft.assignNow && (
              <AssigneePicker
                value={draft.assigneeId}
                error={assigneeError ? t('workOrder.rules.assigneeRequired') : null}
                onChange={(m) => set({ assigneeId: m?.userId ?? null, departmentId: m?.departmentId ?? null })}
              />
            )}
          </>
        )}
        {refusal && (
          <Callout intent={Intent.DANGER} icon="error" role="alert" className="wo-wo-refusal">
            {refusal}
          </Callout>
        )}
      </div>
    </FormDialog>
  );
}
