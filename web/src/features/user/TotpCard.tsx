// The personal center's two-step verification card: its state, turning it on (a new key shown as text and link,
// confirmed with one code from the app) and off (with a current code; not while an administrator requires it).
import { Button, Card, Classes, Intent, Tag } from '@blueprintjs/core';
import { checkTotpCode, type TotpEnrolment } from '@waterops/shared/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormField } from '../../components/FormField.tsx';
import { TotpEnrolmentPanel } from '../auth/TotpEnrolmentPanel.tsx';
import {
  useConfirmTotpMutation,
  useMyTotpQuery,
  useStartTotpEnrolmentMutation,
  useTurnTotpOffMutation,
} from './totpApi.ts';

export function TotpCard() {
  const { t } = useTranslation();
  const { data: status } = useMyTotpQuery();
  const [start, { isLoading: starting }] = useStartTotpEnrolmentMutation();
  const [confirm, { isLoading: confirming }] = useConfirmTotpMutation();
  const [turnOff, { isLoading: turningOff }] = useTurnTotpOffMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [offAsked, setOffAsked] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enabled = status?.enabled === true;

  const handleStart = async () => {
    try {
      setEnrolment(await start().unwrap());
      setCode('');
      setError(null);
    } catch (failure) {
      showMessage((failure as RequestFailure).message);
    }
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const broken = checkTotpCode(code);
    if (broken) {
      setError(t(broken));
      return;
    }
    try {
      if (enrolment) await confirm(code.trim()).unwrap();
      else await turnOff(code.trim()).unwrap();
    } catch (failure) {
      setError((failure as RequestFailure).message);
      return;
    }
    showMessage(t(enrolment ? 'totp.turnedOn' : 'totp.turnedOff'), 'success');
    setEnrolment(null);
    setOffAsked(false);
    setCode('');
    setError(null);
  };

  const asking = enrolment !== null || offAsked;
  return (
    <Card elevation={0} className="wo-totp">
      <h2 className="wo-card-title">
        {t('totp.title')}{' '}
        <Tag minimal intent={enabled ? Intent.SUCCESS : Intent.NONE}>
          {t(enabled ? 'totp.on' : 'totp.off')}
        </Tag>
      </h2>
      <p className={Classes.TEXT_MUTED}>{t('totp.intro')}</p>
      {status?.required && <p>{t('totp.requiredByAdmin')}</p>}
      {enrolment && <TotpEnrolmentPanel enrolment={enrolment} />}
      {asking ? (
        <form onSubmit={(e) => void handleSubmit(e)} noValidate>
          <FormField
            label={t('totp.code')}
            leftIcon="mobile-phone"
            placeholder={t('totp.codePlaceholder')}
            value={code}
            onChange={setCode}
            error={error}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={10}
          />
          <Button
            type="submit"
            intent={enrolment ? Intent.PRIMARY : Intent.DANGER}
            loading={confirming || turningOff}
            text={t(enrolment ? 'totp.confirm' : 'totp.turnOff')}
          />{' '}
          <Button
            text={t('common.cancel')}
            onClick={() => {
              setEnrolment(null);
              setOffAsked(false);
              setError(null);
            }}
          />
        </form>
      ) : enabled ? (
        !status?.required && <Button icon="disable" text={t('totp.turnOff')} onClick={() => setOffAsked(true)} />
      ) : (
        <Button icon="mobile-phone" loading={starting} text={t('totp.turnOn')} onClick={() => void handleStart()} />
      )}
    </Card>
  );
}
