// Migration 0013's menus on a tenant created before it: the Meter reading group with its five pages and five new
// device pages, each with its permission entries, granted to ADMIN only; running it again adds nothing. A new
// tenant's operator gets the control-room pages (device status, valve control, readings) from the seed.
import { addTelemetryMenus } from '@waterops/gateway/src/db/migrations/m0013_telemetry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, type Tenant } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let old: Tenant;

const NEW_PAGES = [
  '/reading/meterBase',
  '/reading/baseCheck',
  '/reading/record',
  '/reading/dataCheck',
  '/reading/rate',
  '/device/valveControl',
  '/device/command',
  '/device/status',
  '/device/ingestKey',
  '/device/blacklist',
];
const NEW_CODE = /^(reading:|device:(valveControl|command|status|ingestKey|blacklist):)/;
/** view + edit per page, except the two view-only pages */
const PERMISSION_COUNT = NEW_PAGES.length * 2 - 2;

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
    .select(['id', 'parent_id', 'url', 'permission'])
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

const isNew = (m: { url: string; permission: string | null }) =>
  m.url === '/reading' || NEW_PAGES.includes(m.url) || NEW_CODE.test(m.permission ?? '');

describe('migration 0013', () => {
  it('gives a new tenant the pages, and its operator the control-room ones but not keys or blacklists', async () => {
    const menus = await tenantMenus();
    expect(menus.filter(isNew)).toHaveLength(1 + NEW_PAGES.length + PERMISSION_COUNT);
    const operatorGrants = await grantsOf(old.roleIds.OPERATOR);
    expect(operatorGrants).toEqual(
      expect.arrayContaining(['/device/status', '/device/valveControl', 'device:valveControl:edit', '/reading/record']),
    );
    expect(operatorGrants).not.toContain('/device/ingestKey');
    expect(operatorGrants).not.toContain('device:blacklist:edit');
  });

  it('adds the telemetry pages and permissions to an older tenant, granted to ADMIN only, once', async () => {
    const before = (await tenantMenus()).filter(isNew).map((m) => m.id);
    await t.app.db
      .deleteFrom('role_menus')
      .where('company_id', '=', old.companyId)
      .where('menu_id', 'in', before)
      .execute();
    await t.app.db.deleteFrom('menus').where('company_id', '=', old.companyId).where('id', 'in', before).execute();

    await addTelemetryMenus(t.app.db);
    await addTelemetryMenus(t.app.db); // nothing twice

    const menus = await tenantMenus();
    expect(menus.filter(isNew)).toHaveLength(1 + NEW_PAGES.length + PERMISSION_COUNT);
    const idOf = (url: string) => menus.find((m) => m.url === url)?.id;
    expect(menus.find((m) => m.url === '/reading/record')?.parent_id).toBe(idOf('/reading'));
    expect(menus.find((m) => m.url === '/device/valveControl')?.parent_id).toBe(idOf('/device'));
    expect(menus.find((m) => m.permission === 'device:valveControl:edit')?.parent_id).toBe(
      idOf('/device/valveControl'),
    );
    expect(await grantsOf(old.roleIds.ADMIN)).toEqual(
      expect.arrayContaining(['/reading', '/reading/meterBase', 'reading:meterBase:edit', 'device:ingestKey:edit']),
    );
    expect((await grantsOf(old.roleIds.OPERATOR)).filter((g) => NEW_PAGES.includes(g) || g === '/reading')).toEqual([]);
  });
});
