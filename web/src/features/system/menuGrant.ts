// The menu grant tree's checking rules. What is checked is the leaves; a parent shows checked when all its leaves
// are, half-checked when some are. The saved grant is the checked leaves plus all their ancestors: the server
// leaves out of a user's menu any entry whose parent is not granted, so a granted page needs its folders.
import type { MenuGrantEntry } from '@waterops/shared/user';

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** The ids of the leaves under `entry` (the entry itself when it has no children). */
export const leavesOf = (entry: MenuGrantEntry): number[] =>
  entry.subMenus.length === 0 ? [entry.id] : entry.subMenus.flatMap(leavesOf);

/** The leaves the server says are granted. */
export const grantedLeaves = (tree: readonly MenuGrantEntry[]): Set<number> =>
  new Set(tree.flatMap((e) => (e.subMenus.length === 0 ? (e.checked ? [e.id] : []) : [...grantedLeaves(e.subMenus)])));

export const checkStateOf = (entry: MenuGrantEntry, checked: ReadonlySet<number>): CheckState => {
  const leaves = leavesOf(entry);
  const on = leaves.filter((id) => checked.has(id)).length;
  return on === 0 ? 'unchecked' : on === leaves.length ? 'checked' : 'indeterminate';
};

/** Clicking an entry: a fully checked one unchecks all its leaves, otherwise all of them are checked. */
export const toggleEntry = (entry: MenuGrantEntry, checked: ReadonlySet<number>): Set<number> => {
  const next = new Set(checked);
  const on = checkStateOf(entry, checked) !== 'checked';
  for (const id of leavesOf(entry)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
};

/** The `menuIds` to save: the checked leaves and every ancestor of one, in tree order. */
export const grantedMenuIds = (tree: readonly MenuGrantEntry[], checked: ReadonlySet<number>): number[] =>
  tree.flatMap((e) => {
    if (e.subMenus.length === 0) return checked.has(e.id) ? [e.id] : [];
    const below = grantedMenuIds(e.subMenus, checked);
    return below.length > 0 ? [e.id, ...below] : [];
  });
