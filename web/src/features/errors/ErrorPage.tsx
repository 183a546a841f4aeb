// The shared layout of the 401 and 404 pages: the illustration, a title, a line of text and a button back home.
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorIllustration, type ErrorIllustrationProps } from './ErrorIllustration.tsx';

export type ErrorPageProps = {
  /** the error code, which also picks the illustration */
  code: ErrorIllustrationProps['kind'];
  /** the heading, already translated */
  title: string;
  /** what happened and what to do, already translated */
  text: string;
};

export function ErrorPage({ code, title, text }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="wo-error-page">
      <ErrorIllustration kind={code} />
      <div className="wo-error-text">
        <h1>{title}</h1>
        <p>{text}</p>
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
