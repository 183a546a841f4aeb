// The bell's pure rules (spec §2 message bell, §9 badge cap 99): the unread list split by category, newest first;
// the badge text; a live patch or a local read applied to the cached list.
import { BADGE_CAP, NOTICE_CATEGORY, type NoticeCategory, type Notification } from '@waterops/shared/notice';

/** Newest first (receipt ids grow with time). */
export const newestFirst = (items: readonly Notification[]): Notification[] => [...items].sort((a, b) => b.id - a.id);

/** The unread items of one category, newest first. */
export const unreadOf = (items: readonly Notification[], category: NoticeCategory): Notification[] =>
  newestFirst(items.filter((i) => i.category === category && i.status === 0));

/** A count as a badge shows it: capped at 99 ("99+"); nothing for zero. */
export const badgeText = (count: number): string =>
  count <= 0 ? '' : count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);

/** The list with a snapshot or patch of the notifications topic applied (the topic holds unread items only). */
export const applyBellChange = (
  items: readonly Notification[],
  change:
    | { kind: 'snapshot'; items: Notification[] }
    | { kind: 'patch'; upserts: Notification[]; removes: Array<number | string> },
): Notification[] => {
  if (change.kind === 'snapshot') return newestFirst(change.items);
  const removed = new Set(change.removes.map(Number));
  const fresh = new Map(change.upserts.map((i) => [i.id, i]));
  const kept = items.filter((i) => !removed.has(i.id) && !fresh.has(i.id));
  return newestFirst([...kept, ...fresh.values()]);
};

/** The list once one receipt, or every receipt of a category, was read here (before the server confirms). */
export const withoutRead = (items: readonly Notification[], read: { id: number } | { category: NoticeCategory }) =>
  items.filter((i) => ('id' in read ? i.id !== read.id : i.category !== read.category));

export const CATEGORIES = [NOTICE_CATEGORY.notice, NOTICE_CATEGORY.todo] as const;
