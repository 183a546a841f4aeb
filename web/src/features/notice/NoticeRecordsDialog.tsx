// The bell's 'view all' dialog (spec §2, §9): 通知记录 Notice records or 待办列表 To-do list, the caller's read and
// unread items of the category with the columns title, content and time, 10 a page; a to-do row has a 'view work
// order' button.
import { Button, Dialog, DialogBody, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { MESSAGE_PAGE_SIZE, NOTICE_CATEGORY, type NoticeCategory, type Notification } from '@waterops/shared/notice';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';
import { useNoticeReceiveQuery } from './noticeApi.ts';

export type NoticeRecordsDialogProps = {
  /** the category shown; null: the dialog is closed */
  category: NoticeCategory | null;
  /** called when the dialog is closed */
  onClose: () => void;
  /** a to-do's 'view work order' button */
  onWorkOrder: (item: Notification) => void;
};

export function NoticeRecordsDialog({ category, onClose, onWorkOrder }: NoticeRecordsDialogProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // a reopened dialog starts on its first page
  useEffect(() => {
    if (category !== null) setPage(1);
  }, [category]);
  const { data, isFetching } = useNoticeReceiveQuery({ category: category ?? 1, page }, { skip: category === null });
  const todo = category === NOTICE_CATEGORY.todo;
  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / MESSAGE_PAGE_SIZE));
  const rows = data?.data ?? [];

  return (
    <Dialog
      isOpen={category !== null}
      onClose={onClose}
      title={t(todo ? 'notice.todoList' : 'notice.noticeRecords')}
      icon={todo ? 'form' : 'notifications'}
      style={{ width: 760 }}
      className="wo-notice-records"
    >
      <DialogBody>
        {rows.length === 0 && !isFetching ? (
          <NonIdealState icon="inbox" title={t('common.empty')} />
        ) : (
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('notice.colTitle')}</th>
                <th>{t('notice.colContent')}</th>
                <th>{t('notice.colTime')}</th>
                {todo && <th>{t('notice.colActions')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.title}{' '}
                    {row.status === 0 && (
                      <Tag minimal intent={Intent.DANGER}>
                        {t('notice.unread')}
                      </Tag>
                    )}
                  </td>
                  <td>{row.content}</td>
                  <td className="wo-notice-time">{formatDateTime(new Date(row.createTime))}</td>
                  {todo && (
                    <td>
                      <Button
                        size="small"
                        variant="outlined"
                        intent={Intent.PRIMARY}
                        text={t('notice.viewWorkOrder')}
                        aria-label={`${t('notice.viewWorkOrder')} ${row.title}`}
                        onClick={() => onWorkOrder(row)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <div className="wo-notice-records-pager">
          {isFetching && <Spinner size={16} />}
          <span>{t('notice.pageOf', { page, pages, count })}</span>
          <Button
            icon="chevron-left"
            aria-label={t('notice.prevPage')}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          />
          <Button
            icon="chevron-right"
            aria-label={t('notice.nextPage')}
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          />
        </div>
      </DialogBody>
    </Dialog>
  );
}
