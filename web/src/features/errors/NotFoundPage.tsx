// 404: the page does not exist; a button back to home.
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorIllustration } from './ErrorIllustration.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="wo-error-page">
      <ErrorIllustration kind="404" />
      <div className="wo-error-text">
        <h1>{t('errorPage.notFoundTitle')}</h1>
        <p>{t('errorPage.notFoundText')}</p>
        <Button
          intent={Intent.PRIMARY}
          icon="home"
          size="large"
          text={t('common.backHome')}
          onClick={() => navigate('/')}
        />
      </div>
    </div>
  );
}
