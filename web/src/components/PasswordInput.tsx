// A password field with a show/hide toggle, its label, and its rule message under it.
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PasswordInputProps = {
  /** field label (also the input's accessible name) */
  label: string;
  /** current text */
  value: string;
  /** called with the new text */
  onChange: (value: string) => void;
  /** called when the field loses focus (validate on blur) */
  onBlur?: () => void;
  /** the rule message to show, if any */
  error?: string | null;
  /** browser autofill hint */
  autoComplete?: string;
};

export function PasswordInput({ label, value, onChange, onBlur, error, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? undefined} intent={error ? Intent.DANGER : Intent.NONE}>
      <InputGroup
        id={id}
        type={shown ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        intent={error ? Intent.DANGER : Intent.NONE}
        onValueChange={onChange}
        onBlur={onBlur}
        leftIcon="lock"
        rightElement={
          <Button
            variant="minimal"
            icon={shown ? 'eye-off' : 'eye-open'}
            aria-label={shown ? t('password.hidePassword') : t('password.showPassword')}
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            // the field's name stays out of the toggle's name, so a label query finds only the input
          />
        }
      />
    </FormGroup>
  );
}
