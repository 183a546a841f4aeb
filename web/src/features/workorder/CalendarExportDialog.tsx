// The year's calendar as text (formatCalendarText: one line per run of days), to copy or download as .txt; the same
// text imports back.
import { Button, Dialog, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { type CalendarDay, formatCalendarText } from '@waterops/shared/workorder';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CalendarExportDialogProps = {
  year: number;
  days: readonly CalendarDay[];
  onClose: () => void;
};

export function CalendarExportDialog({ year, days, onClose }: CalendarExportDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `# ${t('workCalendarPage.exportTitle', { year })}\n${formatCalendarText(days)}\n`;
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('workCalendarPage.fileName', { year });
    a.click();
    URL.revokeObjectURL(url);
  };
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard (an insecure page): the text stays selectable in the box
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('workCalendarPage.exportTitle', { year })}
      icon="export"
      style={{ width: 560, maxWidth: '96vw' }}
    >
      <DialogBody>
        <TextArea
          readOnly
          fill
          rows={14}
          className="wo-cal-import-text"
          aria-label={t('workCalendarPage.exportTitle', { year })}
          value={text}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon="duplicate"
              text={t(copied ? 'workCalendarPage.copied' : 'workCalendarPage.copy')}
              onClick={() => void handleCopy()}
            />
            <Button
              icon="download"
              intent={Intent.PRIMARY}
              text={t('workCalendarPage.download')}
              onClick={handleDownload}
            />
            <Button text={t('common.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
