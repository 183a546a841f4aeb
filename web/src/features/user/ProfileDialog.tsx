// Personal center (dialog 600 px, spec §5): user name read-only; nickname, mobile and avatar, trimmed and checked
// with the shared rules (the fields they require marked); saving refreshes the user shown in the top bar. A refused
// save brings the first field in error into view (FormDialog).
import { FormGroup, Intent } from '@blueprintjs/core';
import { maxLengthOf } from '@waterops/shared/rules';
import { ProfileUpdate, validateProfile } from '@waterops/shared/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { requiredFields } from '../../resources/rules.ts';
import { dialogClosed } from '../../shell/layoutSlice.ts';
import { useCurrentUserQuery } from '../auth/authApi.ts';
import { useUpdateProfileMutation, useUploadImageMutation } from './userApi.ts';

type Field = 'nickname' | 'mobile' | 'headImgUrl';

const REQUIRED = requiredFields(validateProfile({}));

export function ProfileDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.layout.dialog === 'profile');
  const user = useCurrentUserQuery().data;
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [uploadImage] = useUploadImageMutation();
  const [nickname, setNickname] = useState('');
  const [mobile, setMobile] = useState('');
  const [avatar, setAvatar] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    if (open && user) {
      setNickname(user.nickname ?? '');
      setMobile(user.mobile ?? '');
      setAvatar(user.headImgUrl ? [user.headImgUrl] : []);
      setErrors({});
    }
  }, [open, user]);

  const check = () =>
    Object.fromEntries(validateProfile({ nickname, mobile }).map((v) => [v.field, v.message])) as Partial<
      Record<Field, string>
    >;
  const handleBlur = (field: Field) => setErrors((e) => ({ ...e, [field]: check()[field] }));
  const handleClose = () => dispatch(dialogClosed());
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await updateProfile({
        id: user?.id,
        nickname: nickname.trim(),
        mobile: mobile.trim(),
        headImgUrl: avatar[0] ?? null,
      }).unwrap();
    } catch (error) {
      const failure = error as RequestFailure;
      if (failure.field) setErrors({ [failure.field]: failure.message });
      return;
    }
    showMessage(t('profile.saved'), 'success');
    handleClose();
  };

  const errorOf = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  const avatarIntent = errors.headImgUrl ? Intent.DANGER : Intent.NONE;

  return (
    <FormDialog
      isOpen={open}
      title={t('profile.title')}
      icon="person"
      width={600}
      busy={isLoading}
      onClose={handleClose}
      onSubmit={handleSubmit}
    >
      <FormField label={t('profile.username')} value={user?.username ?? ''} readOnly disabled leftIcon="user" />
      <FormField
        label={t('profile.nickname')}
        value={nickname}
        onChange={setNickname}
        onBlur={() => handleBlur('nickname')}
        error={errorOf('nickname')}
        maxLength={maxLengthOf(ProfileUpdate, 'nickname')}
        required={REQUIRED.has('nickname')}
      />
      <FormField
        label={t('profile.mobile')}
        value={mobile}
        onChange={setMobile}
        onBlur={() => handleBlur('mobile')}
        error={errorOf('mobile')}
        inputMode="tel"
        maxLength={20}
        required={REQUIRED.has('mobile')}
        leftIcon="mobile-phone"
      />
      <FormGroup label={t('profile.avatar')} helperText={errorOf('headImgUrl')} intent={avatarIntent}>
        <ImageUploader
          label={t('profile.avatar')}
          value={avatar}
          onChange={setAvatar}
          onUpload={async (file) => (await uploadImage(file).unwrap()).url}
          max={1}
        />
      </FormGroup>
    </FormDialog>
  );
}
