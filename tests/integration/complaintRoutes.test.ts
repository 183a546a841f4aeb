// Complaints under /api-business/complaint (spec §4: save, turn into work order, over, delete; §5: the number not
// empty and unique; §7; issue 15 Deliver 4): intake with the resident filling area and address, the next number and
// its uniqueness, the list with its joins and filters, the export, turning into one work order (text and photos
// carried over, linked both ways, assigned with a to-do), closing with a reply, reopening within 72 h, deleting only
// while never ordered; 400 with nothing written, 401, 403, another tenant's complaint 404, data scope.
import { XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { COMPLAINT_PATHS, type Complaint } from '@waterops/shared/complaint';
import { CUSTOMER_PATHS } from '@waterops/shared/customer';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
/** customer service: complaints and creating work orders */
let service: TestUser;
/** may edit complaints but not create work orders */
let editor: TestUser;
let viewer: TestUser;
let dispatcher: TestUser;
let crew: TestUser;
let areaIds: Record<string, number>;
let resident: { id: number; code: string };
let meterId: number;
let otherResidentId: number;

type Method = 'GET' | 'POST';
type Locale = 'zh-CN' | 'en';
const call = (method: Method, url: string, token?: string, payload?: object, locale: Locale = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const count = async (table: 'complaints' | 'work_orders', company = companyId) =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = async () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail', 'result'])
    .where('company_id', '=', companyId)
    .where('result', '=', 'success')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

const intake = (fields: Record<string, unknown> = {}) => ({
  complaintNo: uniq('TS'),
  channel: 'phone',
  category: 'noWater',
  complainant: '王女士',
  phone: '13800138000',
  content: '家中从早上起一直没水',
  ...fields,
});
const take = async (fields: Record<string, unknown> = {}, token = service.token) => {
  const res = await call('POST', COMPLAINT_PATHS.save, token, intake(fields));
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as Complaint;
};
const act = async (url: string, payload: object, token = service.token, locale: Locale = 'zh-CN') => {
  const res = await call('POST', url, token, payload, locale);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { resp_code: number; resp_msg: string; datas: Complaint | null };
};
const orderOf = (id: number) =>
  t.app.db.selectFrom('work_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  // the clock moves past 72 h below: tokens must outlive it
  t = await startTestApp({ env: { TOKEN_TTL_SECONDS: String(30 * 86_400) } });
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  service = await createSignedInUser(t.app, companyId, { codes: ['SERVICE'] });
  editor = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.complaintView, PERMISSIONS.complaintEdit]);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.complaintView]);
  dispatcher = await createSignedInUser(t.app, companyId, { codes: ['DISPATCHER'] });
  crew = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  const areas = await t.app.db
    .selectFrom('areas')
    .select(['id', 'area_name'])
    .where('company_id', '=', companyId)
    .execute();
  areaIds = Object.fromEntries(areas.map((a) => [a.area_name, Number(a.id)]));
  const code = uniq('U');
  resident = {
    code,
    id: Number(
      (
        await t.app.db
          .insertInto('residents')
          .values({
            company_id: companyId,
            resident_code: code,
            resident_name: '王某',
            area_id: areaIds['和平里小区'] as number,
            address: '和平里北街 1 号 3 单元',
            phone: '13900139000',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),
  };
  meterId = Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: companyId, meter_code: uniq('CM'), area_id: areaIds['和平里小区'] as number })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  otherResidentId = Number(
    (
      await t.app.db
        .insertInto('residents')
        .values({ company_id: other.companyId, resident_code: uniq('OU'), resident_name: '他人' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('complaint/newNo and exist', () => {
  it('issues the next TS number of the code rule; exist tells whether another complaint holds it', async () => {
    const first = (await call('POST', COMPLAINT_PATHS.newNo, service.token)).json().datas as string;
    const second = (await call('POST', COMPLAINT_PATHS.newNo, service.token)).json().datas as string;
    expect(first).toMatch(/^TS\d{8}\d{4}$/);
    expect(second).not.toBe(first);
    const exist = async (no: string, id?: number) =>
      (await call('GET', `${COMPLAINT_PATHS.exist}?complaintNo=${no}${id ? `&id=${id}` : ''}`, service.token)).json()
        .datas;
    expect(await exist(first)).toBe(false);
    const c = await take({ complaintNo: first });
    expect(await exist(first)).toBe(true);
    // the complaint being edited does not count; another tenant's numbers are its own
    expect(await exist(first, c.id)).toBe(false);
    expect((await call('GET', `${COMPLAINT_PATHS.exist}?complaintNo=${first}`, otherAdmin)).json().datas).toBe(false);
  });

  it('needs a token, and the edit permission for a number', async () => {
    expect((await call('POST', COMPLAINT_PATHS.newNo)).json()).toEqual(unauthorized);
    expect((await call('POST', COMPLAINT_PATHS.newNo, viewer.token)).json()).toEqual(forbidden);
  });
});

describe('complaint/save', () => {
  it('takes a complaint; the resident fills its area and address; the list joins codes and names; logged', async () => {
    const no = uniq('TS');
    const c = await take({
      complaintNo: ` ${no} `,
      channel: 'hotline12345',
      residentId: resident.id,
      meterId,
      attachments: ['/api-file/files/a.jpg'],
    });
    expect(c).toMatchObject({
      complaintNo: no,
      channel: 'hotline12345',
      status: 'open',
      residentId: resident.id,
      residentCode: resident.code,
      residentName: '王某',
      meterId,
      areaId: areaIds['和平里小区'],
      areaName: '和平里小区',
      address: '和平里北街 1 号 3 单元',
      attachments: ['/api-file/files/a.jpg'],
      creatorName: '测试用户',
      workOrderId: null,
      reopenCount: 0,
    });
    expect(await lastLog()).toMatchObject({ operation: 'complaintCreate' });
    const list = (await call('GET', `${COMPLAINT_PATHS.list}?keyword=${no}`, viewer.token)).json();
    expect(list).toMatchObject({ code: 0, count: 1 });
    expect(list.data[0]).toMatchObject({ id: c.id, meterCode: expect.any(String), areaName: '和平里小区' });
    expect((await call('GET', COMPLAINT_PATHS.find(c.id), viewer.token)).json().datas).toEqual(c);
  });

  it("lets the agent find the resident and the meter with the selectors (their lists' lookup)", async () => {
    const residents = await call('GET', `${CUSTOMER_PATHS.residents}?residentCode=${resident.code}`, service.token);
    expect(residents.json().data.map((r: { residentId: number }) => r.residentId)).toEqual([resident.id]);
    const meters = await call('GET', `${DEVICE_PATHS.meters}?limit=999`, service.token);
    expect(meters.json().data.map((m: { id: number }) => m.id)).toContain(meterId);
    // a lookup, not the registry: no resident is changed through it
    expect((await call('POST', CUSTOMER_PATHS.residentSave, service.token, { residentName: 'x' })).json()).toEqual(
      forbidden,
    );
  });

  it('refuses a blank number with the spec message, in zh and en; nothing written', async () => {
    const before = await count('complaints');
    const zhRes = await call('POST', COMPLAINT_PATHS.save, service.token, intake({ complaintNo: '  ' }));
    expect(zhRes.statusCode).toBe(400);
    expect(zhRes.json()).toMatchObject({ resp_msg: '投诉编号不能为空', field: 'complaintNo' });
    const enRes = await call('POST', COMPLAINT_PATHS.save, service.token, intake({ complaintNo: '' }), 'en');
    expect(enRes.json()).toMatchObject({ resp_msg: en('complaint.rules.noRequired'), field: 'complaintNo' });
    for (const [fields, field, message] of [
      [{ complainant: ' ' }, 'complainant', zh('complaint.rules.complainantRequired')],
      [{ phone: '138-abc' }, 'phone', zh('complaint.rules.phoneFormat')],
      [{ content: '' }, 'content', zh('complaint.rules.contentRequired')],
      [{ channel: 'fax' }, 'channel', undefined],
      [{ residentId: otherResidentId }, 'residentId', undefined],
      [{ meterId: 999_999_999 }, 'meterId', undefined],
      [{ areaId: 999_999_999 }, 'areaId', undefined],
    ] as const) {
      const res = await call('POST', COMPLAINT_PATHS.save, service.token, intake(fields));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      if (message) expect(res.json().resp_msg).toBe(message);
    }
    expect(await count('complaints')).toBe(before);
  });

  it('answers a number another complaint holds as a business failure (spec §5 unique); nothing written', async () => {
    const c = await take();
    const before = await count('complaints');
    const res = await call('POST', COMPLAINT_PATHS.save, service.token, intake({ complaintNo: c.complaintNo }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('complaint.rules.noExists'), datas: null });
    // nor may another complaint be renamed to it
    const d = await take();
    const rename = await call('POST', COMPLAINT_PATHS.save, service.token, {
      ...intake({ complaintNo: c.complaintNo }),
      id: d.id,
    });
    expect(rename.json().resp_code).toBe(1);
    expect(await count('complaints')).toBe(before + 1);
  });

  it('takes one of two simultaneous intakes of the same number; the other is the business failure', async () => {
    const body = intake();
    const answers = await Promise.all([1, 2].map(() => call('POST', COMPLAINT_PATHS.save, service.token, body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().resp_code).sort()).toEqual([0, 1]);
    expect(answers.map((r) => r.json().resp_msg)).toContain(zh('complaint.rules.noExists'));
  });

  it('corrects a complaint (logged), but not once it is closed', async () => {
    const c = await take();
    const res = await act(COMPLAINT_PATHS.save, {
      ...intake({ complaintNo: c.complaintNo, category: 'waterQuality', content: '水发黄' }),
      id: c.id,
    });
    expect(res.datas).toMatchObject({ id: c.id, category: 'waterQuality', content: '水发黄' });
    expect(await lastLog()).toMatchObject({ operation: 'complaintUpdate' });
    await act(COMPLAINT_PATHS.over, { id: c.id, reply: '已处理', satisfaction: 'satisfied' });
    const closed = await act(COMPLAINT_PATHS.save, { ...intake({ complaintNo: c.complaintNo }), id: c.id });
    expect(closed).toEqual({ resp_code: 1, resp_msg: zh('complaint.refused.closed'), datas: null });
  });

  it('needs a token (401) and the edit permission (403); nothing written', async () => {
    const before = await count('complaints');
    expect((await call('POST', COMPLAINT_PATHS.save, undefined, intake())).json()).toEqual(unauthorized);
    expect((await call('POST', COMPLAINT_PATHS.save, viewer.token, intake())).json()).toEqual(forbidden);
    expect((await call('GET', COMPLAINT_PATHS.list, crew.token)).json()).toEqual(forbidden);
    expect(await count('complaints')).toBe(before);
  });
});

describe('complaint/list', () => {
  it('filters by status, channel, category and time; newest first; another tenant sees none of it', async () => {
    const tag = uniq('滤');
    const a = await take({ channel: 'web', category: 'leak', content: `${tag} 漏水` });
    const b = await take({ channel: 'counter', category: 'leak', content: `${tag} 又漏水` });
    const list = async (query: string, token = viewer.token) =>
      (
        (await call('GET', `${COMPLAINT_PATHS.list}?keyword=${encodeURIComponent(tag)}${query}`, token)).json()
          .data as Complaint[]
      ).map((c) => c.id);
    expect(await list('')).toEqual([b.id, a.id]);
    expect(await list('&channel=web')).toEqual([a.id]);
    expect(await list('&category=leak&sort=createdAt&order=asc')).toEqual([a.id, b.id]);
    expect(await list('&status=closed')).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await list(`&startTime=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await list('', otherAdmin)).toEqual([]);
    const bad = await call('GET', `${COMPLAINT_PATHS.list}?status=lost`, viewer.token);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered list with the labels of the reader’s language', async () => {
    const tag = uniq('导');
    await take({ channel: 'app', category: 'meter', content: `${tag} 表不走` });
    const res = await call(
      'GET',
      `${COMPLAINT_PATHS.export}?keyword=${encodeURIComponent(tag)}`,
      viewer.token,
      undefined,
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const sheets = await readXlsx(res.rawPayload);
    const rows = sheets[en('complaint.sheet.file')] as string[][];
    expect(rows).toHaveLength(2);
    const header = rows[0] as string[];
    const row = rows[1] as string[];
    expect(header.slice(0, 4)).toEqual(['Complaint no.', 'Channel', 'Category', 'Status']);
    expect(row.slice(1, 4)).toEqual(['App', 'Meter', 'Open']);
    expect(row[header.indexOf('Taken')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(header).not.toContain('Attachments');
    expect((await call('GET', COMPLAINT_PATHS.export)).json()).toEqual(unauthorized);
  });
});

describe('complaint/workOrder', () => {
  it('turns a complaint into one work order: text and photos carried over, linked both ways', async () => {
    const c = await take({
      residentId: resident.id,
      meterId,
      category: 'leak',
      attachments: ['/api-file/files/p1.jpg', '/api-file/files/p2.jpg'],
    });
    const res = await act(COMPLAINT_PATHS.workOrder, { id: c.id, priority: 'high' });
    expect(res.resp_code, res.resp_msg).toBe(0);
    const turned = res.datas as Complaint;
    expect(turned).toMatchObject({ status: 'ordered', workOrderStatus: 'pending' });
    expect(turned.workOrderCode).toMatch(/^GD/);
    const order = await orderOf(turned.workOrderId as number);
    expect(order).toMatchObject({
      code: turned.workOrderCode,
      type: 'leakRepair',
      priority: 'high',
      source: 'complaint',
      source_key: `complaint:${c.id}`,
      complaint_id: c.id,
      resident_id: resident.id,
      meter_id: meterId,
      area_id: areaIds['和平里小区'],
      address: '和平里北街 1 号 3 单元',
      contact_name: '王女士',
      contact_phone: '13800138000',
      title: '漏水:和平里北街 1 号 3 单元',
    });
    expect(order.attachments).toEqual(['/api-file/files/p1.jpg', '/api-file/files/p2.jpg']);
    expect(order.description).toContain('家中从早上起一直没水');
    expect(order.description).toContain(c.complaintNo);
    expect(await lastLog()).toMatchObject({ operation: 'complaintToWorkOrder' });

    // again: the same order, never two
    const orders = await count('work_orders');
    const again = await act(COMPLAINT_PATHS.workOrder, { id: c.id });
    expect(again.resp_code).toBe(0);
    expect(again.resp_msg).toBe(zh('complaint.refused.alreadyOrdered', { code: order.code }));
    expect(again.datas?.workOrderId).toBe(order.id);
    expect(await count('work_orders')).toBe(orders);
  });

  it('assigns the order at once when an assignee is given: the crew member gets the to-do', async () => {
    const c = await take();
    const res = await act(COMPLAINT_PATHS.workOrder, { id: c.id, assigneeId: crew.id }, dispatcher.token);
    expect(res.resp_code, res.resp_msg).toBe(0);
    const order = await orderOf(res.datas?.workOrderId as number);
    expect(order).toMatchObject({ assignee_id: crew.id, type: 'noWater' });
    const todo = await t.app.db
      .selectFrom('notice_receipts')
      .select(['param'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', crew.id)
      .where('param', '=', order.code)
      .executeTakeFirst();
    expect(todo).toBeDefined();
  });

  it('writes nothing when the assignment is refused, or the caller may not create orders (403)', async () => {
    const c = await take();
    const orders = await count('work_orders');
    // a customer-service agent may create orders but not assign them; a viewer is no assignee
    const refused = await act(COMPLAINT_PATHS.workOrder, { id: c.id, assigneeId: crew.id });
    expect(refused.resp_code).toBe(1);
    const bad = await act(COMPLAINT_PATHS.workOrder, { id: c.id, assigneeId: viewer.id }, dispatcher.token);
    expect(bad).toEqual({ resp_code: 1, resp_msg: zh('workOrder.assignee.invalid'), datas: null });
    expect((await call('POST', COMPLAINT_PATHS.workOrder, editor.token, { id: c.id })).json()).toEqual(forbidden);
    expect(await count('work_orders')).toBe(orders);
    const still = (await call('GET', COMPLAINT_PATHS.find(c.id), service.token)).json().datas as Complaint;
    expect(still).toMatchObject({ status: 'open', workOrderId: null });
  });

  it('refuses a closed complaint', async () => {
    const c = await take();
    await act(COMPLAINT_PATHS.over, { id: c.id, reply: '已电话答复', satisfaction: 'neutral' });
    expect(await act(COMPLAINT_PATHS.workOrder, { id: c.id })).toEqual({
      resp_code: 1,
      resp_msg: zh('complaint.refused.closed'),
      datas: null,
    });
  });
});

describe('complaint/delete', () => {
  it('deletes a complaint never turned into an order (logged); refuses one that was', async () => {
    const c = await take();
    expect((await act(COMPLAINT_PATHS.delete, { id: c.id })).resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'complaintDelete' });
    expect((await call('GET', COMPLAINT_PATHS.find(c.id), service.token)).json()).toEqual(notFound);

    const d = await take();
    await act(COMPLAINT_PATHS.workOrder, { id: d.id });
    expect(await act(COMPLAINT_PATHS.delete, { id: d.id })).toEqual({
      resp_code: 1,
      resp_msg: zh('complaint.refused.ordered'),
      datas: null,
    });
    expect((await call('GET', COMPLAINT_PATHS.find(d.id), service.token)).json().datas.id).toBe(d.id);
    expect((await call('POST', COMPLAINT_PATHS.delete, viewer.token, { id: d.id })).json()).toEqual(forbidden);
  });
});

describe("another tenant's complaint", () => {
  it('is 404 on every call, and changes nothing', async () => {
    const c = await take();
    const id = c.id;
    for (const [method, url, payload] of [
      ['GET', COMPLAINT_PATHS.find(id), undefined],
      ['POST', COMPLAINT_PATHS.save, { ...intake(), id }],
      ['POST', COMPLAINT_PATHS.delete, { id }],
      ['POST', COMPLAINT_PATHS.workOrder, { id }],
      ['POST', COMPLAINT_PATHS.over, { id, reply: 'x', satisfaction: 'satisfied' }],
      ['POST', COMPLAINT_PATHS.reopen, { id, reason: 'x' }],
    ] as const) {
      const res = await call(method, url, otherAdmin, payload);
      expect(res.json(), `${method} ${url}`).toEqual(notFound);
    }
    expect((await call('GET', COMPLAINT_PATHS.find(id), service.token)).json().datas).toEqual(c);
  });
});

describe('data scope', () => {
  it('a scoped agent sees the complaints of its areas and its own; files none outside them', async () => {
    const scoped = await createSignedInUser(t.app, companyId, { codes: ['SERVICE'] });
    const res = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaIds['东四小区']],
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const inside = await take({ areaId: areaIds['东四小区'] });
    const outside = await take({ areaId: areaIds['月坛小区'] });
    const own = await take({}, scoped.token);
    const ids = ((await call('GET', `${COMPLAINT_PATHS.list}?limit=999`, scoped.token)).json().data as Complaint[]).map(
      (c) => c.id,
    );
    expect(ids).toContain(inside.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(outside.id);
    expect((await call('GET', COMPLAINT_PATHS.find(outside.id), scoped.token)).json()).toEqual(notFound);
    const before = await count('complaints');
    const out = await call('POST', COMPLAINT_PATHS.save, scoped.token, intake({ areaId: areaIds['月坛小区'] }));
    expect(out.json()).toMatchObject({ resp_msg: zh('resource.scope.outside'), field: 'areaId' });
    expect(await count('complaints')).toBe(before);
  });
});

describe('complaint/over and reopen', () => {
  it('closes with the reply and satisfaction; a blank reply is refused; a closed one cannot be closed again', async () => {
    const c = await take();
    const blank = await call('POST', COMPLAINT_PATHS.over, service.token, {
      id: c.id,
      reply: ' ',
      satisfaction: 'satisfied',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ resp_msg: zh('complaint.rules.replyRequired'), field: 'reply' });
    const res = await act(COMPLAINT_PATHS.over, { id: c.id, reply: ' 已修复,已回访 ', satisfaction: 'satisfied' });
    expect(res.datas).toMatchObject({
      status: 'closed',
      reply: '已修复,已回访',
      satisfaction: 'satisfied',
      closedBy: '测试用户',
      closedAt: expect.any(String),
    });
    expect(await lastLog()).toMatchObject({ operation: 'complaintClose' });
    expect((await act(COMPLAINT_PATHS.over, { id: c.id, reply: 'x', satisfaction: 'neutral' })).resp_msg).toBe(
      zh('complaint.refused.closed'),
    );
  });

  it('reopens within 72 h with a reason (back to ordered while its order is open), not after', async () => {
    const ordered = await take();
    await act(COMPLAINT_PATHS.workOrder, { id: ordered.id });
    const plain = await take();
    for (const c of [ordered, plain])
      await act(COMPLAINT_PATHS.over, { id: c.id, reply: '已答复', satisfaction: 'dissatisfied' });

    const noReason = await call('POST', COMPLAINT_PATHS.reopen, service.token, { id: ordered.id, reason: '  ' });
    expect(noReason.json()).toMatchObject({ resp_msg: zh('complaint.rules.reasonRequired'), field: 'reason' });
    const open = await take();
    expect((await act(COMPLAINT_PATHS.reopen, { id: open.id, reason: '再看看' })).resp_msg).toBe(
      zh('complaint.refused.notClosed'),
    );

    t.clock.advance(71 * 3_600_000);
    const back = await act(COMPLAINT_PATHS.reopen, { id: ordered.id, reason: '居民反映仍然没水' });
    expect(back.datas).toMatchObject({ status: 'ordered', reopenCount: 1, closedAt: null, satisfaction: null });
    expect(await lastLog()).toMatchObject({
      operation: 'complaintReopen',
      detail: expect.stringContaining('仍然没水'),
    });

    t.clock.advance(2 * 3_600_000);
    const late = await act(COMPLAINT_PATHS.reopen, { id: plain.id, reason: '居民反映仍然没水' }, service.token, 'en');
    expect(late).toEqual({ resp_code: 1, resp_msg: en('complaint.refused.reopenExpired'), datas: null });
    expect((await call('GET', COMPLAINT_PATHS.find(plain.id), service.token)).json().datas.status).toBe('closed');
  });
});
