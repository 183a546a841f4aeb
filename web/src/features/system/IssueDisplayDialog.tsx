// Issuing a wall screen's display token: the screen's name and how long the token is good for, then the token and
// the screen's address — shown this once, with copy buttons. Closing forgets them: the server keeps only a hash.
import { Classes } from '@blueprintjs/core';
import {
  DISPLAY_DAYS,
  DisplayIssue,
  type DisplayIssued,
  displayScreenUrl,
  validateDisplayIssue,
} from '@waterops/shared/display';
import { maxLengthOf } from '@waterops/shared/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { SecretShownDialog } from '../../components/SecretShownDialog.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useIssueDisplayMutation } from './displayApi.ts';

const NAME_MAX = maxLengthOf(DisplayIssue, 'name');
type Errors = { name?: string; days?: string };

/** The address the screen opens: this web app's folder, the big screen's route and the token. */
export const screenUrlOf = (token: string): string => displayScreenUrl(new URL('.', window.location.href).href, token);

export type IssueDisplayDialogProps = {
  /** whether the dialog shows */
  isOpen: boolean;
  /** called when it is closed (after the token was shown, or cancelled) */
  onClose: () => void;
};

export function IssueDisplayDialog({ isOpen, onClose }: IssueDisplayDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [days, setDays] = useState(String(DISPLAY_DAYS.default));
  const [errors, setErrors] = useState<Errors>({});
  const [issued, setIssued] = useState<DisplayIssued | null>(null);
  const [issue, { isLoading }] = useIssueDisplayMutation();

  const handleClose = () => {
    setName('');
    setDays(String(DISPLAY_DAYS.default));
    setErrors({});
    setIssued(null);
    onClose();
  };
  const submit = useDebouncedAction(async () => {
    const violations = validateDisplayIssue({ name, days });
    if (violations.length) {
      setErrors(Object.fromEntries(violations.map((v) => [v.field, t(v.message)])));
      return false;
    }
    setErrors({});
    try {
      const trimmed = days.trim();
      setIssued(await issue({ name: name.trim(), ...(trimmed ? { days: Number(trimmed) } : {}) }).unwrap());
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field === 'name' || f.field === 'days') setErrors({ [f.field]: f.message });
      else showMessage(f.message);
    }
  });

  if (issued) {
    const url = screenUrlOf(issued.token);
    return (
      <SecretShownDialog
        isOpen={isOpen}
        onClose={handleClose}
        title={t('display.issuedTitle')}
        icon="desktop"
        shownOnce={t('display.shownOnce')}
        fields={[
          { id: 'wo-display-url', label: t('display.url'), value: url, copyLabel: t('display.copyUrl') },
          { id: 'wo-display-token', label: t('display.token'), value: issued.token, copyLabel: t('display.copyToken') },
        ]}
        doneText={t('display.done')}
      />
    );
  }

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('display.issueTitle')}
      icon="desktop"
      width={480}
      busy={isLoading}
      onClose={handleClose}
      onSubmit={() => submit()}
    >
      <FormField
        label={t('display.name')}
        placeholder={t('display.namePlaceholder')}
        value={name}
        onChange={setName}
        maxLength={NAME_MAX}
        error={errors.name}
        required
      />
      <FormField
        label={t('display.days')}
        value={days}
        onChange={setDays}
        inputMode="numeric"
        maxLength={3}
        error={errors.days}
      />
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('display.daysHint')}</p>
    </FormDialog>
  );
}
