// Registration (spec §2): user name, password, verification code, mobile and SMS code. The server side comes in a
// later issue; the submit goes to POST /api-user/register and the request layer shows what the server answers.
import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import { request } from '../../api/request.ts';
import { FormField } from '../../components/FormField.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { CaptchaField, newDeviceId } from './CaptchaField.tsx';
import { type RegisterErrors, type RegisterForm, validateRegistration } from './registerRules.ts';

export const REGISTER_PATH = '/api-user/register';

export function RegisterPage() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState(newDeviceId);
  const [form, setForm] = useState<RegisterForm>({
    username: '',
    password: '',
    validCode: '',
    mobile: '',
    smsCode: '',
  });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof RegisterForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const errorOf = (k: keyof RegisterForm) => (errors[k] ? t(errors[k]) : undefined);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await request({ url: REGISTER_PATH, method: 'POST', data: { ...form, deviceId } });
      showMessage(t('common.success'), 'success');
    } catch {
      // the request layer showed the server's answer
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('register.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={handleSubmit} noValidate className="wo-auth-form">
        <FormField
          label={t('register.username')}
          leftIcon="user"
          value={form.username}
          onChange={set('username')}
          error={errorOf('username')}
        />
        <PasswordInput
          label={t('register.password')}
          value={form.password}
          onChange={set('password')}
          error={errorOf('password')}
          autoComplete="new-password"
        />
        <CaptchaField
          label={t('register.validCode')}
          value={form.validCode}
          onChange={set('validCode')}
          error={errorOf('validCode')}
          deviceId={deviceId}
          onRefresh={() => setDeviceId(newDeviceId())}
        />
        <FormField
          label={t('register.mobile')}
          leftIcon="mobile-phone"
          inputMode="tel"
          value={form.mobile}
          onChange={set('mobile')}
          error={errorOf('mobile')}
        />
        <FormField
          label={t('register.smsCode')}
          leftIcon="comment"
          value={form.smsCode}
          onChange={set('smsCode')}
          error={errorOf('smsCode')}
          rightElement={
            <Button
              variant="minimal"
              text={t('register.sendSms')}
              disabled={!/^1[3-9]\d{9}$/.test(form.mobile.trim())}
            />
          }
        />
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy} text={t('register.submit')} />
        <div className="wo-auth-links">
          <Link to="/login">{t('login.toLogin')}</Link>
        </div>
      </form>
    </AuthFrame>
  );
}
