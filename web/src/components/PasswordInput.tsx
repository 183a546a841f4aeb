// A password field with a show/hide toggle, its label, and its rule message under it.
import { Button } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from './FormField.tsx';

/** A text field's props (label, value, onChange, error, size, placeholder…); the icon, type and toggle are fixed. */
export type PasswordInputProps = Omit<FormFieldProps, 'id' | 'type' | 'leftIcon' | 'rightElement' | 'children'>;

export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FormField
      {...props}
      id={id}
      type={shown ? 'text' : 'password'}
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
  );
}
