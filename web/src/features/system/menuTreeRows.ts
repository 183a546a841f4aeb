// The menu administration table as a tree: rows in tree order (siblings by sort, then id) with their depth, the
// collapsed entries' descendants left out; and the parent choices of the form (not the entry itself or below it).
import type { Menu } from '@waterops/shared/user';

export type MenuTreeRow = { menu: Menu; depth: number; hasChildren: boolean };

const bySortThenId = (a: Menu, b: Menu) => a.sort - b.sort || a.id - b.id;

/** Children by parent id; an entry whose parent is missing hangs at the top level so nothing is hidden. */
const childrenOf = (menus: readonly Menu[]) => {
  const ids = new Set(menus.map((m) => m.id));
  const children = new Map<number, Menu[]>();
  for (const m of menus) {
    const parent = m.parentId !== m.id && ids.has(m.parentId) ? m.parentId : 0;
    children.set(parent, [...(children.get(parent) ?? []), m]);
  }
  for (const list of children.values()) list.sort(bySortThenId);
  return children;
};

/** Every entry in tree order with its depth; below a collapsed entry nothing is listed. */
export const menuTreeRows = (menus: readonly Menu[], collapsed: ReadonlySet<number>): MenuTreeRow[] => {
  const children = childrenOf(menus);
  const out: MenuTreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number, depth: number) => {
    for (const menu of children.get(parent) ?? []) {
      if (seen.has(menu.id)) continue;
      seen.add(menu.id);
      const below = children.get(menu.id) ?? [];
      out.push({ menu, depth, hasChildren: below.length > 0 });
      if (!collapsed.has(menu.id)) walk(menu.id, depth + 1);
    }
  };
  walk(0, 0);
  return out;
};

/** The ids of entries that have children (for "collapse all"). */
export const parentIds = (menus: readonly Menu[]): Set<number> => new Set(menus.map((m) => m.parentId));

export type ParentOption = { value: number; depth: number; name: string; nameEn: string | null };

/** The form's parent choices: top level, then every entry that is not `excludeId` or below it, indented by depth. */
export const parentOptions = (menus: readonly Menu[], excludeId: number | undefined): ParentOption[] => {
  const rows = menuTreeRows(menus, new Set());
  const out: ParentOption[] = [];
  let skipBelow: number | null = null;
  for (const r of rows) {
    if (skipBelow !== null && r.depth > skipBelow) continue;
    skipBelow = null;
    if (r.menu.id === excludeId) {
      skipBelow = r.depth;
      continue;
    }
    // permission entries hold no children
    if (r.menu.type !== 2) out.push({ value: r.menu.id, depth: r.depth, name: r.menu.name, nameEn: r.menu.nameEn });
  }
  return out;
};
