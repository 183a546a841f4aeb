// Builds the tree of `GET /api-user/menus/company/menus` and `…/company/{id}/menus`: every menu entry of a company,
// children under their parents by sort then id, names in the request language, each with whether it is open for the
// company (it and all its ancestors are) and whether it must stay open.
import type { Locale } from '@waterops/shared/i18n';
import { type CompanyMenuEntry, effectiveOpened, requiredOpen } from '@waterops/shared/user';

export type CompanyMenuRow = {
  id: number;
  parent_id: number;
  name: string;
  name_en: string | null;
  type: number;
  permission: string | null;
  hidden: boolean;
  sort: number;
  opened: boolean;
};

/** An entry whose parent is missing is shown at the top level, so nothing is hidden from whoever opens entries. */
export const buildCompanyMenuTree = (rows: readonly CompanyMenuRow[], locale: Locale): CompanyMenuEntry[] => {
  const opening = rows.map((r) => ({ id: r.id, parentId: r.parent_id, opened: r.opened, permission: r.permission }));
  const open = effectiveOpened(opening);
  const required = requiredOpen(opening);
  const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
  const entries = new Map<number, CompanyMenuEntry>();
  for (const r of rows)
    entries.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      name: locale === 'en' ? (r.name_en ?? r.name) : r.name,
      type: r.type,
      permission: r.permission,
      hidden: r.hidden,
      opened: open.get(r.id) !== false,
      required: required.has(r.id),
      subMenus: [],
    });
  const roots: CompanyMenuEntry[] = [];
  for (const e of entries.values()) {
    const parent = e.parentId === 0 || e.parentId === e.id ? undefined : entries.get(e.parentId);
    (parent ? parent.subMenus : roots).push(e);
  }
  const sortDeep = (list: CompanyMenuEntry[]): CompanyMenuEntry[] => {
    list.sort((a, b) => (sortOf.get(a.id) ?? 0) - (sortOf.get(b.id) ?? 0) || a.id - b.id);
    for (const e of list) sortDeep(e.subMenus);
    return list;
  };
  return sortDeep(roots);
};
