// Display screens (大屏终端, issue 18): the read-only tokens wall screens run on. The list is a descriptor (name,
// issuer, issued, expires, last contact with its address, state; rename and revoke as row actions). Issuing is this
// page's documented exception to the descriptor form, as on the ingestion key page: the answer carries the token in
// clear, once, so a dialog of its own shows it with the screen's address and copy buttons.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { DISPLAY_PATHS, type DisplayState, type DisplayToken } from '@waterops/shared/display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { RenameDisplayDialog, RevokeDisplayAlert } from './DisplayRowDialogs.tsx';
import { DISPLAY_RESOURCE } from './displayApi.ts';
import { IssueDisplayDialog } from './IssueDisplayDialog.tsx';

export type DisplayFilters = { name: string; state: string };

const EDIT = ['sys:display:edit'];
const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');
const STATE_INTENT: Record<DisplayState, Intent> = {
  active: Intent.SUCCESS,
  expired: Intent.WARNING,
  revoked: Intent.NONE,
};

function StateTag({ state }: { state: DisplayState }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={STATE_INTENT[state]}>
      {t(`display.states.${state}`)}
    </Tag>
  );
}

function LastSeen({ row }: { row: DisplayToken }) {
  const { t } = useTranslation();
  if (!row.lastSeenTime) return <>{t('display.never')}</>;
  const at = time(row.lastSeenTime);
  return <>{row.lastSeenAddress ? t('display.lastSeenFrom', { time: at, address: row.lastSeenAddress }) : at}</>;
}

export const displayResource: ResourceDescriptor<DisplayToken, DisplayFilters> = {
  id: DISPLAY_RESOURCE,
  titleKey: 'display.title',
  icon: 'desktop',
  list: { path: DISPLAY_PATHS.list },
  rowKey: (row) => row.id,
  initialFilters: { name: '', state: '' },
  filters: [
    { kind: 'text', key: 'name', labelKey: 'display.name', icon: 'search' },
    {
      kind: 'select',
      key: 'state',
      labelKey: 'display.state',
      options: [
        { value: '', labelKey: 'display.all' },
        { value: 'active', labelKey: 'display.states.active' },
        { value: 'expired', labelKey: 'display.states.expired' },
        { value: 'revoked', labelKey: 'display.states.revoked' },
      ],
    },
  ],
  columns: [
    { key: 'name', titleKey: 'display.name', width: 180, text: (r) => r.name },
    {
      key: 'state',
      titleKey: 'display.state',
      width: 90,
      text: (r) => r.state,
      render: (r) => <StateTag state={r.state} />,
    },
    { key: 'createdBy', titleKey: 'display.createdBy', width: 110, text: (r) => r.createdBy ?? '' },
    { key: 'createTime', titleKey: 'display.createTime', width: 160, text: (r) => time(r.createTime) },
    { key: 'expiresAt', titleKey: 'display.expiresAt', width: 160, text: (r) => time(r.expiresAt) },
    {
      key: 'lastSeen',
      titleKey: 'display.lastSeen',
      width: 260,
      grow: true,
      text: (r) => [time(r.lastSeenTime), r.lastSeenAddress ?? ''].filter(Boolean).join(' '),
      render: (r) => <LastSeen row={r} />,
    },
  ],
  emptyIcon: 'desktop',
  actions: [
    {
      id: 'rename',
      labelKey: 'display.rename',
      icon: 'edit',
      permissions: EDIT,
      dialog: (props) => <RenameDisplayDialog {...props} />,
    },
    {
      id: 'revoke',
      labelKey: 'display.revoke',
      icon: 'disable',
      intent: Intent.DANGER,
      permissions: EDIT,
      visible: (row) => row.state === 'active',
      dialog: (props) => <RevokeDisplayAlert {...props} />,
    },
  ],
};

export function DisplayPage() {
  const { t } = useTranslation();
  const [issuing, setIssuing] = useState(false);
  return (
    <div className="wo-display-page">
      {/* beside the page's heading (app.css), as on the ingestion key page */}
      <Permission any={EDIT}>
        <div className="wo-display-issue">
          <Button intent={Intent.PRIMARY} icon="add" text={t('display.issue')} onClick={() => setIssuing(true)} />
        </div>
      </Permission>
      <ResourceListPage descriptor={displayResource} />
      <IssueDisplayDialog isOpen={issuing} onClose={() => setIssuing(false)} />
    </div>
  );
}
