// The account list's cells for the account type and the data scope (regions and areas as tags; none: "全部").
import { Tag } from '@blueprintjs/core';
import type { Account } from '@waterops/shared/user';
import { useTranslation } from 'react-i18next';

export type AccountTypeLabelProps = {
  /** 1 manager, 2 operator, 3 meter reader, 4 maintenance */
  type: number;
};

export function AccountTypeLabel({ type }: AccountTypeLabelProps) {
  const { t } = useTranslation();
  return <span>{t(`accountScope.type${type}`)}</span>;
}

export type ScopeTagsProps = {
  /** the account whose scope is shown */
  row: Account;
};

export function ScopeTags({ row }: ScopeTagsProps) {
  const { t } = useTranslation();
  const names = [...row.regions.map((r) => r.regionName), ...row.areas.map((a) => a.areaName)];
  if (names.length === 0) return <span>{t('accountScope.unrestricted')}</span>;
  return (
    <span className="wo-tag-row">
      {names.map((name) => (
        <Tag key={name} minimal>
          {name}
        </Tag>
      ))}
    </span>
  );
}
