import { type Static, Type } from '@sinclair/typebox';

/** `POST /api-file/files-anon` → datas. */
export const StoredFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  /** where the file is served back, relative to the site */
  url: Type.String(),
});
export type StoredFile = Static<typeof StoredFile>;
