// Small pieces of the resident page and drawer: the code as a link opening the drawer, the status and charging
// tags, and the form rule taken from the shared validateResident (the form holds text: choices are read first).
import { Button, Intent, Tag } from '@blueprintjs/core';
import { type Resident, validateResident } from '@waterops/shared/customer';
import { useTranslation } from 'react-i18next';
import type { FieldRule } from '../../resources/types.ts';
import { useOpenDetail } from '../detail/detailLink.ts';

/** The form's text values as the shared rules read them ('' choices are not chosen). */
export const residentValues = (values: Record<string, string>) => ({
  ...values,
  areaId: values.areaId ? Number(values.areaId) : null,
  chargeFee: values.chargeFee === '' || values.chargeFee === undefined ? null : values.chargeFee === 'true',
});

export const residentRule =
  (field: string): FieldRule =>
  (_value, values) =>
    validateResident(residentValues(values)).find((v) => v.field === field)?.message ?? null;

/** The user code, as a link opening the resident's drawer. */
export function ResidentCodeLink({ row }: { row: Resident }) {
  const open = useOpenDetail();
  return (
    <Button variant="minimal" size="small" intent="primary" onClick={() => open({ kind: 'resident', id: row.id })}>
      {row.residentCode}
    </Button>
  );
}

const STATUS_INTENT: Record<Resident['status'], Intent> = { 1: Intent.SUCCESS, 2: Intent.WARNING, 3: Intent.NONE };

export function StatusTag({ status }: { status: Resident['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATUS_INTENT[status]}>
      {t(`resident.status${status}`)}
    </Tag>
  );
}

export function ChargeTag({ chargeFee }: { chargeFee: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={chargeFee ? Intent.PRIMARY : Intent.NONE}>
      {t(chargeFee ? 'resident.charged' : 'resident.feeFree')}
    </Tag>
  );
}
