// 通知公告 (Notices): the notices the tenant published — title, content, to whom, how many received and read them,
// who published and when — and the publish dialog (the page's documented exception to the descriptor form: the
// recipients depend on the chosen target).
import { Button, Intent, Tag } from '@blueprintjs/core';
import { PERMISSIONS } from '@waterops/shared/auth';
import { NOTICE_PATHS, type Notice } from '@waterops/shared/notice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { NOTICE_RESOURCE } from './noticeApi.ts';
import { PublishNoticeDialog } from './PublishNoticeDialog.tsx';
import './notice.css';

export type NoticeFilters = { title: string };

const TARGET_KEYS = { company: 'notice.targetCompany', roles: 'notice.targetRoles', users: 'notice.targetUsers' };

function TargetTag({ row }: { row: Notice }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={row.target === 'company' ? Intent.PRIMARY : Intent.NONE}>
      {t(TARGET_KEYS[row.target])}
    </Tag>
  );
}

export const noticeResource: ResourceDescriptor<Notice, NoticeFilters> = {
  id: NOTICE_RESOURCE,
  titleKey: 'notice.title',
  icon: 'notifications',
  list: { path: NOTICE_PATHS.list },
  rowKey: (row) => row.id,
  initialFilters: { title: '' },
  filters: [{ kind: 'text', key: 'title', labelKey: 'notice.noticeTitle', icon: 'search' }],
  columns: [
    { key: 'title', titleKey: 'notice.noticeTitle', width: 200, text: (r) => r.title },
    { key: 'content', titleKey: 'notice.content', width: 320, grow: true, text: (r) => r.content },
    {
      key: 'target',
      titleKey: 'notice.target',
      width: 140,
      text: (r) => r.target,
      render: (r) => <TargetTag row={r} />,
    },
    { key: 'recipients', titleKey: 'notice.recipients', width: 100, text: (r) => String(r.recipients) },
    { key: 'readCount', titleKey: 'notice.readCount', width: 100, text: (r) => String(r.readCount) },
    { key: 'createUser', titleKey: 'notice.createUser', width: 120, text: (r) => r.createUser },
    {
      key: 'createTime',
      titleKey: 'notice.createTime',
      width: 170,
      text: (r) => formatDateTime(new Date(r.createTime)),
    },
  ],
  emptyIcon: 'notifications',
};

export function NoticePage() {
  const { t } = useTranslation();
  const [publishing, setPublishing] = useState(false);
  return (
    <div className="wo-notice-page">
      {/* beside the page’s heading (notice.css) */}
      <Permission any={[PERMISSIONS.noticeEdit]}>
        <div className="wo-notice-publish">
          <Button intent={Intent.PRIMARY} icon="add" text={t('notice.publish')} onClick={() => setPublishing(true)} />
        </div>
      </Permission>
      <ResourceListPage descriptor={noticeResource} />
      <PublishNoticeDialog isOpen={publishing} onClose={() => setPublishing(false)} />
    </div>
  );
}
