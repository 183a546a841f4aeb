// Registration (spec §2): user name, password, verification code, mobile and SMS code. The server side comes in a
// later issue; the submit goes to POST /api-user/register and the request layer shows what the server answers.
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { AUTH_PATHS } from '@waterops/shared/auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import { request } from '../../api/request.ts';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { type RegisterErrors, type RegisterForm, validateRegistration } from './registerRules.ts';

export const REGISTER_PATH = '/api-user/register';

export function RegisterPage() {
  const { t } = useTranslation();
  const ids = { username: useId(), validCode: useId(), mobile: useId(), smsCode: useId() };
  const [deviceId, setDeviceId] = useState(() => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);
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
  const intentOf = (k: keyof RegisterForm) => (errors[k] ? Intent.DANGER : Intent.NONE);

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
        <FormGroup
          label={t('register.username')}
          labelFor={ids.username}
          helperText={errorOf('username')}
          intent={intentOf('username')}
        >
          <InputGroup
            id={ids.username}
            leftIcon="user"
            value={form.username}
            onValueChange={set('username')}
            intent={intentOf('username')}
          />
        </FormGroup>
        <PasswordInput
          label={t('register.password')}
          value={form.password}
          onChange={set('password')}
          error={errorOf('password')}
          autoComplete="new-password"
        />
        <FormGroup
          label={t('register.validCode')}
          labelFor={ids.validCode}
          helperText={errorOf('validCode')}
          intent={intentOf('validCode')}
        >
          <div className="wo-captcha-row">
            <InputGroup
              id={ids.validCode}
              leftIcon="shield"
              value={form.validCode}
              onValueChange={set('validCode')}
              intent={intentOf('validCode')}
            />
            <button
              type="button"
              className="wo-captcha-image"
              onClick={() => setDeviceId(`${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`)}
            >
              <img src={`${AUTH_PATHS.captcha}?deviceId=${encodeURIComponent(deviceId)}`} alt={t('login.captchaAlt')} />
            </button>
          </div>
        </FormGroup>
        <FormGroup
          label={t('register.mobile')}
          labelFor={ids.mobile}
          helperText={errorOf('mobile')}
          intent={intentOf('mobile')}
        >
          <InputGroup
            id={ids.mobile}
            leftIcon="mobile-phone"
            inputMode="tel"
            value={form.mobile}
            onValueChange={set('mobile')}
            intent={intentOf('mobile')}
          />
        </FormGroup>
        <FormGroup
          label={t('register.smsCode')}
          labelFor={ids.smsCode}
          helperText={errorOf('smsCode')}
          intent={intentOf('smsCode')}
        >
          <InputGroup
            id={ids.smsCode}
            leftIcon="comment"
            value={form.smsCode}
            onValueChange={set('smsCode')}
            intent={intentOf('smsCode')}
            rightElement={
              <Button
                variant="minimal"
                text={t('register.sendSms')}
                disabled={!/^1[3-9]\d{9}$/.test(form.mobile.trim())}
              />
            }
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy} text={t('register.submit')} />
        <div className="wo-auth-links">
          <Link to="/login">{t('login.toLogin')}</Link>
        </div>
      </form>
    </AuthFrame>
  );
}
