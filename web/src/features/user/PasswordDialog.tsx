// Change password (dialog 400 px, spec §5): every rule's message under its field on submit and on blur; success
// signs out and reloads after 2 s; an outside click does not close it.
import { type PasswordInput as PasswordValues, validatePasswordChange } from '@waterops/shared/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { settings } from '../../app/settings.ts';
import { signOut } from '../../app/signOut.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { dialogClosed } from '../../shell/layoutSlice.ts';
import { useCurrentUserQuery } from '../auth/authApi.ts';
import { useChangePasswordMutation } from './userApi.ts';

type Field = 'oldPassword' | 'newPassword' | 'rePassword';
const empty = { oldPassword: '', newPassword: '', rePassword: '' };

export function PasswordDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'password');
  const user = useCurrentUserQuery().data;
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const messagesFor = (v: PasswordValues) =>
    Object.fromEntries(validatePasswordChange(v).map((x) => [x.field, x.message])) as Partial<Record<Field, string>>;

  const handleBlur = (field: Field) => {
    const found = messagesFor(values);
    setErrors((e) => ({ ...e, [field]: found[field] }));
  };
  const handleClose = () => {
    setValues(empty);
    setErrors({});
    dispatch(dialogClosed());
  };
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = messagesFor(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword({
        id: user?.id,
        oldPassword: values.oldPassword.trim(),
        newPassword: values.newPassword.trim(),
        rePassword: values.rePassword.trim(),
      }).unwrap();
    } catch (error) {
      const failure = error as RequestFailure;
      if (failure.field) setErrors({ [failure.field]: failure.message });
      return;
    }
    showMessage(t('password.changed'), 'success');
    handleClose();
    await signOut(dispatch);
    setTimeout(() => window.location.reload(), settings.passwordChangedReloadMs);
  };

  const field = (name: Field, autoComplete: string) => (
    <PasswordInput
      label={t(`password.${name}`)}
      value={values[name]}
      autoComplete={autoComplete}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      onBlur={() => handleBlur(name)}
      error={errors[name] ? t(errors[name]) : null}
    />
  );

  return (
    <FormDialog
      isOpen={open}
      title={t('password.title')}
      icon="key"
      width={400}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={handleClose}
      onSubmit={handleSubmit}
    >
      {field('oldPassword', 'current-password')}
      {field('newPassword', 'new-password')}
      {field('rePassword', 'new-password')}
    </FormDialog>
  );
}
