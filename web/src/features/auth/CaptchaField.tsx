// The verification-code field of sign-in and registration: the code input and, beside it, the code image bound to
// a device id; clicking the image asks for a fresh one.
import { AUTH_PATHS } from '@waterops/shared/auth';
import { useTranslation } from 'react-i18next';
import { FormField, type FormFieldProps } from '../../components/FormField.tsx';

/** A fresh device id for the code image (the code is bound to it and used once). */
export const newDeviceId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** A text field's props (label, value, onChange, error, placeholder…) plus the image's device id. */
export type CaptchaFieldProps = Omit<FormFieldProps, 'leftIcon' | 'children'> & {
  /** the device id the shown image is bound to */
  deviceId: string;
  /** called when the image is clicked: the caller sets a new device id */
  onRefresh: () => void;
};

export function CaptchaField({ deviceId, onRefresh, ...fieldProps }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField {...fieldProps} leftIcon="shield">
      <button type="button" className="wo-captcha-image" onClick={onRefresh}>
        <img src={`${AUTH_PATHS.captcha}?deviceId=${encodeURIComponent(deviceId)}`} alt={t('login.captchaAlt')} />
      </button>
    </FormField>
  );
}
