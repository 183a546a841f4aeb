// The inputs of a transition, as its row in the state machine declares them (`transitionOf(action).inputs`): the
// assignee, the new due time, the cause with the materials, the comment (a reason where the action needs one) and
// photos. The single action dialog and the batch dialog both render these; the rule messages come from the shared
// `actionInputViolations`, shown under the field they name.
import { FormGroup, Intent } from '@blueprintjs/core';
import type { MessageKey } from '@waterops/shared/i18n';
import { type ActionInputs, CompletionCause, type CrewMember, type WorkOrderAction } from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { REQUIRED_CLASS } from '../../components/FormField.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { TextAreaField } from '../../components/TextAreaField.tsx';
import { AssigneePicker } from './AssigneePicker.tsx';
import { DueTimeInput } from './DueTimeInput.tsx';
import { PhotosField } from './PhotosField.tsx';

/** What the dialog holds while the user fills it in. */
export type ActionDraft = {
  comment: string;
  attachments: string[];
  assigneeId: number | null;
  departmentId: number | null;
  dueAt: string;
  cause: string;
  materials: string;
};

export const EMPTY_DRAFT: ActionDraft = {
  comment: '',
  attachments: [],
  assigneeId: null,
  departmentId: null,
  dueAt: '',
  cause: '',
  materials: '',
};

/** Actions whose comment is a reason (the machine asks for one). */
const REASON_ACTIONS: readonly WorkOrderAction[] = ['delay', 'cancel', 'reopen'];

export type ActionInputFieldsProps = {
  action: WorkOrderAction;
  /** the inputs to show (the transition's, less what a batch cannot carry) */
  inputs: ActionInputs;
  draft: ActionDraft;
  onChange: (draft: ActionDraft) => void;
  /** rule messages by field */
  errors: Readonly<Record<string, MessageKey>>;
  /** the order's team (the assignee suggestion prefers it) */
  departmentId?: number | null;
  now: Date;
};

export function ActionInputFields({
  action,
  inputs,
  draft,
  onChange,
  errors,
  departmentId,
  now,
}: ActionInputFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ActionDraft>) => onChange({ ...draft, ...patch });
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);
  const intentOf = (field: string) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const reason = REASON_ACTIONS.includes(action);
  const commentRequired = inputs.comment === 'required';
  const commentLabel = reason
    ? t('workOrderPage.input.reason')
    : action === 'note'
      ? t('workOrderPage.input.note')
      : t('workOrderPage.input.comment');

  return (
    <>
      {inputs.assignee && (
        <AssigneePicker
          value={draft.assigneeId}
          departmentId={departmentId ?? null}
          error={errorOf('assigneeId')}
          onChange={(m: CrewMember | null) =>
            set({ assigneeId: m?.userId ?? null, departmentId: m?.departmentId ?? null })
          }
        />
      )}
      {inputs.dueAt && (
        <FormGroup
          className={REQUIRED_CLASS}
          label={t('workOrderPage.input.dueAt')}
          intent={intentOf('dueAt')}
          helperText={errorOf('dueAt') ?? undefined}
        >
          <DueTimeInput
            value={draft.dueAt}
            onChange={(dueAt) => set({ dueAt })}
            label={t('workOrderPage.input.dueAt')}
            now={now}
          />
        </FormGroup>
      )}
      {inputs.cause && (
        <SelectField
          label={t('workOrder.field.cause')}
          required
          large
          value={draft.cause}
          onChange={(cause) => set({ cause })}
          options={[
            { value: '', label: t('workOrderPage.input.chooseCause') },
            ...CompletionCause.values.map((c) => ({ value: c, label: t(`workOrder.cause.${c}`) })),
          ]}
          error={errorOf('cause')}
        />
      )}
      {inputs.materials && (
        <TextAreaField
          label={t('workOrder.field.materials')}
          maxLength={500}
          rows={2}
          placeholder={t('workOrderPage.input.materialsHint')}
          value={draft.materials}
          onChange={(materials) => set({ materials })}
        />
      )}
      {inputs.comment && (
        <TextAreaField
          label={commentLabel}
          required={commentRequired}
          rows={3}
          maxLength={500}
          value={draft.comment}
          onChange={(comment) => set({ comment })}
          error={errorOf('comment')}
        />
      )}
      {inputs.attachments && (
        <PhotosField
          label={t('workOrderPage.input.photos')}
          value={draft.attachments}
          onChange={(attachments) => set({ attachments })}
        />
      )}
    </>
  );
}

/** The action body of a draft: only what the action takes, texts trimmed, empty ones left out. */
export const bodyOfDraft = (inputs: ActionInputs, draft: ActionDraft) => {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    ...(inputs.comment ? { comment: text(draft.comment) } : {}),
    ...(inputs.attachments && draft.attachments.length > 0 ? { attachments: draft.attachments } : {}),
    ...(inputs.assignee ? { assigneeId: draft.assigneeId, departmentId: draft.departmentId } : {}),
    ...(inputs.dueAt ? { dueAt: text(draft.dueAt) } : {}),
    ...(inputs.cause ? { cause: text(draft.cause) } : {}),
    ...(inputs.materials ? { materials: text(draft.materials) } : {}),
  };
};
