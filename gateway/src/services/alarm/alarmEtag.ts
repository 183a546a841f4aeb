// The alarm list's ETag: the tenant's latest change_seq (any change of any alarm moves it), the filter, the
// caller's scope and the language (the envelope's message is localized). Cheap to compute before the list is read.
import { createHash } from 'node:crypto';

export const alarmListEtag = (head: number, query: unknown, scope: unknown, locale: string): string => {
  const filter = createHash('sha1')
    .update(JSON.stringify([query, scope, locale]))
    .digest('base64url')
    .slice(0, 16);
  return `W/"a${head}-${filter}"`;
};
