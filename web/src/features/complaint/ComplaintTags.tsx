// A complaint's status and the resident's satisfaction as tags (labels from the field declarations), one intent per
// value.
import { Intent, Tag } from '@blueprintjs/core';
import type { ComplaintStatus, Satisfaction } from '@waterops/shared/complaint';
import { useTranslation } from 'react-i18next';

const STATUS_INTENT: Record<ComplaintStatus, Intent> = {
  open: Intent.WARNING,
  ordered: Intent.PRIMARY,
  closed: Intent.SUCCESS,
};

const SATISFACTION_INTENT: Record<Satisfaction, Intent> = {
  satisfied: Intent.SUCCESS,
  neutral: Intent.NONE,
  dissatisfied: Intent.DANGER,
};

export function ComplaintStatusTag({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return (
    <Tag intent={STATUS_INTENT[status]} minimal data-status={status}>
      {t(`complaint.status.${status}`)}
    </Tag>
  );
}

export function SatisfactionTag({ satisfaction }: { satisfaction: Satisfaction }) {
  const { t } = useTranslation();
  return (
    <Tag intent={SATISFACTION_INTENT[satisfaction]} minimal>
      {t(`complaint.satisfaction.${satisfaction}`)}
    </Tag>
  );
}
