// Publishing a notice: title, content and whom it goes to — the whole company, chosen roles or chosen users (the
// tenant's roles and accounts, picked from lists that filter as one types). The rules are the route's
// (validateNoticePublish), shown under their fields before anything is sent. The role and account lists are read
// with their own pages' permissions: a publisher without them may still notify the whole company.
import { FormGroup, Intent, MenuItem, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { type ItemRenderer, MultiSelect } from '@blueprintjs/select';
import type { PageResult } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type NoticeTarget, validateNoticePublish } from '@waterops/shared/notice';
import type { Account } from '@waterops/shared/user';
import { USER_PATHS } from '@waterops/shared/user';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { usePermission } from '../../components/Permission.tsx';
import { useResourceListQuery } from '../../resources/resourceApi.ts';
import { useDebouncedAction } from '../../resources/useDebouncedAction.ts';
import { useAllRolesQuery } from '../system/accessApi.ts';
import { useNoticePublishedMutation } from './noticeApi.ts';

type Choice = { id: number; label: string };

const TITLE_MAX = 100;
const CONTENT_MAX = 2000;

type ChoiceSelectProps = {
  /** the input's accessible name */
  label: string;
  placeholder: string;
  items: Choice[];
  value: Choice[];
  onChange: (value: Choice[]) => void;
};

/** A multiple choice from a list loaded once, filtered as the user types. */
function ChoiceSelect({ label, placeholder, items, value, onChange }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const chosen = (item: Choice) => value.some((v) => v.id === item.id);
  const renderItem: ItemRenderer<Choice> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.id}
        text={item.label}
        roleStructure="listoption"
        active={modifiers.active}
        selected={chosen(item)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  return (
    <MultiSelect<Choice>
      items={items}
      itemRenderer={renderItem}
      itemPredicate={(query, item) => item.label.toLowerCase().includes(query.trim().toLowerCase())}
      itemsEqual={(a, b) => a.id === b.id}
      selectedItems={value}
      onItemSelect={(item) => onChange(chosen(item) ? value.filter((v) => v.id !== item.id) : [...value, item])}
      onRemove={(item) => onChange(value.filter((v) => v.id !== item.id))}
      tagRenderer={(item) => item.label}
      noResults={<MenuItem disabled text={t('notice.noResults')} roleStructure="listoption" />}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ 'aria-label': label }}
      placeholder={placeholder}
      tagInputProps={{ inputProps: { 'aria-label': label } }}
      resetOnSelect
      fill
    />
  );
}

export type PublishNoticeDialogProps = {
  /** whether the dialog shows */
  isOpen: boolean;
  /** called when it is closed (published or cancelled) */
  onClose: () => void;
};

export function PublishNoticeDialog({ isOpen, onClose }: PublishNoticeDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [target, setTarget] = useState<NoticeTarget>('company');
  const [roles, setRoles] = useState<Choice[]>([]);
  const [users, setUsers] = useState<Choice[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [publish, { isLoading }] = useNoticePublishedMutation();
  const can = usePermission();
  const { data: allRoles = [] } = useAllRolesQuery(undefined, { skip: !isOpen || target !== 'roles' });
  const { data: accounts } = useResourceListQuery(
    { resource: 'notice.recipients', config: { url: USER_PATHS.users, params: { page: 1, limit: 200 } } },
    { skip: !isOpen || target !== 'users' },
  );
  const roleChoices = allRoles.map((r) => ({ id: r.id, label: r.name }));
  const userChoices = ((accounts as PageResult<Account> | undefined)?.data ?? []).map((a) => ({
    id: a.id,
    label: a.nickname ? `${a.nickname} (${a.username})` : a.username,
  }));

  const handleClose = () => {
    setTitle('');
    setContent('');
    setTarget('company');
    setRoles([]);
    setUsers([]);
    setErrors({});
    onClose();
  };
  const submit = useDebouncedAction(async () => {
    const body = {
      title: title.trim(),
      content: content.trim(),
      target,
      ...(target === 'roles' ? { roleIds: roles.map((r) => r.id) } : {}),
      ...(target === 'users' ? { userIds: users.map((u) => u.id) } : {}),
    };
    const violations = validateNoticePublish(body);
    setErrors(Object.fromEntries(violations.map((v) => [v.field, t(v.message)])));
    if (violations.length) return false;
    try {
      const notice = await publish(body).unwrap();
      showMessage(t('notice.published', { count: notice.recipients }), 'success');
      handleClose();
    } catch (failure) {
      const f = failure as RequestFailure;
      if (f.field) setErrors({ [f.field]: f.message });
      else showMessage(f.message);
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      title={t('notice.publishTitle')}
      icon="notifications"
      width={560}
      busy={isLoading}
      onClose={handleClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField
        label={t('notice.noticeTitle')}
        value={title}
        onChange={setTitle}
        maxLength={TITLE_MAX}
        error={errors.title ?? null}
      />
      <FormGroup
        label={t('notice.content')}
        labelFor="wo-notice-content"
        intent={errors.content ? Intent.DANGER : Intent.NONE}
        helperText={errors.content}
      >
        <TextArea
          id="wo-notice-content"
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          maxLength={CONTENT_MAX}
          rows={5}
          fill
          intent={errors.content ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
      <RadioGroup
        label={t('notice.target')}
        inline
        selectedValue={target}
        onChange={(e) => setTarget(e.currentTarget.value as NoticeTarget)}
      >
        <Radio value="company" label={t('notice.targetCompany')} />
        <Radio value="roles" label={t('notice.targetRoles')} disabled={!can([PERMISSIONS.sysRoleView])} />
        <Radio value="users" label={t('notice.targetUsers')} disabled={!can([PERMISSIONS.sysUserView])} />
      </RadioGroup>
      {target === 'roles' && (
        <FormGroup
          label={t('notice.roles')}
          intent={errors.roleIds ? Intent.DANGER : Intent.NONE}
          helperText={errors.roleIds}
        >
          <ChoiceSelect
            label={t('notice.roles')}
            placeholder={t('notice.rolesPlaceholder')}
            items={roleChoices}
            value={roles}
            onChange={setRoles}
          />
        </FormGroup>
      )}
      {target === 'users' && (
        <FormGroup
          label={t('notice.users')}
          intent={errors.userIds ? Intent.DANGER : Intent.NONE}
          helperText={errors.userIds}
        >
          <ChoiceSelect
            label={t('notice.users')}
            placeholder={t('notice.usersPlaceholder')}
            items={userChoices}
            value={users}
            onChange={setUsers}
          />
        </FormGroup>
      )}
    </FormDialog>
  );
}
