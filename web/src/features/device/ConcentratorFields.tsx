// Form pieces the concentrator and collector pages share: the area and concentrator selector fields of their
// descriptor forms (a form holds text, so a chosen item is kept as JSON { id, label }), and the labelled input of
// their settings dialogs with its rule message.
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import { ConcentratorSelect } from '../../components/selectors/ConcentratorSelect.tsx';
import type { SelectorItem } from '../../components/selectors/remoteSelector.ts';
import type { FieldInputProps } from '../../resources/types.ts';

/** The item a field's text holds, or null (nothing chosen, or unreadable text). */
export const itemOf = (value: string | undefined): SelectorItem | null => {
  try {
    const parsed: unknown = JSON.parse(value || 'null');
    return parsed && typeof parsed === 'object' && 'id' in parsed ? (parsed as SelectorItem) : null;
  } catch {
    return null;
  }
};

/** The id a field's text stands for, or null. */
export const chosenId = (value: string | undefined): number | null => itemOf(value)?.id ?? null;

/** A field's text for an id and its label (empty when there is no id). */
export const itemText = (id: number | null, label: string | null): string =>
  id === null ? '' : JSON.stringify({ id, label: label ?? String(id) });

const textOf = (item: SelectorItem | null) => (item ? JSON.stringify(item) : '');

export function DeviceAreaField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return <AreaSelect label={t('concentrator.area')} value={itemOf(value)} onChange={(i) => onChange(textOf(i))} />;
}

export function DeviceConcentratorField({ value, onChange }: FieldInputProps) {
  return <ConcentratorSelect value={itemOf(value)} onChange={(i) => onChange(textOf(i))} />;
}

export type SettingInputProps = {
  /** the input's id and label */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** checks the value when the input loses focus */
  onBlur?: () => void;
  /** the rule's message under the input */
  error?: string | null;
  maxLength?: number;
};

/** One labelled input of a settings dialog. */
export function SettingInput({ id, label, value, onChange, onBlur, error, maxLength = 50 }: SettingInputProps) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
      <InputGroup
        id={id}
        value={value}
        maxLength={maxLength}
        intent={error ? Intent.DANGER : Intent.NONE}
        onValueChange={(v) => onChange(v)}
        onBlur={onBlur}
      />
    </FormGroup>
  );
}
