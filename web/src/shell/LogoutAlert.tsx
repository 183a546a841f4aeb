// The sign-out confirmation, then the logout call and /login with the current path as redirect (spec §2).
import { Alert, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { activeLocale } from '../app/i18n.ts';
import { loginPathFor } from '../app/router/guard.ts';
import { settings } from '../app/settings.ts';
import { signOut } from '../app/signOut.ts';
import { dialogClosed } from './layoutSlice.ts';

export function LogoutAlert() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useAppSelector((s) => s.layout.dialog === 'logout');
  const handleConfirm = async () => {
    dispatch(dialogClosed());
    const target = loginPathFor(location.pathname, location.search);
    await signOut(dispatch);
    navigate(target, { replace: true });
  };
  return (
    <Alert
      isOpen={open}
      icon="log-out"
      intent={Intent.DANGER}
      confirmButtonText={t('common.ok')}
      cancelButtonText={t('common.cancel')}
      onConfirm={handleConfirm}
      onCancel={() => dispatch(dialogClosed())}
      canEscapeKeyCancel
    >
      <p>{t('nav.logoutConfirm', { title: settings.title[activeLocale()] })}</p>
    </Alert>
  );
}
