// A labelled multi-line text field with its rule message under it: FormField's sibling for a TextArea (Blueprint's
// FormGroup around it, both in the danger intent while there is a message; the label names the text area; a `required`
// one is marked as FormField marks it).
import { FormGroup, Intent, TextArea, type TextAreaProps } from '@blueprintjs/core';
import { useId } from 'react';
import { REQUIRED_CLASS } from './FormField.tsx';

/** The field's own props; any other TextArea prop (rows, maxLength, placeholder…) goes to the text area. */
export type TextAreaFieldProps = Omit<TextAreaProps, 'id' | 'intent' | 'value' | 'onChange' | 'fill'> & {
  /** field label (also the text area's accessible name) */
  label: string;
  /** current text */
  value: string;
  /** called with the new text */
  onChange: (value: string) => void;
  /** the rule message to show, already translated; none while the field is fine */
  error?: string | null;
};

export function TextAreaField({ label, value, onChange, error, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup
      className={areaProps.required ? REQUIRED_CLASS : undefined}
      label={label}
      labelFor={id}
      intent={intent}
      helperText={error ?? undefined}
    >
      <TextArea {...areaProps} id={id} fill intent={intent} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormGroup>
  );
}
