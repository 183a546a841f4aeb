// The display list's row dialogs: renaming a screen (its token stays) and revoking its token after a confirmation
// that names the screen — the screen goes blank within the live layer's auth-check interval, for good.
import { Alert, Intent } from '@blueprintjs/core';
import { DisplayRename, type DisplayToken, validateDisplayIssue } from '@waterops/shared/display';
import { maxLengthOf } from '@waterops/shared/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useRenameDisplayMutation, useRevokeDisplayMutation } from './displayApi.ts';

const NAME_MAX = maxLengthOf(DisplayRename, 'name');

export type DisplayRowDialogProps = {
  /** the display the dialog acts on */
  row: DisplayToken;
  /** called when the dialog is done (saved, revoked or cancelled) */
  onClose: () => void;
};

export function RenameDisplayDialog({ row, onClose }: DisplayRowDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(row.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameDisplayMutation();
  const submit = useDebouncedAction(async () => {
    const violation = validateDisplayIssue({ name })[0];
    if (violation) {
      setError(t(violation.message));
      return false;
    }
    try {
      await rename({ id: row.id, name: name.trim() }).unwrap();
      showMessage(t('display.renamed'), 'success');
      onClose();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field === 'name') setError(f.message);
      else showMessage(f.message);
    }
  });
  return (
    <FormDialog
      isOpen
      title={t('display.renameTitle')}
      icon="edit"
      width={420}
      busy={isLoading}
      onClose={onClose}
      onSubmit={() => submit()}
    >
      <FormField
        label={t('display.name')}
        value={name}
        onChange={setName}
        maxLength={NAME_MAX}
        error={error}
        required
      />
    </FormDialog>
  );
}

export function RevokeDisplayAlert({ row, onClose }: DisplayRowDialogProps) {
  const { t } = useTranslation();
  const [revoke, { isLoading }] = useRevokeDisplayMutation();
  const handleConfirm = async () => {
    try {
      await revoke({ id: row.id }).unwrap();
      showMessage(t('display.revoked'), 'success');
    } catch (failure) {
      showMessage((failure as RequestFailure).message);
    }
    onClose();
  };
  return (
    <Alert
      isOpen
      intent={Intent.DANGER}
      icon="disable"
      cancelButtonText={t('common.cancel')}
      confirmButtonText={t('display.revoke')}
      loading={isLoading}
      onCancel={onClose}
      onConfirm={() => void handleConfirm()}
    >
      <p>{t('display.revokeConfirm', { name: row.name })}</p>
    </Alert>
  );
}
