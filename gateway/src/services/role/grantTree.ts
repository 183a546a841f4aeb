// Builds the tree of `GET /api-user/menus/{roleId}/menus`: every menu entry of the tenant (pages, menus and
// permission entries), children under their parents by sort then id, each `checked` when granted to the role.
import type { Locale } from '@waterops/shared/i18n';
import type { MenuGrantEntry } from '@waterops/shared/user';

export type GrantMenuRow = {
  id: number;
  parent_id: number;
  name: string;
  name_en: string | null;
  type: number;
  permission: string | null;
  hidden: boolean;
  sort: number;
};

/** An entry whose parent is missing is shown at the top level, so no grant is ever hidden from the administrator. */
export const buildGrantTree = (rows: readonly GrantMenuRow[], granted: ReadonlySet<number>, locale: Locale) => {
  const order = new Map(rows.map((r) => [r.id, r]));
  const entries = new Map<number, MenuGrantEntry>();
  for (const r of rows)
    entries.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: locale === 'en' ? (r.name_en ?? r.name) : r.name,
      type: r.type,
      permission: r.permission,
      hidden: r.hidden,
      checked: granted.has(r.id),
      subMenus: [],
    });
  const roots: MenuGrantEntry[] = [];
  for (const e of entries.values()) {
    const parent = e.parentId === 0 ? undefined : entries.get(e.parentId);
    (parent ? parent.subMenus : roots).push(e);
  }
  const key = (e: MenuGrantEntry) => order.get(e.id)?.sort ?? 0;
  const sortDeep = (list: MenuGrantEntry[]): MenuGrantEntry[] => {
    list.sort((a, b) => key(a) - key(b) || a.id - b.id);
    for (const e of list) sortDeep(e.subMenus);
    return list;
  };
  return sortDeep(roots);
};
