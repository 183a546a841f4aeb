// /api-user menu administration (spec §6, §7) on the resource registration: the tenant's menu entries listed flat,
// saveOrUpdate and delete (refused while an entry has children). A permission entry's code must be a known code the
// editor holds (an administrator holds every code), so editing menus cannot raise anyone's permissions beyond the
// editor's own; the parent must be a menu entry of the tenant and not the entry itself or one of its descendants.
// A change drops the tenant's cached sessions, so menus and permissions are read again on the next request.
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import {
  effectiveOpened,
  type MENU_SORT_FIELDS,
  Menu,
  MenuFilters,
  MenuSave,
  USER_PATHS,
  validateMenu,
} from '@waterops/shared/user';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { registerResource } from '../resource/registerResource.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);
const KNOWN_CODES: readonly string[] = Object.values(PERMISSIONS);

const toMenu = (r: DbRow): Menu => ({
  id: Number(r.id),
  parentId: Number(r.parent_id),
  name: r.name as string,
  nameEn: (r.name_en as string | null) ?? null,
  path: r.path as string,
  url: r.url as string,
  css: r.css as string,
  type: Number(r.type),
  hidden: Boolean(r.hidden),
  sort: Number(r.sort),
  permission: (r.permission as string | null) ?? null,
  opened: r.opened !== false,
});

/**
 * Whether the entry is open for the company. One that is not may be neither changed nor deleted by the company
 * itself: moving or re-creating it elsewhere would open what its parent company closed (licensing).
 */
const isOpened = async (tx: Transaction<DB>, companyId: number, id: number) => {
  const rows = await tx
    .selectFrom('menus')
    .select(['id', 'parent_id', 'opened'])
    .where('company_id', '=', companyId)
    .execute();
  return effectiveOpened(rows.map((r) => ({ id: r.id, parentId: r.parent_id, opened: r.opened }))).get(id) !== false;
};

/** Whether `parentId` is 0 or a menu entry of the tenant that is neither `id` nor below it. */
const validParent = async (tx: Transaction<DB>, companyId: number, parentId: number, id: number | undefined) => {
  let current = parentId;
  for (let depth = 0; current !== 0; depth++) {
    if (current === id || depth > 50) return false;
    const row = await tx
      .selectFrom('menus')
      .select('parent_id')
      .where('company_id', '=', companyId)
      .where('id', '=', current)
      .executeTakeFirst();
    if (!row) return false;
    current = Number(row.parent_id);
  }
  return true;
};

export const menuRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const dropTenantSessions = async (companyId: number) => {
    const users = await app.db.selectFrom('users').select('id').where('company_id', '=', companyId).execute();
    app.sessions.dropUsers(
      companyId,
      users.map((u) => Number(u.id)),
    );
  };

  registerResource(
    app,
    {
      name: 'menu',
      table: 'menus',
      columns: [
        'id',
        'parent_id',
        'name',
        'name_en',
        'path',
        'url',
        'css',
        'type',
        'hidden',
        'sort',
        'permission',
        'opened',
      ],
      paths: { list: path(USER_PATHS.menus), saveOrUpdate: path(USER_PATHS.menuSaveOrUpdate), delete: '/menus/:id' },
      permissions: { read: PERMISSIONS.sysMenuView, write: PERMISSIONS.sysMenuEdit },
      schemas: { row: Menu, save: MenuSave, filters: MenuFilters },
      filters: { name: { column: 'name', match: 'contains' } },
      sortable: { sort: 'sort', name: 'name' } satisfies Record<(typeof MENU_SORT_FIELDS)[number], string>,
      defaultSort: [
        { column: 'parent_id', order: 'asc' },
        { column: 'sort', order: 'asc' },
        { column: 'id', order: 'asc' },
      ],
      unique: [
        {
          field: 'permission',
          column: 'permission',
          message: 'resource.menuPermission.exists',
          constraint: 'menus_permission_uq',
        },
      ],
      operations: { create: 'menuCreate', update: 'menuUpdate', delete: 'menuDelete' },
      toRow: toMenu,
      validate: (body) => validateMenu(body),
      toColumns: (body) => ({
        parent_id: body.parentId,
        name: body.name.trim(),
        name_en: body.nameEn?.trim() || null,
        path: body.path?.trim() ?? '',
        url: body.url?.trim() ?? '',
        css: body.css?.trim() ?? '',
        type: body.type,
        hidden: body.hidden ?? false,
        sort: body.sort ?? 0,
        permission: body.type === 2 ? (body.permission?.trim() ?? null) : null,
      }),
      beforeWrite: async ({ tx, me, body, existing }) => {
        if (existing && !(await isOpened(tx, me.companyId, Number(existing.id))))
          return { key: 'resource.menu.notOpened' };
        if (!(await validParent(tx, me.companyId, body.parentId, existing ? Number(existing.id) : undefined)))
          return { key: 'resource.menu.badParent' };
        const codes = [body.type === 2 ? body.permission?.trim() : null, existing?.permission as string | null];
        for (const code of codes) {
          if (!code) continue;
          if (!KNOWN_CODES.includes(code)) return { key: 'resource.menu.unknownPermission' };
          if (!hasPermission(me.permissions, code)) return { key: 'resource.menu.notGrantable' };
        }
        return null;
      },
      beforeDelete: async ({ tx, me, existing }) => {
        if (!(await isOpened(tx, me.companyId, Number(existing.id)))) return { key: 'resource.menu.notOpened' };
        const child = await tx
          .selectFrom('menus')
          .select('id')
          .where('company_id', '=', me.companyId)
          .where('parent_id', '=', existing.id)
          .executeTakeFirst();
        if (child) return { key: 'resource.menu.hasChildren' };
        const code = existing.permission as string | null;
        return code && !hasPermission(me.permissions, code) ? { key: 'resource.menu.notGrantable' } : null;
      },
      afterCommit: (_a, companyId) => {
        void dropTenantSessions(companyId).catch(() => undefined);
      },
      describe: (r) => `${String(r.name)}${r.permission ? ` ${String(r.permission)}` : ''}`,
    },
    now,
  );
};
