// Photos of an order: a strip of thumbnails (an event's) and the gallery of every photo the order's events carry,
// each opening large in a dialog with previous / next.
import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PhotoStripProps = {
  /** the photos' URLs */
  urls: readonly string[];
};

/** Thumbnails that open the photo large. */
export function PhotoStrip({ urls }: PhotoStripProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="wo-wo-photos">
      {urls.map((url, i) => (
        <button
          key={url}
          type="button"
          className="wo-wo-photo"
          aria-label={t('workOrderPage.photos.open', { n: i + 1, total: urls.length })}
          onClick={() => setOpen(i)}
        >
          <img src={url} alt="" loading="lazy" />
        </button>
      ))}
      {open !== null && <PhotoViewer urls={urls} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </div>
  );
}

type PhotoViewerProps = {
  urls: readonly string[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
};

function PhotoViewer({ urls, index, onIndex, onClose }: PhotoViewerProps) {
  const { t } = useTranslation();
  const url = urls[index] ?? '';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('workOrderPage.photos.title', { n: index + 1, total: urls.length })}
      style={{ width: 720, maxWidth: '96vw' }}
    >
      <DialogBody>
        <div className="wo-wo-photo-large">
          <img src={url} alt="" />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon="chevron-left"
              text={t('workOrderPage.photos.prev')}
              disabled={index === 0}
              onClick={() => onIndex(index - 1)}
            />
            <Button
              endIcon="chevron-right"
              text={t('workOrderPage.photos.next')}
              disabled={index >= urls.length - 1}
              onClick={() => onIndex(index + 1)}
            />
            <Button text={t('common.close')} onClick={onClose} />
          </>
        }
      >
        <a href={url} target="_blank" rel="noreferrer" className={Classes.TEXT_MUTED}>
          {t('workOrderPage.photos.original')}
        </a>
      </DialogFooter>
    </Dialog>
  );
}

/** Every photo of the events, in order, each once. */
export const photosOf = (events: readonly { attachments: readonly string[] }[]): string[] => [
  ...new Set(events.flatMap((e) => e.attachments)),
];
