// "Assign it at once" on a form that makes an order (a new order, a complaint turned into one): a checkbox and, once
// ticked, the assignee picker; the order's request then carries the assignee and their team.
import { Checkbox } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AssigneePicker } from './AssigneePicker.tsx';

export type Assignment = { assignNow: boolean; assigneeId: number | null; departmentId: number | null };

export const NO_ASSIGNMENT: Assignment = { assignNow: false, assigneeId: null, departmentId: null };

/** Asked to assign at once, and nobody chosen. */
export const assigneeMissing = (a: Assignment): boolean => a.assignNow && !a.assigneeId;

/** What the request carries: the assignee and their team when asked to assign at once. */
export const assignmentBody = (a: Assignment) =>
  a.assignNow && a.assigneeId ? { assigneeId: a.assigneeId, departmentId: a.departmentId } : {};

export type AssignNowFieldProps = {
  /** the checkbox's label */
  label: string;
  value: Assignment;
  onChange: (next: Assignment) => void;
  /** show that the assignee is missing */
  missing: boolean;
};

export function AssignNowField({ label, value, onChange, missing }: AssignNowFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox
        label={label}
        checked={value.assignNow}
        onChange={(e) => onChange({ ...value, assignNow: e.currentTarget.checked })}
      />
      {value.assignNow && (
        <AssigneePicker
          value={value.assigneeId}
          error={missing ? t('workOrder.rules.assigneeRequired') : null}
          onChange={(m) => onChange({ ...value, assigneeId: m?.userId ?? null, departmentId: m?.departmentId ?? null })}
        />
      )}
    </>
  );
}
