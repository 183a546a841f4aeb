// One notice read in full: its title, content and publication time, closed with OK. The bell opens it for a clicked
// notice, the home page's advert strip for a clicked advert (a notice to the whole company).
import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';

export type ShownNotice = { title: string; content: string; createTime: string };

export type NoticeShownDialogProps = {
  /** the notice to show; null: closed */
  notice: ShownNotice | null;
  onClose: () => void;
};

export function NoticeShownDialog({ notice, onClose }: NoticeShownDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={notice !== null}
      onClose={onClose}
      title={notice?.title}
      // no icon without a title (closed): Blueprint warns on every mount otherwise
      icon={notice ? 'notifications' : undefined}
      style={{ width: 480 }}
    >
      <DialogBody>
        <p className="wo-notice-shown-content">{notice?.content}</p>
        <p className={Classes.TEXT_MUTED}>{notice?.createTime ? formatDateTime(new Date(notice.createTime)) : ''}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('common.ok')} onClick={onClose} />} />
    </Dialog>
  );
}
