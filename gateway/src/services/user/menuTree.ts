// Builds the menu tree of `GET /api-user/menus/current` from the granted menu rows: pages and menus only (permission
// entries are not navigation), children under their parents, siblings by sort then id, names in the request language;
// an entry not open for the company (it or an ancestor) stays in the tree with `opened: false` (apply-to-open note).
import type { Locale } from '@waterops/shared/i18n';
import { effectiveOpened, type MenuEntry } from '@waterops/shared/user';
import { MENU_TYPE } from '../../db/tables.ts';

/** The columns of a menu row the tree needs. */
export type MenuRow = {
  id: number;
  parent_id: number;
  name: string;
  name_en: string | null;
  type: number;
  path: string;
  url: string;
  css: string;
  hidden: boolean;
  sort: number;
  affix: boolean;
  badge: string | null;
  target: string | null;
  opened: boolean;
};

const bySortThenId = (a: MenuEntry, b: MenuEntry) => a.sort - b.sort || a.id - b.id;

/**
 * The tree of granted entries. An entry whose parent was not granted is left out: it has nowhere to hang in the
 * navigation, and showing it at the top level would surface a page the administrator meant to group.
 */
export const buildMenuTree = (rows: readonly MenuRow[], locale: Locale): MenuEntry[] => {
  const nav = rows.filter((r) => r.type === MENU_TYPE.page || r.type === MENU_TYPE.menu);
  const open = effectiveOpened(nav.map((r) => ({ id: r.id, parentId: r.parent_id, opened: r.opened })));
  const entries = new Map<number, MenuEntry>();
  for (const r of nav) {
    entries.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: locale === 'en' ? (r.name_en ?? r.name) : r.name,
      path: r.path,
      url: r.url,
      css: r.css,
      type: r.type,
      hidden: r.hidden,
      sort: r.sort,
      affix: r.affix,
      badge: r.badge,
      target: r.target === '_blank' ? '_blank' : null,
      opened: open.get(r.id) !== false,
      subMenus: [],
    });
  }
  const roots: MenuEntry[] = [];
  for (const entry of entries.values()) {
    if (entry.parentId === 0) roots.push(entry);
    else entries.get(entry.parentId)?.subMenus.push(entry);
  }
  const sortDeep = (list: MenuEntry[]): MenuEntry[] => {
    list.sort(bySortThenId);
    for (const e of list) sortDeep(e.subMenus);
    return list;
  };
  return sortDeep(roots);
};
