// A labelled choice among fixed options with its rule message under it: FormField's sibling for a plain select
// (works alike with a mouse and on a phone; the label names the select; a `required` one is marked as FormField marks
// it).
import { FormGroup, HTMLSelect, type HTMLSelectProps, Intent } from '@blueprintjs/core';
import { useId } from 'react';
import { REQUIRED_CLASS } from './FormField.tsx';

export type SelectOption<V extends string> = { value: V; label: string };

/** The field's own props; any other HTMLSelect prop (large, disabled…) goes to the select. */
export type SelectFieldProps<V extends string> = Omit<
  HTMLSelectProps,
  'id' | 'value' | 'onChange' | 'options' | 'fill'
> & {
  /** field label (also the select's accessible name) */
  label: string;
  /** the chosen value */
  value: V;
  /** the options, in order */
  options: readonly SelectOption<V>[];
  /** called with the chosen value */
  onChange: (value: V) => void;
  /** the rule message to show, already translated; none while the field is fine */
  error?: string | null;
  /** a note under the select while there is no message */
  hint?: string;
};

export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  ...selectProps
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <FormGroup
      className={selectProps.required ? REQUIRED_CLASS : undefined}
      label={label}
      labelFor={id}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ?? hint}
    >
      <HTMLSelect
        {...selectProps}
        id={id}
        fill
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        options={[...options]}
      />
    </FormGroup>
  );
}
