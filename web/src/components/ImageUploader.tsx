// An image uploader: single or several (up to `max`), images under 2 MB only, with previews (spec §2, §5).
import { Button, Classes, Dialog, Icon, Spinner } from '@blueprintjs/core';
import type { MessageKey } from '@waterops/shared/i18n';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@waterops/shared/user';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type ImageUploaderProps = {
  /** accessible name of the file picker */
  label: string;
  /** current image URLs */
  value: string[];
  /** called with the new URL list after an upload or a removal */
  onChange: (urls: string[]) => void;
  /** uploads one file and resolves with its URL */
  onUpload: (file: File) => Promise<string>;
  /** most images allowed (1 = single) */
  max?: number;
  /** called with a rule message key when a file is refused */
  onReject?: (message: MessageKey) => void;
};

/** The rule a chosen file breaks, or null (spec §5: under 2 MB; images only). */
export const checkImageFile = (file: { size: number; type: string }): MessageKey | null => {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'rules.upload.notImage';
  if (file.size >= MAX_IMAGE_BYTES) return 'rules.upload.tooLarge';
  return null;
};

export function ImageUploader({ label, value, onChange, onUpload, max = 1, onReject }: ImageUploaderProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const single = max === 1;

  const handleFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = single ? 1 : max - value.length;
    const chosen = Array.from(files).slice(0, Math.max(room, 0));
    const urls: string[] = [];
    setError(null);
    setBusy(true);
    try {
      for (const file of chosen) {
        const broken = checkImageFile(file);
        if (broken) {
          setError(broken);
          onReject?.(broken);
          continue;
        }
        urls.push(await onUpload(file));
      }
    } catch {
      // the request layer already showed the message
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
    if (urls.length > 0) onChange(single ? urls.slice(0, 1) : [...value, ...urls].slice(0, max));
  };

  const canAdd = single || value.length < max;
  return (
    <div className="wo-uploader">
      <div className="wo-uploader-list">
        {value.map((url) => (
          <div key={url} className="wo-uploader-item">
            <button
              type="button"
              className="wo-uploader-thumb"
              onClick={() => setPreview(url)}
              aria-label={t('upload.preview')}
            >
              <img src={url} alt="" />
            </button>
            <button
              type="button"
              className="wo-uploader-remove"
              aria-label={t('upload.remove')}
              onClick={() => onChange(value.filter((u) => u !== url))}
            >
              <Icon icon="cross" size={12} />
            </button>
          </div>
        ))}
        {canAdd && (
          <label htmlFor={inputId} className="wo-uploader-add">
            {busy ? <Spinner size={20} /> : <Icon icon="plus" size={20} />}
            <span>{busy ? t('upload.uploading') : t('upload.choose')}</span>
            <input
              ref={input}
              id={inputId}
              type="file"
              aria-label={label}
              accept={IMAGE_TYPES.join(',')}
              multiple={!single}
              className="wo-visually-hidden"
              disabled={busy}
              onChange={(e) => void handleFiles(e.currentTarget.files)}
            />
          </label>
        )}
      </div>
      <div className={error ? 'wo-field-error' : Classes.TEXT_MUTED}>
        {error ? t(error) : t('upload.limit', { max })}
      </div>
      <Dialog isOpen={preview !== null} onClose={() => setPreview(null)} title={t('upload.preview')}>
        <div className="wo-uploader-preview">{preview && <img src={preview} alt="" />}</div>
        <div className={Classes.DIALOG_FOOTER}>
          <Button text={t('common.close')} onClick={() => setPreview(null)} />
        </div>
      </Dialog>
    </div>
  );
}
