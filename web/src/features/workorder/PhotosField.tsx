// Site photos on a form (an order, a complaint, a transition's inputs): up to MAX_ATTACHMENTS images, each uploaded as
// it is chosen; the form keeps their URLs.
import { FormGroup } from '@blueprintjs/core';
import { MAX_ATTACHMENTS } from '@waterops/shared/workorder';
import { ImageUploader } from '../../components/ImageUploader.tsx';
import { useUploadImageMutation } from '../user/userApi.ts';

export type PhotosFieldProps = {
  /** field label (also the file picker's accessible name) */
  label: string;
  /** the uploaded photos' URLs */
  value: string[];
  /** called with the new URL list after an upload or a removal */
  onChange: (urls: string[]) => void;
};

export function PhotosField({ label, value, onChange }: PhotosFieldProps) {
  const [uploadImage] = useUploadImageMutation();
  return (
    <FormGroup label={label}>
      <ImageUploader
        label={label}
        value={value}
        onChange={onChange}
        onUpload={async (file) => (await uploadImage(file).unwrap()).url}
        max={MAX_ATTACHMENTS}
      />
    </FormGroup>
  );
}
