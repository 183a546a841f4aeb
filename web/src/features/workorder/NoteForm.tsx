// A comment on an order (the note action: text, photos, or both), written under its timeline.
import { Button, Callout, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { MAX_ATTACHMENTS, type WorkOrder } from '@waterops/shared/workorder';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import type { RequestFailure } from '../../api/request.ts';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { useUploadImageMutation } from '../user/userApi.ts';
import { EMPTY_DRAFT } from './ActionInputFields.tsx';
import { violationMap } from './WorkOrderActionDialog.tsx';
import { useWorkOrderActionMutation } from './workOrderApi.ts';

export function NoteForm({ order }: { order: Pick<WorkOrder, 'id' | 'code'> }) {
  const { t } = useTranslation();
  const id = useId();
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [act, { isLoading }] = useWorkOrderActionMutation();
  const [uploadImage] = useUploadImageMutation();

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = violationMap('note', { ...EMPTY_DRAFT, comment, attachments: photos });
    const first = Object.values(found)[0];
    if (first) {
      setError(t(first));
      return;
    }
    setError(null);
    try {
      await act({
        action: 'note',
        body: {
          id: order.id,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
          ...(photos.length ? { attachments: photos } : {}),
        },
      }).unwrap();
      setComment('');
      setPhotos([]);
      showMessage(t('workOrderPage.note.added', { code: order.code }), 'success');
    } catch (failure) {
      setError((failure as RequestFailure).message);
    }
  };

  return (
    <form className="wo-wo-note" onSubmit={handleSubmit} noValidate>
      <FormGroup label={t('workOrderPage.note.title')} labelFor={id}>
        <TextArea
          id={id}
          fill
          rows={3}
          maxLength={500}
          value={comment}
          placeholder={t('workOrderPage.note.hint')}
          onChange={(e) => setComment(e.target.value)}
        />
      </FormGroup>
      <ImageUploader
        label={t('workOrderPage.input.photos')}
        value={photos}
        onChange={setPhotos}
        onUpload={async (file) => (await uploadImage(file).unwrap()).url}
        max={MAX_ATTACHMENTS}
      />
      {error && (
        <Callout intent={Intent.DANGER} icon="error" role="alert" compact>
          {error}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        icon="comment"
        text={t('workOrder.action.note')}
        loading={isLoading}
      />
    </form>
  );
}
