// The key of a two-step verification enrolment, as text and as the otpauth:// link an authenticator app opens (no
// QR code: no QR library ships with the app). Shown at sign-in for a required account and in the personal center.
import { Callout, Classes, Intent } from '@blueprintjs/core';
import type { TotpEnrolment } from '@waterops/shared/auth';
import { useTranslation } from 'react-i18next';

export type TotpEnrolmentPanelProps = {
  /** the key to add to the app */
  enrolment: TotpEnrolment;
};

/** The key in groups of four (easier to type into an app), and the link. */
export function TotpEnrolmentPanel({ enrolment }: TotpEnrolmentPanelProps) {
  const { t } = useTranslation();
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <Callout intent={Intent.PRIMARY} icon="mobile-phone" compact className="wo-gap-bottom wo-totp-enrolment">
      <p>{t('totp.enrolIntro')}</p>
      <p>
        {t('totp.secret')}: <code className={Classes.MONOSPACE_TEXT}>{grouped}</code>
      </p>
      <p>
        {t('totp.uri')}: <a href={enrolment.uri}>{enrolment.uri}</a>
      </p>
    </Callout>
  );
}
