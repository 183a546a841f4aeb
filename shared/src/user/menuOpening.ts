// Which menu entries are open for a company (spec §6: "Some menus are marked open or not open with an apply-to-open
// note"). The parent company decides; an entry counts as open only when it and every ancestor are, and the saved set
// is kept closed under ancestors (opening a child opens its parents, closing a parent closes its children).
import { type Static, Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../auth/permissions.ts';

/**
 * Permission codes whose entries (and their ancestors) are always open: without them a company's users could not
 * even start the shell (their own user, menus and password), and 'admin' is the administrator marker, not a feature.
 */
export const ALWAYS_OPEN_PERMISSIONS: readonly string[] = [
  PERMISSIONS.admin,
  PERMISSIONS.profileView,
  PERMISSIONS.profileEdit,
  PERMISSIONS.passwordEdit,
];

/** One entry of `GET /api-user/menus/company/menus` and `…/company/{id}/menus`. */
export type CompanyMenuEntry = {
  id: number;
  parentId: number;
  name: string;
  type: number;
  permission: string | null;
  hidden: boolean;
  /** open for the company (the entry and all its ancestors are) */
  opened: boolean;
  /** always open: holds what the shell needs (ALWAYS_OPEN_PERMISSIONS) */
  required: boolean;
  subMenus: CompanyMenuEntry[];
};
export const CompanyMenuEntry = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      parentId: Type.Integer(),
      name: Type.String({ description: 'in the request language' }),
      type: Type.Integer({ description: '0 page, 1 menu with children, 2 permission entry' }),
      permission: Type.Union([Type.String(), Type.Null()]),
      hidden: Type.Boolean(),
      opened: Type.Boolean({ description: 'open for the company (the entry and all its ancestors are)' }),
      required: Type.Boolean({ description: 'always open: the shell needs it' }),
      subMenus: Type.Array(Self),
    }),
  { $id: 'CompanyMenuEntry' },
);

/** `POST /api-user/menus/company/{id}/opened`: the entries to open; every other entry of the company is closed. */
export const CompanyMenusOpened = Type.Object({
  menuIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2000, uniqueItems: true }),
});
export type CompanyMenusOpened = Static<typeof CompanyMenusOpened>;

/** What the opening rules need of a menu row. */
export type OpeningRow = { id: number; parentId: number; opened: boolean; permission?: string | null };

const parentsOf = (rows: readonly OpeningRow[]) => new Map(rows.map((r) => [r.id, r.parentId]));

/** The ids of `ids` and all their ancestors (an id whose parent is missing stops the walk). */
export const withAncestors = (rows: readonly OpeningRow[], ids: Iterable<number>): Set<number> => {
  const parent = parentsOf(rows);
  const out = new Set<number>();
  for (const start of ids) {
    let id: number | undefined = start;
    // bounded: a broken parent cycle in stored data must not hang the request
    for (let depth = 0; id !== undefined && id !== 0 && parent.has(id) && !out.has(id) && depth < 100; depth++) {
      out.add(id);
      id = parent.get(id);
    }
  }
  return out;
};

/** The ids of `id` and everything below it. */
export const withDescendants = (rows: readonly OpeningRow[], id: number): Set<number> => {
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
};

/** The entries that must stay open: those holding an ALWAYS_OPEN_PERMISSIONS code, and their ancestors. */
export const requiredOpen = (rows: readonly OpeningRow[]): Set<number> =>
  withAncestors(
    rows,
    rows.filter((r) => r.permission && ALWAYS_OPEN_PERMISSIONS.includes(r.permission)).map((r) => r.id),
  );

/** Per entry: open when it and every ancestor are stored open. */
export const effectiveOpened = (rows: readonly OpeningRow[]): Map<number, boolean> => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<number, boolean>();
  const resolve = (id: number, depth: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return true;
    const open = row.opened && (row.parentId === 0 || depth > 100 || resolve(row.parentId, depth + 1));
    memo.set(id, open);
    return open;
  };
  for (const r of rows) resolve(r.id, 0);
  return memo;
};

/** The permission codes of entries not open: they grant nothing, not even to an administrator. */
export const notOpenedPermissions = (rows: readonly OpeningRow[]): string[] => {
  const open = effectiveOpened(rows);
  return rows.flatMap((r) => (r.permission && open.get(r.id) === false ? [r.permission] : [])).sort();
};

/** The set to store for a request: what was asked, what must stay open, and all their ancestors. */
export const normalizeOpened = (rows: readonly OpeningRow[], requested: Iterable<number>): Set<number> =>
  withAncestors(rows, [...requested, ...requiredOpen(rows)]);

/**
 * A click in the dialog: opening an entry opens it, everything below it and its ancestors; closing it closes it and
 * everything below it. Required entries stay open.
 */
export const toggleOpened = (
  rows: readonly OpeningRow[],
  opened: ReadonlySet<number>,
  id: number,
  open: boolean,
): Set<number> => {
  const next = new Set(opened);
  const below = withDescendants(rows, id);
  if (open) for (const x of withAncestors(rows, below)) next.add(x);
  else for (const x of below) next.delete(x);
  for (const x of requiredOpen(rows)) next.add(x);
  return next;
};
