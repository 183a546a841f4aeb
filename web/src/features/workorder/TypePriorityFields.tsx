// An order's type and priority as a new order's form (or a complaint turned into one) takes them: the priority is the
// type's DEFAULT_PRIORITY and follows the type until the user chooses one.
import {
  DEFAULT_PRIORITY,
  WorkOrderPriority as Priorities,
  WorkOrderType as Types,
  type WorkOrderPriority,
  type WorkOrderType,
} from '@waterops/shared/workorder';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/SelectField.tsx';

export type OrderKind = {
  type: WorkOrderType;
  priority: WorkOrderPriority;
  /** the user chose the priority (the type's default no longer follows) */
  priorityChosen: boolean;
};

/** A kind of the type, its priority the type's default. */
export const kindOf = (type: WorkOrderType, priorityChosen = false): OrderKind => ({
  type,
  priority: DEFAULT_PRIORITY[type],
  priorityChosen,
});

export type TypePriorityFieldsProps = {
  value: OrderKind;
  onChange: (next: OrderKind) => void;
  /** a note under the priority while it follows the type */
  priorityHint?: string;
};

/** The two selects, side by side in the caller's form row. */
export function TypePriorityFields({ value, onChange, priorityHint }: TypePriorityFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('workOrder.field.type')}
        value={value.type}
        options={Types.values.map((v) => ({ value: v, label: t(`workOrder.type.${v}`) }))}
        onChange={(type) =>
          onChange({ ...value, type, ...(value.priorityChosen ? {} : { priority: DEFAULT_PRIORITY[type] }) })
        }
      />
      <SelectField
        label={t('workOrder.field.priority')}
        value={value.priority}
        options={Priorities.values.map((v) => ({ value: v, label: t(`workOrder.priority.${v}`) }))}
        onChange={(priority) => onChange({ ...value, priority, priorityChosen: true })}
        hint={value.priorityChosen ? undefined : priorityHint}
      />
    </>
  );
}
