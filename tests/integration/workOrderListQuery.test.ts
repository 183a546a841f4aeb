// The work-order list's keyword and order, as the benchmark reshaped their SQL (tests/bench/workOrders.ts,
// migration 0019): the keyword is looked for in code, title, address, contact name and phone as one text — which a
// trigram index serves — and in the linked meter's body code, with LIKE's wildcards taken literally and no match
// across two fields; the newest come first and the due-time order keeps orders without a due time last.
import { WORK_ORDER_PATHS, type WorkOrder } from '@waterops/shared/workorder';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let admin: string;
const orders: Record<string, WorkOrder> = {};

const list = async (query: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${WORK_ORDER_PATHS.list}?${new URLSearchParams({ limit: '100', ...query })}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; data: WorkOrder[] };
};
const found = async (keyword: string) => (await list({ keyword })).data.map((o) => o.title).sort();

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, 'admin', 'admin123');
  const companyId = await demoCompanyId(t.app);
  const meter = await t.app.db
    .insertInto('water_meters')
    .values({ company_id: companyId, meter_code: 'KWM0042', area_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const make = async (title: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: WORK_ORDER_PATHS.save,
      payload: { title, type: 'noWater', description: '来电', ...body },
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    orders[title] = res.json().datas as WorkOrder;
  };
  await make('停水甲', { address: '幸福路 12 号', contactName: '张先生', contactPhone: '13912345678' });
  await make('换表乙', { address: '解放路 3 号', meterId: Number(meter.id) });
  await make('水压丙 100%_x', { address: '和平路 8 号' });
});
afterAll(async () => {
  await t?.close();
});

describe('the work-order list', () => {
  it('finds an order by any part of its code, title, address, contact or meter, and by nothing else', async () => {
    expect(await found(orders.停水甲?.code as string)).toEqual(['停水甲']);
    expect(await found('幸福路 12')).toEqual(['停水甲']);
    expect(await found('张先')).toEqual(['停水甲']);
    expect(await found('1391234')).toEqual(['停水甲']);
    expect(await found('kwm004')).toEqual(['换表乙']);
    expect(await found('水压丙')).toEqual(['水压丙 100%_x']);
    // LIKE's wildcards are plain characters in a keyword
    expect(await found('0%_')).toEqual(['水压丙 100%_x']);
    expect(await found('%')).toEqual(['水压丙 100%_x']);
    // the end of the address and the start of the contact are not one text
    expect(await found('号张')).toEqual([]);
    expect(await found('号 张')).toEqual([]);
    expect((await list({ keyword: '解放路' })).count).toBe(1);
  });

  it('lists the newest first, either way round by request, and orders by due time with the undated last', async () => {
    const ids = ['停水甲', '换表乙', '水压丙 100%_x'].map((k) => orders[k]?.id as number);
    const newest = (await list({})).data.map((o) => o.id).filter((id) => ids.includes(id));
    expect(newest).toEqual([...ids].reverse());
    const oldest = (await list({ sort: 'createdAt', order: 'asc' })).data
      .map((o) => o.id)
      .filter((id) => ids.includes(id));
    expect(oldest).toEqual(ids);
    await sql`update work_orders set resolve_due_at = null where id = ${ids[0]}`.execute(t.app.db);
    const byDue = (await list({ sort: 'resolveDueAt', order: 'asc' })).data.filter((o) => ids.includes(o.id));
    expect(byDue.map((o) => o.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('has the keyword’s trigram index (pg_trgm on PGlite and on PostgreSQL)', async () => {
    const index = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'work_orders' and indexname = 'work_orders_keyword_trgm'`.execute(t.app.db);
    expect(index.rows).toHaveLength(1);
  });
});
