// Sign-in (spec §2, §5, §8): user name and password, the verification code when the server demands it, the
// authenticator code once the server asks for it (two-step verification; with the key to add when the account must
// still enrol), the redirect back to the page that sent the user here.
import { Button, Callout, Intent } from '@blueprintjs/core';
import { checkTotpCode, type TotpEnrolment } from '@waterops/shared/auth';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { redirectTarget } from '../../app/router/guard.ts';
import { signedIn } from '../../app/sessionSlice.ts';
import { settings } from '../../app/settings.ts';
import { setToken } from '../../app/tokenStorage.ts';
import { FormField } from '../../components/FormField.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { AuthFrame } from './AuthFrame.tsx';
import { captchaDemanded, totpAsked, useLazyCaptchaRequiredQuery, useSignInMutation } from './authApi.ts';
import { CaptchaField, newDeviceId } from './CaptchaField.tsx';
import type { RegisteredState } from './RegisterPage.tsx';
import { TotpEnrolmentPanel } from './TotpEnrolmentPanel.tsx';

type Field = 'username' | 'password' | 'validCode' | 'totpCode';

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [signIn, { isLoading }] = useSignInMutation();
  const [askCaptcha] = useLazyCaptchaRequiredQuery();
  // Coming from registration: the new user name is filled in.
  const [username, setUsername] = useState(() => (location.state as Partial<RegisteredState> | null)?.username ?? '');
  const [password, setPassword] = useState('');
  const [validCode, setValidCode] = useState('');
  const [deviceId, setDeviceId] = useState(newDeviceId);
  const [captcha, setCaptcha] = useState(false);
  // the second step: shown once the server asked for the authenticator code (the password stays filled in)
  const [totp, setTotp] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [totpCode, setTotpCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // Ask whether this user name needs the code: on load and, debounced, as the name is typed.
  useEffect(() => {
    const name = username.trim();
    if (!name) return;
    const timer = setTimeout(() => {
      askCaptcha(name, false)
        .unwrap()
        .then((required) => setCaptcha((was) => was || required))
        .catch(() => {});
    }, settings.captchaDebounceMs);
    return () => clearTimeout(timer);
  }, [username, askCaptcha]);

  const check = (): Partial<Record<Field, string>> => ({
    ...(username.trim() ? {} : { username: 'rules.username.required' }),
    ...(password ? {} : { password: 'rules.password.required' }),
    ...(captcha && !validCode.trim() ? { validCode: 'rules.validCode.required' } : {}),
    ...(totp && checkTotpCode(totpCode) ? { totpCode: 'rules.totpCode.format' } : {}),
  });

  // another user name starts over at the password step
  const handleUsernameChange = (value: string) => {
    setUsername(value);
    setTotp(false);
    setEnrolment(null);
    setTotpCode('');
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const grant = await signIn({
        username: username.trim(),
        password,
        ...(captcha ? { validCode: validCode.trim(), deviceId } : {}),
        ...(totp ? { totpCode: totpCode.trim() } : {}),
      }).unwrap();
      if (!grant.access_token) {
        showMessage(t('login.noToken'));
        setFailure(t('login.noToken'));
        return;
      }
      setToken(grant.access_token);
      dispatch(signedIn());
      showMessage(t('login.welcome'), 'success');
      navigate(redirectTarget(location.search), { replace: true });
    } catch (error) {
      const f = error as RequestFailure;
      setFailure(f.message);
      if (captchaDemanded(f.body)) setCaptcha(true);
      const asked = totpAsked(f.body);
      if (asked) {
        setTotp(true);
        setEnrolment(asked.enrolment);
      }
      setTotpCode('');
      // A used or wrong code is spent: fetch a fresh image.
      setDeviceId(newDeviceId());
      setValidCode('');
    }
  };

  const errorOf = (f: Field) => (errors[f] ? t(errors[f]) : undefined);

  return (
    <AuthFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={handleSubmit} noValidate className="wo-auth-form">
        {failure && (
          <Callout intent={Intent.DANGER} icon="error" compact className="wo-gap-bottom" role="alert">
            {failure}
          </Callout>
        )}
        <FormField
          label={t('login.username')}
          size="large"
          leftIcon="user"
          autoComplete="username"
          placeholder={t('login.usernamePlaceholder')}
          value={username}
          onChange={handleUsernameChange}
          error={errorOf('username')}
          autoFocus
        />
        <PasswordInput
          label={t('login.password')}
          size="large"
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={errorOf('password')}
        />
        {captcha && (
          <CaptchaField
            label={t('login.validCode')}
            placeholder={t('login.validCodePlaceholder')}
            value={validCode}
            onChange={setValidCode}
            error={errorOf('validCode')}
            autoComplete="off"
            maxLength={10}
            deviceId={deviceId}
            onRefresh={() => setDeviceId(newDeviceId())}
          />
        )}
        {totp && enrolment && <TotpEnrolmentPanel enrolment={enrolment} />}
        {totp && (
          <FormField
            label={t('totp.code')}
            size="large"
            leftIcon="mobile-phone"
            placeholder={t('totp.codePlaceholder')}
            value={totpCode}
            onChange={setTotpCode}
            error={errorOf('totpCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={10}
            autoFocus
          />
        )}
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={isLoading} text={t('login.submit')} />
        <div className="wo-auth-links">
          <Link to="/register">{t('login.toRegister')}</Link>
        </div>
      </form>
    </AuthFrame>
  );
}
