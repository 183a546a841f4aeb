// An administrator's view of an account's two-step verification: its state, the switch that requires it (the account
// is led to enrol at its next sign-in) and the reset for a lost phone (the key is forgotten, its sessions end).
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, Switch, Tag } from '@blueprintjs/core';
import type { Account } from '@waterops/shared/user';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import {
  useAccountTotpQuery,
  useResetAccountTotpMutation,
  useSetAccountTotpRequiredMutation,
} from '../user/totpApi.ts';

export type AccountTotpDialogProps = {
  /** the account shown */
  row: Account;
  /** called on Close */
  onClose: () => void;
};

export function AccountTotpDialog({ row, onClose }: AccountTotpDialogProps) {
  const { t } = useTranslation();
  const { data: status } = useAccountTotpQuery(row.id);
  const [setRequired, { isLoading: saving }] = useSetAccountTotpRequiredMutation();
  const [reset, { isLoading: resetting }] = useResetAccountTotpMutation();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showMessage(done, 'success');
    } catch (failure) {
      showMessage((failure as RequestFailure).message);
    }
  };
  return (
    <Dialog
      isOpen
      title={t('totp.adminTitle', { name: row.username })}
      icon="mobile-phone"
      onClose={onClose}
      style={{ width: 460 }}
    >
      <DialogBody>
        <p>
          {t('totp.state')}:{' '}
          <Tag minimal intent={status?.enabled ? Intent.SUCCESS : Intent.NONE}>
            {t(status?.enabled ? 'totp.on' : 'totp.off')}
          </Tag>
        </p>
        <Switch
          checked={status?.required ?? false}
          disabled={!status || saving}
          label={t('totp.require')}
          onChange={() =>
            void run(() => setRequired({ id: row.id, required: !status?.required }).unwrap(), t('resource.saved'))
          }
        />
        <p className={Classes.TEXT_MUTED}>{t('totp.requireHint')}</p>
        <Button
          icon="reset"
          intent={Intent.DANGER}
          disabled={!status?.enabled}
          loading={resetting}
          text={t('totp.reset')}
          onClick={() => void run(() => reset(row.id).unwrap(), t('totp.resetDone'))}
        />
        <p className={Classes.TEXT_MUTED}>{t('totp.resetHint')}</p>
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={onClose} />} />
    </Dialog>
  );
}
