// A labelled text field with its rule message under it: Blueprint's FormGroup around an InputGroup, both in the
// danger intent while there is a message. The label names the input, so people and tests find it by its label; a
// `required` field is marked with an asterisk beside the label (`REQUIRED_CLASS`) and `required` on the input.
import { FormGroup, InputGroup, type InputGroupProps, Intent } from '@blueprintjs/core';
import { type ReactNode, useId } from 'react';

/** The field's own props; any other InputGroup prop (leftIcon, size, placeholder, onBlur…) goes to the input. */
export type FormFieldProps = Omit<InputGroupProps, 'id' | 'intent' | 'value' | 'onChange' | 'onValueChange'> & {
  /** field label (also the input's accessible name) */
  label: string;
  /** current text */
  value: string;
  /** called with the new text; left out for a read-only field */
  onChange?: (value: string) => void;
  /** the rule message to show, already translated; none while the field is fine */
  error?: string | null;
  /** the input's id, when the caller must point at the input; otherwise one is made */
  id?: string;
  /** shown beside the input on the same row (e.g. the verification-code image) */
  children?: ReactNode;
};

/**
 * The class of a form group whose field must be filled: its label gets an asterisk (app.css) that is drawn, not
 * written, so the label still names the input exactly; screen readers hear "required" from the input itself.
 */
export const REQUIRED_CLASS = 'wo-required';

export function FormField({ label, value, onChange, error, id, children, ...inputProps }: FormFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const intent = error ? Intent.DANGER : Intent.NONE;
  const input = <InputGroup {...inputProps} id={inputId} value={value} intent={intent} onValueChange={onChange} />;
  return (
    <FormGroup
      className={inputProps.required ? REQUIRED_CLASS : undefined}
      label={label}
      labelFor={inputId}
      helperText={error ?? undefined}
      intent={intent}
    >
      {children ? (
        <div className="wo-field-row">
          {input}
          {children}
        </div>
      ) : (
        input
      )}
    </FormGroup>
  );
}
