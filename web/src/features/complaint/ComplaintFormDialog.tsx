// Taking a complaint (new) or correcting one (edit): the number prefilled from the code rule and checked unique as it
// is typed (spec §5), channel, category, complainant and phone, the resident and the meter with the existing
// selectors — choosing a resident fills the complainant, phone and address left empty —, the address, what the
// complaint is about, photos. The shared intake rules (`validateComplaint`) show under their fields before anything
// is sent; the server's refusal (a number taken meanwhile) after.
import { Callout, FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import type { PageResult } from '@waterops/shared/api';
import {
  type Complaint,
  ComplaintCategory,
  ComplaintChannel,
  type ComplaintSave,
  validateComplaint,
} from '@waterops/shared/complaint';
import { CUSTOMER_PATHS, type Resident } from '@waterops/shared/customer';
import type { MessageKey } from '@waterops/shared/i18n';
import { MAX_ATTACHMENTS } from '@waterops/shared/workorder';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { type RequestFailure, request } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import { ResidentSelect } from '../../components/selectors/ResidentSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useUploadImageMutation } from '../user/userApi.ts';
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
  const ids = { channel: useId(), category: useId(), content: useId() };
  const editing = complaint !== undefined;
  const [draft, setDraft] = useState<Draft>(() => draftOf(complaint));
  const [checked, setChecked] = useState(false);
  const [taken, setTaken] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveComplaintMutation();
  const [uploadImage] = useUploadImageMutation();
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
  const rulesOf = (d: Draft) => {
    const found: Record<string, MessageKey> = {};
    for (const v of validateComplaint(bodyOf(d))) found[v.field] ??= v.message;
    return found;
  };
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
    setRefusal(null);
    if (Object.keys(found).length > 0 || taken) return false;
    try {
      const saved = await save(bodyOf(draft)).unwrap();
      showMessage(
        t(editing ? 'complaintPage.form.updated' : 'complaintPage.form.taken', { no: saved.complaintNo }),
        'success',
      );
      onClose();
    } catch (error) {
      setRefusal((error as RequestFailure).message);
    }
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
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
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
          />
          <FormGroup label={t('complaint.field.channel')} labelFor={ids.channel}>
            <HTMLSelect
              id={ids.channel}
              fill
              value={draft.channel}
              onChange={(e) => set({ channel: e.target.value as Complaint['channel'] })}
              options={ComplaintChannel.values.map((v) => ({ value: v, label: t(`complaint.channel.${v}`) }))}
            />
          </FormGroup>
        </div>
        <div className="wo-complaint-form-row">
          <FormGroup label={t('complaint.field.category')} labelFor={ids.category}>
            <HTMLSelect
              id={ids.category}
              fill
              value={draft.category}
              onChange={(e) => set({ category: e.target.value as Complaint['category'] })}
              options={ComplaintCategory.values.map((v) => ({ value: v, label: t(`complaint.category.${v}`) }))}
            />
          </FormGroup>
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
            maxLength={50}
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
        <FormGroup
          label={t('complaint.field.content')}
          labelFor={ids.content}
          intent={errors.content ? Intent.DANGER : Intent.NONE}
          helperText={errorOf('content') ?? undefined}
        >
          <TextArea
            id={ids.content}
            fill
            rows={4}
            maxLength={2000}
            intent={errors.content ? Intent.DANGER : Intent.NONE}
            value={draft.content}
            onChange={(e) => set({ content: e.target.value })}
          />
        </FormGroup>
        <FormGroup label={t('complaintPage.form.photos')}>
          <ImageUploader
            label={t('complaintPage.form.photos')}
            value={draft.attachments}
            onChange={(attachments) => set({ attachments })}
            onUpload={async (file) => (await uploadImage(file).unwrap()).url}
            max={MAX_ATTACHMENTS}
          />
        </FormGroup>
        {refusal && (
          <Callout intent={Intent.DANGER} icon="error" role="alert">
            {refusal}
          </Callout>
        )}
      </div>
    </FormDialog>
  );
}
