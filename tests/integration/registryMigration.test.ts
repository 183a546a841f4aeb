// Migration 0011's menus on a tenant created before it: the Devices group with its seven pages, residents and
// resident categories under the Registry, parameter config under System, each page with its view / edit
// permission entries, all granted to ADMIN and nothing to OPERATOR; running it again adds nothing.
import { addRegistryMenus } from '@waterops/gateway/src/db/migrations/m0011_registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, type Tenant } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let old: Tenant;

const NEW_PAGES = [
  '/device/concentrator',
  '/device/collector',
  '/device/meter',
  '/device/valve',
  '/device/meterModel',
  '/device/collectorType',
  '/device/manufacturer',
  '/registry/resident',
  '/registry/residentCategory',
  '/system/paramConfig',
];
// issue 4's device codes only: later issues add more device pages (migration 0013)
const NEW_CODES = [
  'device:concentrator:',
  'device:collector:',
  'device:meter:',
  'device:valve:',
  'device:meterModel:',
  'device:collectorType:',
  'data:manufacturer:',
  'data:resident:',
  'data:residentCategory:',
  'sys:param:',
];

beforeAll(async () => {
  t = await startTestApp();
  old = await createSecondTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

const tenantMenus = () =>
  t.app.db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'url', 'permission', 'type'])
    .where('company_id', '=', old.companyId)
    .execute();

const grantsOf = async (roleId: number) =>
  (
    await t.app.db
      .selectFrom('role_menus')
      .innerJoin('menus', (j) =>
        j.onRef('menus.company_id', '=', 'role_menus.company_id').onRef('menus.id', '=', 'role_menus.menu_id'),
      )
      .select(['menus.url', 'menus.permission'])
      .where('role_menus.company_id', '=', old.companyId)
      .where('role_menus.role_id', '=', roleId)
      .execute()
  ).map((g) => g.permission || g.url);

describe('migration 0011', () => {
  it('adds the registry pages and their permissions to an older tenant, granted to ADMIN only, once', async () => {
    // the tenant as it was before 0011
    const isNew = (m: { url: string; permission: string | null }) =>
      m.url === '/device' ||
      NEW_PAGES.includes(m.url) ||
      NEW_CODES.some((code) => m.permission?.startsWith(code) && !m.permission.startsWith('data:region'));
    const before = (await tenantMenus()).filter(isNew).map((m) => m.id);
    expect(before.length).toBe(1 + NEW_PAGES.length * 3);
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', old.companyId)
      .where('menu_id', 'in', before)
      .execute();
    await t.app.db.deleteFrom('menus').where('company_id', '=', old.companyId).where('id', 'in', before).execute();

    await addRegistryMenus(t.app.db);
    await addRegistryMenus(t.app.db); // nothing twice

    const menus = await tenantMenus();
    const added = menus.filter(isNew);
    expect(added).toHaveLength(1 + NEW_PAGES.length * 3);
    for (const url of ['/device', ...NEW_PAGES])
      expect(
        menus.filter((m) => m.url === url),
        url,
      ).toHaveLength(1);
    const idOf = (url: string) => menus.find((m) => m.url === url)?.id;
    expect(menus.find((m) => m.url === '/device/meter')?.parent_id).toBe(idOf('/device'));
    expect(menus.find((m) => m.url === '/registry/resident')?.parent_id).toBe(idOf('/registry'));
    expect(menus.find((m) => m.url === '/system/paramConfig')?.parent_id).toBe(idOf('/system'));
    expect(menus.find((m) => m.permission === 'device:meter:edit')?.parent_id).toBe(idOf('/device/meter'));

    const adminGrants = await grantsOf(old.roleIds.ADMIN);
    expect(adminGrants).toEqual(
      expect.arrayContaining(['/device', '/device/meter', 'device:meter:view', 'data:resident:edit', 'sys:param:view']),
    );
    const operatorGrants = await grantsOf(old.roleIds.OPERATOR);
    expect(operatorGrants.filter((g) => NEW_PAGES.includes(g) || g === '/device')).toEqual([]);
  });
});
