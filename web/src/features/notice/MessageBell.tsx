// The message bell of spec §2: a bell in the top bar whose badge is the unread total capped at 99; its popover has
// the tabs 通知 Notice and 待办 To-do, each with its unread count, and the buttons 'all read' (the active tab's
// category) and 'view all' (the records dialog). A notice click shows its title and content and marks it read; a
// to-do click (or its 'view work order' button) opens the work-order page with ?code=<param> (the dispatch page when
// the user's menus hold it, else the crew's own orders). The list is live
// (the notifications topic); the hourly poll of spec §4 runs only while the socket is down.
import { Button, Intent, PopoverNext, Tab, Tabs, Tag } from '@blueprintjs/core';
import { NOTICE_CATEGORY, NOTICE_POLL_MS, type NoticeCategory, type Notification } from '@waterops/shared/notice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../components/dateRange.ts';
import { useLiveConnection } from '../../live/useLive.ts';
import { badgeText, unreadOf } from './bellItems.ts';
import { NoticeRecordsDialog } from './NoticeRecordsDialog.tsx';
import { NoticeShownDialog } from './NoticeShownDialog.tsx';
import { useBellNotificationsQuery, useNoticeReadAllMutation, useNoticeReadMutation } from './noticeApi.ts';
import { useWorkOrderPath } from './workOrderLink.ts';
import './notice.css';

const time = (iso: string) => formatDateTime(new Date(iso));

type BellListProps = {
  /** the tab's unread items, newest first */
  items: Notification[];
  /** the empty text's key */
  emptyKey: string;
  /** an item was clicked */
  onOpen: (item: Notification) => void;
  /** a to-do's 'view work order' button */
  onWorkOrder: (item: Notification) => void;
};

function BellList({ items, emptyKey, onOpen, onWorkOrder }: BellListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return <div className="wo-bell-empty">{t(emptyKey)}</div>;
  return (
    <ul className="wo-bell-list">
      {items.map((item) => (
        <li key={item.id} className="wo-bell-row">
          <button type="button" className="wo-bell-item" onClick={() => onOpen(item)}>
            <div className="wo-bell-item-title">{item.title}</div>
            <div className="wo-bell-item-content">{item.content}</div>
            <div className="wo-bell-item-time">{time(item.createTime)}</div>
          </button>
          {item.category === NOTICE_CATEGORY.todo && (
            <Button
              size="small"
              variant="outlined"
              intent={Intent.PRIMARY}
              text={t('notice.viewWorkOrder')}
              aria-label={`${t('notice.viewWorkOrder')} ${item.title}`}
              onClick={() => onWorkOrder(item)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function TabTitle({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      {count > 0 && (
        <Tag round minimal intent={Intent.DANGER} className="wo-bell-tab-count">
          {badgeText(count)}
        </Tag>
      )}
    </>
  );
}

export function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workOrderPath = useWorkOrderPath();
  const connection = useLiveConnection();
  // spec §4: polled hourly while shown — here only while the live socket is not carrying the list
  const { data: items = [] } = useBellNotificationsQuery(undefined, {
    pollingInterval: connection === 'connected' ? 0 : NOTICE_POLL_MS,
  });
  const [read] = useNoticeReadMutation();
  const [readAll] = useNoticeReadAllMutation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeCategory>(NOTICE_CATEGORY.notice);
  const [shown, setShown] = useState<Notification | null>(null);
  const [records, setRecords] = useState<NoticeCategory | null>(null);

  const notices = unreadOf(items, NOTICE_CATEGORY.notice);
  const todos = unreadOf(items, NOTICE_CATEGORY.todo);
  const total = notices.length + todos.length;
  const current = tab === NOTICE_CATEGORY.notice ? notices : todos;

  const openWorkOrder = (item: Notification) => {
    setOpen(false);
    if (item.status === 0) void read(item.id);
    navigate(workOrderPath(item.param));
  };
  const handleOpen = (item: Notification) => {
    if (item.category === NOTICE_CATEGORY.todo) {
      openWorkOrder(item);
      return;
    }
    setOpen(false);
    setShown(item);
    if (item.status === 0) void read(item.id);
  };
  const handleViewAll = () => {
    setOpen(false);
    setRecords(tab);
  };

  const label = total > 0 ? t('notice.bellUnread', { count: total }) : t('notice.bell');
  const content = (
    <div className="wo-bell-popover">
      <Tabs id="wo-bell-tabs" selectedTabId={tab} onChange={(id) => setTab(Number(id) as NoticeCategory)}>
        <Tab
          id={NOTICE_CATEGORY.notice}
          title={<TabTitle label={t('notice.tabNotice')} count={notices.length} />}
          panel={
            <BellList items={notices} emptyKey="notice.emptyNotice" onOpen={handleOpen} onWorkOrder={openWorkOrder} />
          }
        />
        <Tab
          id={NOTICE_CATEGORY.todo}
          title={<TabTitle label={t('notice.tabTodo')} count={todos.length} />}
          panel={<BellList items={todos} emptyKey="notice.emptyTodo" onOpen={handleOpen} onWorkOrder={openWorkOrder} />}
        />
      </Tabs>
      <div className="wo-bell-footer">
        <Button
          variant="minimal"
          icon="tick"
          text={t('notice.allRead')}
          disabled={current.length === 0}
          onClick={() => void readAll(tab)}
        />
        <Button variant="minimal" icon="list" text={t('notice.viewAll')} onClick={handleViewAll} />
      </div>
    </div>
  );

  return (
    <>
      <PopoverNext isOpen={open} onInteraction={(next) => setOpen(next)} placement="bottom-end" content={content}>
        <Button variant="minimal" icon="notifications" aria-label={label} className="wo-bell-button">
          {total > 0 && (
            <span className="wo-count-badge wo-bell-badge" data-testid="bell-badge">
              {badgeText(total)}
            </span>
          )}
        </Button>
      </PopoverNext>
      <NoticeShownDialog notice={shown} onClose={() => setShown(null)} />
      <NoticeRecordsDialog
        category={records}
        onClose={() => setRecords(null)}
        onWorkOrder={(item) => {
          setRecords(null);
          openWorkOrder(item);
        }}
      />
    </>
  );
}
