// Migration 0015's menu on a tenant created before it: the 通知公告 / Notices page under System with its view and
// edit entries, granted to ADMIN only; running it again adds nothing. A new tenant gets the same from the seed, and
// its operator does not (the bell needs only the profile permission every account holds).
import { addNoticeMenus } from '@waterops/gateway/src/db/migrations/m0015_notices.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, type Tenant } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let old: Tenant;

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
    .select(['id', 'parent_id', 'url', 'permission', 'path'])
    .where('company_id', '=', old.companyId)
    .execute();
const isNotice = (m: { url: string; permission: string | null }) =>
  m.url === '/notice' || (m.permission ?? '').startsWith('notice:');
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

describe('migration 0015', () => {
  it('gives a new tenant the Notices page under System, its administrator the permissions, its operator none', async () => {
    const menus = await tenantMenus();
    const system = menus.find((m) => m.url === '/system');
    expect(menus.find((m) => m.url === '/notice')).toMatchObject({ parent_id: system?.id, path: 'notice/NoticePage' });
    expect(menus.filter(isNotice)).toHaveLength(3);
    expect(await grantsOf(old.roleIds.ADMIN)).toEqual(
      expect.arrayContaining(['/notice', 'notice:view', 'notice:edit']),
    );
    expect((await grantsOf(old.roleIds.OPERATOR)).filter((g) => g === '/notice' || g.startsWith('notice:'))).toEqual(
      [],
    );
  });

  it('adds the page and its permissions to an older tenant, granted to ADMIN, once', async () => {
    const before = (await tenantMenus()).filter(isNotice).map((m) => m.id);
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', old.companyId)
      .where('menu_id', 'in', before)
      .execute();
    await t.app.db.deleteFrom('menus').where('company_id', '=', old.companyId).where('id', 'in', before).execute();

    await addNoticeMenus(t.app.db);
    await addNoticeMenus(t.app.db); // nothing twice

    const menus = await tenantMenus();
    expect(menus.filter(isNotice)).toHaveLength(3);
    const page = menus.find((m) => m.url === '/notice');
    expect(page?.parent_id).toBe(menus.find((m) => m.url === '/system')?.id);
    expect(menus.find((m) => m.permission === 'notice:edit')?.parent_id).toBe(page?.id);
    expect(await grantsOf(old.roleIds.ADMIN)).toEqual(
      expect.arrayContaining(['/notice', 'notice:view', 'notice:edit']),
    );
  });
});
