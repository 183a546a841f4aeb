// The bell's change tag: the list of a user's unread receipts changes exactly when their newest receipt id or their
// unread count changes (receipts are only added, and only go from unread to read), so a weak tag made of the two
// (and the answer's language, which its message is in) lets the live layer's per-user poll be answered 304.

export const noticeEtag = (v: { maxId: number; unread: number }, locale: string): string =>
  `W/"n-${v.maxId}-${v.unread}-${locale}"`;
