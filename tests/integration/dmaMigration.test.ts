// Migration 0016's parameter and menu half on a tenant created before it: the 分区计量 and 管网管理 groups with their
// pages and permissions are added once (running it again changes nothing), ADMIN gets all of them, OPERATOR only the
// operations map and the night-flow page, read only; the night-flow defaults are seeded once. Then 0017's CJJ 92
// conditions.
import { addDmaParamsAndMenus } from '@waterops/gateway/src/db/migrations/m0016_dma.ts';
import * as lossRateMigration from '@waterops/gateway/src/db/migrations/m0017_dma_loss_rate_params.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondTenant, demoCompanyId, type Tenant } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let other: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  other = await createSecondTenant(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** The tenant's menus under the /dma and /network groups (the groups, their pages and the pages' permissions). */
const dmaMenuIds = async (companyId: number): Promise<number[]> => {
  const rows = await sql<{ id: string | number }>`
    with recursive tree (id) as (
      select id from menus where company_id = ${companyId} and url in ('/dma', '/network')
      union all
      select m.id from menus m join tree on m.company_id = ${companyId} and m.parent_id = tree.id
    ) select id from tree`.execute(t.app.db);
  return rows.rows.map((r) => Number(r.id));
};

const granted = async (companyId: number, roleCode: string) => {
  const rows = await t.app.db
    .selectFrom('role_menus as rm')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'rm.company_id').onRef('r.id', '=', 'rm.role_id'))
    .innerJoin('menus as m', (j) => j.onRef('m.company_id', '=', 'rm.company_id').onRef('m.id', '=', 'rm.menu_id'))
    .select(['m.url', 'm.permission'])
    .where('rm.company_id', '=', companyId)
    .where('r.code', '=', roleCode)
    .execute();
  return {
    urls: new Set(rows.map((r) => r.url)),
    permissions: new Set(rows.flatMap((r) => (r.permission ? [r.permission] : []))),
  };
};

/** The tenant's parameters of a group, in their order. */
const paramsOf = async (companyId: number, keyType: string) =>
  await t.app.db
    .selectFrom('param_configs')
    .select(['code', 'value'])
    .where('company_id', '=', companyId)
    .where('key_type', '=', keyType)
    .orderBy('sort')
    .execute();

const snapshot = async (companyId: number) => ({
  menus: (
    await t.app.db
      .selectFrom('menus')
      .select(['url', 'permission', 'parent_id'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute()
  ).map((m) => `${m.url}|${m.permission}`),
  grants: Number(
    (
      await t.app.db
        .selectFrom('role_menus')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  ),
  params: (await paramsOf(companyId, 'dma.nightFlow')).map((p) => `${p.code}=${p.value}`),
});

describe('migration 0016 on a tenant created before it', () => {
  it('adds the DMA and network menus and night-flow defaults once; ADMIN all, OPERATOR the map and night flow', async () => {
    const companyId = other.companyId;
    // the tenant as it was before 0016: none of its menus, grants or parameters
    const ids = await dmaMenuIds(companyId);
    if (ids.length) {
      await t.app.db.deleteFrom('role_menus').where('company_id', '=', companyId).where('menu_id', 'in', ids).execute();
      await t.app.db.deleteFrom('menus').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    }
    await t.app.db
      .deleteFrom('param_configs')
      .where('company_id', '=', companyId)
      .where('key_type', '=', 'dma.nightFlow')
      .execute();
    expect(await dmaMenuIds(companyId)).toEqual([]);

    await addDmaParamsAndMenus(t.app.db);
    const once = await snapshot(companyId);
    await addDmaParamsAndMenus(t.app.db);
    expect(await snapshot(companyId)).toEqual(once);

    expect(once.params).toEqual(['nightUsePerConnection=1.7', 'nightDayFactorHours=20']);
    const urls = once.menus.map((m) => m.split('|')[0]);
    for (const url of [
      '/dma',
      '/dma/district',
      '/dma/map',
      '/dma/waterBalance',
      '/dma/nightFlow',
      '/network',
      '/network/pipeline',
      '/network/well',
      '/network/monitoring',
    ])
      expect(
        urls.filter((u) => u === url),
        url,
      ).toHaveLength(1);

    const admin = await granted(companyId, 'ADMIN');
    const all = await dmaMenuIds(companyId);
    const adminIds = await t.app.db
      .selectFrom('role_menus as rm')
      .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'rm.company_id').onRef('r.id', '=', 'rm.role_id'))
      .select('rm.menu_id')
      .where('rm.company_id', '=', companyId)
      .where('r.code', '=', 'ADMIN')
      .where('rm.menu_id', 'in', all)
      .execute();
    expect(adminIds).toHaveLength(all.length);
    for (const code of [
      'dma:district:view',
      'dma:district:edit',
      'dma:analysis:view',
      'dma:analysis:edit',
      'network:pipeline:edit',
      'network:well:edit',
    ])
      expect(admin.permissions.has(code), code).toBe(true);

    const operator = await granted(companyId, 'OPERATOR');
    for (const url of ['/dma', '/dma/map', '/dma/nightFlow']) expect(operator.urls.has(url), url).toBe(true);
    for (const url of ['/dma/district', '/dma/waterBalance', '/network', '/network/pipeline'])
      expect(operator.urls.has(url), url).toBe(false);
    expect(operator.permissions.has('dma:district:view')).toBe(true);
    expect(operator.permissions.has('dma:analysis:view')).toBe(true);
    expect(operator.permissions.has('dma:district:edit')).toBe(false);
    expect(operator.permissions.has('dma:analysis:edit')).toBe(false);
  });

  it('0017 gives a tenant that predates it the CJJ 92 conditions, empty, once; values already entered stay', async () => {
    const companyId = other.companyId;
    const conditions = (id: number) => paramsOf(id, 'dma.lossRate');
    await t.app.db
      .deleteFrom('param_configs')
      .where('company_id', '=', companyId)
      .where('key_type', '=', 'dma.lossRate')
      .execute();
    const demo = await conditions(await demoCompanyId(t.app));
    await lossRateMigration.up(t.app.db);
    await lossRateMigration.up(t.app.db);
    expect(await conditions(companyId)).toEqual([
      { code: 'supplyPressureMpa', value: null },
      { code: 'maxFrostDepthM', value: null },
    ]);
    expect(demo).toEqual([
      { code: 'supplyPressureMpa', value: '0.38' },
      { code: 'maxFrostDepthM', value: '0.8' },
    ]);
    expect(await conditions(await demoCompanyId(t.app))).toEqual(demo);
  });
});
