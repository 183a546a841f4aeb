// Taking a complaint (new) or correcting one (edit): the number prefilled from the code rule and checked unique as it
// is typed (spec §5), channel, category, complainant and phone, the resident and the meter with the existing
// selectors — choosing a resident fills the complainant, phone and address left empty —, the address, what the
// complaint is about, photos. The shared intake rules (`validateComplaint`) mark the fields they require and show
// under their fields before anything is sent; the server's refusal (a number taken meanwhile) after. A refused save
// brings the first field in error into view (FormDialog).
import { FormGroup } from '@blueprintjs/core';
import type { PageResult } from '@waterops/shared/api';
import {
  type Complaint,
  ComplaintCategory,
  ComplaintChannel,
  ComplaintSave,
  validateComplaint,
} from '@waterops/shared/complaint';
import { CUSTOMER_PATHS, type Resident } from '@waterops/shared/customer';
import type { MessageKey } from '@waterops/shared/i18n';
import { maxLengthOf } from '@waterops/shared/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { request } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useRefusal } from '../../components/Refusal.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { ResidentSelect } from '../../components/selectors/ResidentSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { messagesByField, requiredFields } from '../../resources/rules.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { PhotosField } from '../workorder/PhotosField.tsx';
import { complaintNoTaken, fetchNewComplaintNo, useSaveComplaintMutation } from './complaintApi.ts';

/** How long the number rests before it is checked (spec §5 selectors: 300–500 ms). */
export const NUMBER_CHECK_MS = 400;

export type ComplaintFormDialogProps = {
  /** the complaint to correct; absent: a new one */
  complaint?: Complaint;
  /** called when it is closed (saved or cancelled) */
  onClose: () => void;
};

type Draft = {
  complaintNo: string;
  channel: Complaint['channel'];
  category: Complaint['category'];
  complainant: string;
  phone: string;
  resident: SelectorItem | null;
  meter: SelectorItem | null;
  address: string;
  content: string;
  attachments: string[];
};

const draftOf = (c: Complaint | undefined): Draft => ({
  complaintNo: c?.complaintNo ?? '',
  channel: c?.channel ?? 'phone',
  category: c?.category ?? 'noWater',
  complainant: c?.complainant ?? '',
  phone: c?.phone ?? '',
  resident: c?.residentId ? { id: c.residentId, label: c.residentCode ?? String(c.residentId) } : null,
  meter: c?.meterId ? { id: c.meterId, label: c.meterCode ?? String(c.meterId) } : null,
  address: c?.address ?? '',
  content: c?.content ?? '',
  attachments: c?.attachments ?? [],
});

const text = (v: string) => (v.trim() === '' ? null : v.trim());

const REQUIRED = requiredFields(validateComplaint({}));

/** The resident a selector item names, with its name, phone and address (the lookup the selector searched). */
export const residentOf = async (item: SelectorItem): Promise<Resident | null> => {
  try {
    const page = await request<PageResult<Resident>>({
      url: CUSTOMER_PATHS.residents,
      params: { residentCode: item.label, page: 1, limit: 50 },
      not_msg: true,
    });
    return page.data.find((r) => r.residentId === item.id) ?? null;
  } catch {
    return null;
  }
};

/** The draft with the resident's name, phone and address where those are still empty. */
export const filledFromResident = (d: Draft, r: Pick<Resident, 'residentName' | 'phone' | 'address'>): Draft => ({
  ...d,
  complainant: d.complainant.trim() ? d.complainant : r.residentName,
  phone: d.phone.trim() ? d.phone : (r.phone ?? ''),
  address: d.address.trim() ? d.address : (r.address ?? ''),
});

export function ComplaintFormDialog({ complaint, onClose }: ComplaintFormDialogProps) {
  const { t } = useTranslation();
  const editing = complaint !== undefined;
  const [draft, setDraft] = useState<Draft>(() => draftOf(complaint));
  const [checked, setChecked] = useState(false);
  const [taken, setTaken] = useState(false);
  const { refusal, clearRefusal, send } = useRefusal();
  const [save, { isLoading }] = useSaveComplaintMutation();
  // the latest draft, for a resident's details arriving after the user typed on
  const latest = useRef(draft);
  latest.current = draft;

  // a new complaint's number comes from the code rule, unless the user typed one first
  useEffect(() => {
    if (editing) return;
    let live = true;
    void fetchNewComplaintNo().then((no) => {
      if (live && no && latest.current.complaintNo === '') setDraft((d) => ({ ...d, complaintNo: no }));
    });
    return () => {
      live = false;
    };
  }, [editing]);

  // the number is checked as it is typed: another complaint holding it is said at once
  const number = draft.complaintNo.trim();
  useEffect(() => {
    setTaken(false);
    if (number === '' || (editing && number === complaint.complaintNo)) return;
    let live = true;
    const timer = setTimeout(() => {
      void complaintNoTaken(number, complaint?.id).then((held) => {
        if (live) setTaken(held === true);
      });
    }, NUMBER_CHECK_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [number, editing, complaint]);

  const bodyOf = (d: Draft): ComplaintSave => ({
    ...(complaint ? { id: complaint.id } : {}),
    complaintNo: d.complaintNo.trim(),
    channel: d.channel,
    category: d.category,
    complainant: d.complainant.trim(),
    phone: text(d.phone),
    residentId: d.resident?.id ?? null,
    meterId: d.meter?.id ?? null,
    address: text(d.address),
    content: d.content.trim(),
    attachments: d.attachments,
  });
  const rulesOf = (d: Draft) => messagesByField(validateComplaint(bodyOf(d)));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  // after the first submit the rules' messages follow every change (typed, or filled from the resident)
  const errors: Record<string, MessageKey> = checked ? rulesOf(draft) : {};
  const errorOf = (field: string): string | null => {
    if (errors[field]) return t(errors[field]);
    if (field === 'complaintNo' && taken) return t('complaint.rules.noExists');
    return null;
  };

  const handleResident = (resident: SelectorItem | null) => {
    set({ resident });
    if (!resident) return;
    void residentOf(resident).then((r) => {
      if (r && latest.current.resident?.id === resident.id) setDraft((d) => filledFromResident(d, r));
    });
  };

  const submit = useDebouncedAction(async () => {
    const found = rulesOf(draft);
    setChecked(true);
    clearRefusal();
    if (Object.keys(found).length > 0 || taken) return false;
    await send(
      () => save(bodyOf(draft)).unwrap(),
      (saved) => {
        showMessage(
          t(editing ? 'complaintPage.form.updated' : 'complaintPage.form.taken', { no: saved.complaintNo }),
          'success',
        );
        onClose();
      },
    );
  });

  return (
    <FormDialog
      isOpen
      title={
        editing ? t('complaintPage.form.editTitle', { no: complaint.complaintNo }) : t('complaintPage.form.newTitle')
      }
      icon={editing ? 'edit' : 'add'}
      width={680}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={() => submit()}
      refusal={refusal}
    >
      <div className="wo-complaint-form">
        <div className="wo-complaint-form-row">
          <FormField
            label={t('complaint.field.complaintNo')}
            value={draft.complaintNo}
            onChange={(complaintNo) => set({ complaintNo })}
            error={errorOf('complaintNo')}
            placeholder={t('complaintPage.form.noPlaceholder')}
            maxLength={40}
            required={REQUIRED.has('complaintNo')}
          />
          <SelectField
            label={t('complaint.field.channel')}
            value={draft.channel}
            onChange={(channel) => set({ channel })}
            options={ComplaintChannel.values.map((v) => ({ value: v, label: t(`complaint.channel.${v}`) }))}
          />
        </div>
        <div className="wo-complaint-form-row">
          <SelectField
            label={t('complaint.field.category')}
            value={draft.category}
            onChange={(category) => set({ category })}
            options={ComplaintCategory.values.map((v) => ({ value: v, label: t(`complaint.category.${v}`) }))}
          />
          <FormGroup label={t('complaint.field.residentId')} helperText={t('complaintPage.form.residentHint')}>
            <ResidentSelect value={draft.resident} onChange={handleResident} label={t('complaint.field.residentId')} />
          </FormGroup>
        </div>
        <div className="wo-complaint-form-row">
          <FormField
            label={t('complaint.field.complainant')}
            value={draft.complainant}
            onChange={(complainant) => set({ complainant })}
            error={errorOf('complainant')}
            maxLength={maxLengthOf(ComplaintSave, 'complainant')}
            required={REQUIRED.has('complainant')}
          />
          <FormField
            label={t('complaint.field.phone')}
            value={draft.phone}
            onChange={(phone) => set({ phone })}
            error={errorOf('phone')}
            inputMode="tel"
            maxLength={30}
          />
        </div>
        <div className="wo-complaint-form-row">
          <FormGroup label={t('complaint.field.meterId')}>
            <MeterSelect
              value={draft.meter}
              onChange={(meter) => set({ meter })}
              label={t('complaint.field.meterId')}
            />
          </FormGroup>
          <FormField
            label={t('complaint.field.address')}
            value={draft.address}
            onChange={(address) => set({ address })}
            error={errorOf('address')}
            maxLength={200}
          />
        </div>
        <TextAreaField
          label={t('complaint.field.content')}
          rows={4}
          maxLength={2000}
          required={REQUIRED.has('content')}
          value={draft.content}
          onChange={(content) => set({ content })}
          error={errorOf('content')}
        />
        <PhotosField
          label={t('complaintPage.form.photos')}
          value={draft.attachments}
          onChange={(attachments) => set({ attachments })}
        />
      </div>
    </FormDialog>
  );
}
