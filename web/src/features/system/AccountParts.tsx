// The account page's own pieces: the enabled switch of a row, the role picker of the form and the password reset
// dialog.
import { Checkbox, Classes, Switch } from '@blueprintjs/core';
import { type Account, checkAccountPassword } from '@waterops/shared/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { usePermission } from '../../components/Permission.tsx';
import type { FieldInputProps } from '../../resources/types.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useAccountEnabledMutation, useAccountPasswordResetMutation, useAllRolesQuery } from './accessApi.ts';

export type EnabledSwitchProps = {
  /** the account shown in the row */
  row: Account;
};

/** Enabled / disabled; a switch for those holding sys:user:edit (disabling ends the account's sessions). */
export function EnabledSwitch({ row }: EnabledSwitchProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const [setEnabled, { isLoading }] = useAccountEnabledMutation();
  const label = t(row.enabled ? 'account.enabled' : 'account.disabled');
  if (!can(['sys:user:edit'])) return <span>{label}</span>;
  const handleChange = async () => {
    try {
      await setEnabled({ id: row.id, enabled: !row.enabled }).unwrap();
      showMessage(t('resource.saved'), 'success');
    } catch (error) {
      showMessage((error as RequestFailure).message);
    }
  };
  return (
    <Switch
      className="wo-inline-switch"
      checked={row.enabled}
      disabled={isLoading}
      label={label}
      role="switch"
      aria-checked={row.enabled}
      aria-label={t('account.enabledOf', { name: row.username })}
      onChange={() => void handleChange()}
    />
  );
}

/** The role ids of the form's text value (ids joined by commas). */
export const roleIdsOf = (value: string): number[] =>
  value
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number);

/** The form's roles: one checkbox per role of the tenant; the value is the chosen ids joined by commas. */
export function RolePicker({ id, value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  const { data: roles = [], isFetching } = useAllRolesQuery();
  const chosen = new Set(roleIdsOf(value));
  const toggle = (roleId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(roleId);
    else next.delete(roleId);
    onChange([...next].sort((a, b) => a - b).join(','));
  };
  if (!isFetching && roles.length === 0) return <span className={Classes.TEXT_MUTED}>{t('account.noRoles')}</span>;
  return (
    <fieldset id={id} className="wo-role-picker" aria-label={t('account.roles')}>
      {roles.map((r) => (
        <Checkbox
          key={r.id}
          inline
          label={r.name}
          checked={chosen.has(r.id)}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
        />
      ))}
    </fieldset>
  );
}

export type PasswordResetDialogProps = {
  /** the account whose password is set */
  row: Account;
  /** called on Cancel and after saving */
  onClose: () => void;
};

/** An administrator sets a new password (≥ 6 characters); the account's sessions end. */
export function PasswordResetDialog({ row, onClose }: PasswordResetDialogProps) {
  const { t } = useTranslation();
  const [reset, { isLoading }] = useAccountPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    const broken = checkAccountPassword(password);
    setError(broken ? t(broken) : null);
    return !broken;
  };
  const submit = useDebouncedAction(async () => {
    if (!check()) return false;
    try {
      await reset({ id: row.id, password: password.trim() }).unwrap();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field === 'password') setError(f.message);
      else showMessage(f.message);
      return;
    }
    showMessage(t('account.passwordReset'), 'success');
    onClose();
  });
  return (
    <FormDialog
      isOpen
      title={t('account.resetTitle', { name: row.username })}
      icon="lock"
      width={420}
      canOutsideClickClose={false}
      busy={isLoading}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PasswordInput
        label={t('account.newPassword')}
        value={password}
        onChange={setPassword}
        onBlur={check}
        error={error}
        maxLength={100}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
