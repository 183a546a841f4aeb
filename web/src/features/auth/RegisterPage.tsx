// Registration (spec §2 "login and register", §5 rules): user name, password (shown or hidden), mobile, the image
// verification code, "send code" with a 60-second countdown, the SMS code. The image code is spent by sending the SMS
// (a fresh image follows); a successful registration goes to sign-in with the user name filled in.
import { Button, Intent } from '@blueprintjs/core';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@waterops/shared/registration';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import { FormField } from '../../components/FormField.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { useRegisterMutation, useSendSmsCodeMutation } from './authApi.ts';
import { CaptchaField, newDeviceId } from './CaptchaField.tsx';
import { type RegisterErrors, type RegisterForm, registerErrors, smsCodeErrors } from './registerRules.ts';

/** What the sign-in page reads from the navigation state to fill in the user name. */
export type RegisteredState = { username: string };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sendSmsCode, { isLoading: sending }] = useSendSmsCodeMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [deviceId, setDeviceId] = useState(newDeviceId);
  const [form, setForm] = useState<RegisterForm>({
    username: '',
    password: '',
    validCode: '',
    mobile: '',
    smsCode: '',
  });
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [secondsLeft, setSecondsLeft] = useState(0);

  // Fetch the sign-in page's code now: registering ends there, and until its code has loaded the router keeps this
  // form on screen under the new address — a newcomer typing their password into it would lose it.
  useEffect(() => {
    void import('./LoginPage.tsx');
  }, []);

  // The countdown of "send code": one tick a second until it reaches zero.
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const set = (k: keyof RegisterForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const errorOf = (k: keyof RegisterForm) => (errors[k] ? t(errors[k]) : undefined);

  const handleSendCode = async () => {
    const found = smsCodeErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const sent = await sendSmsCode({
        mobile: form.mobile.trim(),
        validCode: form.validCode.trim(),
        deviceId,
      }).unwrap();
      showMessage(sent.resp_msg, 'success');
      setSecondsLeft(sent.datas.resendAfterSeconds || SMS_RESEND_SECONDS);
    } catch {
      // the request layer showed the server's answer (wrong image code, too soon, registered mobile…)
    }
    // Right or wrong, the image code is spent: show a fresh one.
    setDeviceId(newDeviceId());
    set('validCode')('');
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = registerErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const done = await register({
        username: form.username.trim(),
        password: form.password.trim(),
        mobile: form.mobile.trim(),
        smsCode: form.smsCode.trim(),
      }).unwrap();
      showMessage(done.resp_msg, 'success');
      navigate('/login', { replace: true, state: { username: done.datas.username } satisfies RegisteredState });
    } catch {
      // the request layer showed the server's answer (wrong or expired code, taken user name…)
    }
  };

  return (
    <AuthFrame title={t('register.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={handleSubmit} noValidate className="wo-auth-form">
        <FormField
          label={t('register.username')}
          leftIcon="user"
          autoComplete="username"
          maxLength={64}
          value={form.username}
          onChange={set('username')}
          error={errorOf('username')}
          autoFocus
        />
        <PasswordInput
          label={t('register.password')}
          value={form.password}
          onChange={set('password')}
          error={errorOf('password')}
          autoComplete="new-password"
          maxLength={100}
        />
        <FormField
          label={t('register.mobile')}
          leftIcon="mobile-phone"
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          value={form.mobile}
          onChange={set('mobile')}
          error={errorOf('mobile')}
        />
        <CaptchaField
          label={t('register.validCode')}
          value={form.validCode}
          onChange={set('validCode')}
          error={errorOf('validCode')}
          autoComplete="off"
          maxLength={10}
          deviceId={deviceId}
          onRefresh={() => setDeviceId(newDeviceId())}
        />
        <FormField
          label={t('register.smsCode')}
          leftIcon="comment"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          value={form.smsCode}
          onChange={set('smsCode')}
          error={errorOf('smsCode')}
        >
          <Button
            className="wo-sms-button"
            text={secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.sendSms')}
            disabled={secondsLeft > 0}
            loading={sending}
            onClick={handleSendCode}
          />
        </FormField>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={registering}
          text={t('register.submit')}
        />
        <div className="wo-auth-links">
          <Link to="/login">{t('login.toLogin')}</Link>
        </div>
      </form>
    </AuthFrame>
  );
}
