// 404: the page does not exist; a button back to home.
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" title={t('errorPage.notFoundTitle')} text={t('errorPage.notFoundText')} />;
}
