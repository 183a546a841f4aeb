// 401: no permission; tells the user to contact the administrator, with a button back to home.
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

export function NoPermissionPage() {
  const { t } = useTranslation();
  return <ErrorPage code="401" title={t('errorPage.noPermissionTitle')} text={t('errorPage.noPermissionText')} />;
}
