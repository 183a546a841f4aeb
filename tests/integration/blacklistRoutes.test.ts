// Device blacklists: the data-push list, the reading-sync list and the device command filter, each with list / save /
// delete; a device named by its code (unknown → localized message on the field), each device once per list
// (duplicate → the message), the tenant and the data scope kept, every change in the operation log; and the
// set-based check ingestion and commands use.
import { isBlacklisted } from '@waterops/gateway/src/services/blacklist/blacklistRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { BLACKLIST_KIND, type BlacklistEntry, blacklistPaths } from '@waterops/shared/blacklist';
import { type Area, PLACE_PATHS } from '@waterops/shared/place';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let areas: Record<string, Area>;

const PUSH = blacklistPaths(BLACKLIST_KIND.dataPush);
const SYNC = blacklistPaths(BLACKLIST_KIND.readingSync);
const FILTER = blacklistPaths(BLACKLIST_KIND.commandFilter);

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

const areaId = (name: string) => (areas[name] as Area).id;
const insertMeter = async (company: number, area: number | null) => {
  const code = uniq('BM');
  const row = await t.app.db
    .insertInto('water_meters')
    .values({ company_id: company, meter_code: code, area_id: area })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code };
};
const insertConcentrator = async (company: number, area: number | null) => {
  const code = uniq('BC');
  const row = await t.app.db
    .insertInto('concentrators')
    .values({ company_id: company, concentrator_code: code, area_id: area })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code };
};
const entryCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('device_blacklists')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
const listed = async (url: string, token = admin, query = '') =>
  (await call('GET', `${url}?limit=999${query}`, token)).json().data as BlacklistEntry[];

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceBlacklistView]);
  areas = Object.fromEntries(
    ((await call('GET', `${PLACE_PATHS.areas}?limit=999`, admin)).json().data as Area[]).map((a) => [a.areaName, a]),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('POST …/save', () => {
  it('puts a meter on the data-push list by its code, with its area and who added it; logged', async () => {
    const meter = await insertMeter(companyId, areaId('东四小区'));
    const res = await call('POST', PUSH.save, admin, {
      deviceKind: 3,
      deviceCode: ` ${meter.code} `,
      reason: ' 窃水 ',
    });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas).toMatchObject({
      listKind: 1,
      deviceKind: 3,
      deviceId: meter.id,
      deviceCode: meter.code,
      areaName: '东四小区',
      reason: '窃水',
      createdBy: 'admin',
    });
    expect(await lastLog()).toMatchObject({ operation: 'blacklistAdd' });
    expect((await lastLog()).detail).toContain(meter.code);
    // the lists are separate: the entry is on the data-push list only
    expect((await listed(PUSH.list)).map((e) => e.deviceCode)).toContain(meter.code);
    expect((await listed(SYNC.list)).map((e) => e.deviceCode)).not.toContain(meter.code);
  });

  it('puts a concentrator on the command filter; the list filters by kind and code', async () => {
    const hub = await insertConcentrator(companyId, areaId('东四小区'));
    const meter = await insertMeter(companyId, areaId('东四小区'));
    for (const [deviceKind, deviceCode] of [
      [1, hub.code],
      [3, meter.code],
    ] as const)
      expect((await call('POST', FILTER.save, admin, { deviceKind, deviceCode })).json().resp_code).toBe(0);
    const hubs = await listed(FILTER.list, admin, '&deviceKind=1');
    expect(hubs.map((e) => e.deviceCode)).toContain(hub.code);
    expect(hubs.every((e) => e.deviceKind === 1)).toBe(true);
    const byCode = await listed(FILTER.list, admin, `&deviceCode=${meter.code.slice(2)}`);
    expect(byCode.map((e) => e.deviceCode)).toEqual([meter.code]);
  });

  it('refuses a code that names no device of that kind in the tenant (400 on deviceCode, both languages)', async () => {
    const before = await entryCount();
    const foreign = await insertMeter(other.companyId, null);
    const hub = await insertConcentrator(companyId, areaId('东四小区'));
    for (const [deviceKind, code, key] of [
      [3, 'NO-SUCH-METER', 'resource.blacklist.unknownMeter'],
      [3, foreign.code, 'resource.blacklist.unknownMeter'], // another tenant's meter
      [2, hub.code, 'resource.blacklist.unknownCollector'], // a concentrator's code is no collector
      [1, 'NO-SUCH-HUB', 'resource.blacklist.unknownConcentrator'],
    ] as const) {
      const res = await call('POST', SYNC.save, admin, { deviceKind, deviceCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resp_msg: zh(key, { code }), field: 'deviceCode' });
      const english = await call('POST', SYNC.save, admin, { deviceKind, deviceCode: code }, 'en');
      expect(english.json().resp_msg).toBe(en(key, { code }));
    }
    expect(await entryCount()).toBe(before);
  });

  it('refuses a device already on the list (resp_code 1 with the message), nothing written', async () => {
    const meter = await insertMeter(companyId, areaId('东四小区'));
    expect((await call('POST', SYNC.save, admin, { deviceKind: 3, deviceCode: meter.code })).json().resp_code).toBe(0);
    const before = await entryCount();
    const again = await call('POST', SYNC.save, admin, { deviceKind: 3, deviceCode: meter.code });
    expect(again.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('resource.blacklist.exists', { code: meter.code }),
    });
    const english = await call('POST', SYNC.save, admin, { deviceKind: 3, deviceCode: meter.code }, 'en');
    expect(english.json().resp_msg).toBe(`Device ${meter.code} is already on this list`);
    expect(await entryCount()).toBe(before);
    // the same device may sit on another list
    expect((await call('POST', PUSH.save, admin, { deviceKind: 3, deviceCode: meter.code })).json().resp_code).toBe(0);
  });

  it.each([
    [{ deviceKind: 3, deviceCode: '  ' }, 'deviceCode', zh('rules.blacklistCode.required')],
    [{ deviceKind: 4, deviceCode: 'X' }, 'deviceKind', undefined],
    [{ deviceCode: 'X' }, 'deviceKind', undefined],
  ] as const)('bad input %o → 400 on %s, nothing written', async (body, field, message) => {
    const before = await entryCount();
    const res = await call('POST', PUSH.save, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().resp_msg).toBe(message);
    expect(await entryCount()).toBe(before);
  });
});

describe('POST …/save with id', () => {
  it('changes only the reason of an entry on that list; another list or tenant answers 404; logged', async () => {
    const meter = await insertMeter(companyId, areaId('东四小区'));
    const second = await insertMeter(companyId, areaId('东四小区'));
    const entry = (await call('POST', SYNC.save, admin, { deviceKind: 3, deviceCode: meter.code, reason: '旧' })).json()
      .datas as BlacklistEntry;
    const change = { id: entry.id, deviceKind: 3, deviceCode: second.code, reason: ' 表具故障 ' };
    const res = await call('POST', SYNC.save, admin, change);
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas).toMatchObject({ id: entry.id, deviceCode: meter.code, reason: '表具故障' });
    expect(await lastLog()).toMatchObject({ operation: 'blacklistUpdate' });
    expect((await call('POST', PUSH.save, admin, change)).json()).toMatchObject(notFound);
    expect((await call('POST', SYNC.save, otherAdmin, change)).json()).toMatchObject(notFound);
    expect((await listed(SYNC.list)).find((e) => e.id === entry.id)?.reason).toBe('表具故障');
  });
});

describe('POST …/delete', () => {
  it('takes an entry off its own list only; another list or tenant answers 404; logged', async () => {
    const meter = await insertMeter(companyId, areaId('东四小区'));
    const entry = (await call('POST', PUSH.save, admin, { deviceKind: 3, deviceCode: meter.code })).json()
      .datas as BlacklistEntry;
    expect(await call('POST', SYNC.delete, admin, { id: entry.id }).then((r) => r.json())).toMatchObject(notFound);
    expect(await call('POST', PUSH.delete, otherAdmin, { id: entry.id }).then((r) => r.json())).toMatchObject(notFound);
    expect((await listed(PUSH.list, otherAdmin)).map((e) => e.id)).not.toContain(entry.id);
    const res = await call('POST', PUSH.delete, admin, { id: entry.id });
    expect(res.json().resp_code, res.body).toBe(0);
    expect((await listed(PUSH.list)).map((e) => e.id)).not.toContain(entry.id);
    expect(await lastLog()).toMatchObject({ operation: 'blacklistRemove' });
    expect((await call('POST', PUSH.delete, admin, { id: 0 })).statusCode).toBe(400);
  });
});

describe('permissions and data scope', () => {
  it('401 without a token, 403 without the permission; a viewer reads but cannot change', async () => {
    expect((await call('GET', PUSH.list)).json()).toMatchObject(unauthorized);
    expect((await call('POST', FILTER.save, undefined, { deviceKind: 3, deviceCode: 'X' })).json()).toMatchObject(
      unauthorized,
    );
    expect((await call('GET', SYNC.list, viewer.token)).json().code).toBe(0);
    expect((await call('POST', SYNC.save, viewer.token, { deviceKind: 3, deviceCode: 'X' })).json()).toMatchObject(
      forbidden,
    );
    expect((await call('POST', SYNC.delete, viewer.token, { id: 1 })).json()).toMatchObject(forbidden);
  });

  it('an account limited to an area lists and adds only devices inside it', async () => {
    const inside = await insertMeter(companyId, areaId('东四小区'));
    const outside = await insertMeter(companyId, areaId('望京小区'));
    for (const m of [inside, outside])
      expect((await call('POST', FILTER.save, admin, { deviceKind: 3, deviceCode: m.code })).json().resp_code).toBe(0);
    const scoped = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceBlacklistView,
      PERMISSIONS.deviceBlacklistEdit,
    ]);
    const res = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaId('东四小区')],
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const codes = (await listed(FILTER.list, scoped.token)).map((e) => e.deviceCode);
    expect(codes).toContain(inside.code);
    expect(codes).not.toContain(outside.code);
    const outsideMeter = await insertMeter(companyId, areaId('望京小区'));
    const add = await call('POST', PUSH.save, scoped.token, { deviceKind: 3, deviceCode: outsideMeter.code });
    expect(add.statusCode).toBe(400);
    expect(add.json().resp_msg).toBe(zh('resource.blacklist.unknownMeter', { code: outsideMeter.code }));
  });
});

describe('isBlacklisted', () => {
  it('answers which of the given devices are on one list, for one tenant and device kind', async () => {
    const a = await insertMeter(companyId, areaId('东四小区'));
    const b = await insertMeter(companyId, areaId('东四小区'));
    const hub = await insertConcentrator(companyId, areaId('东四小区'));
    await call('POST', FILTER.save, admin, { deviceKind: 3, deviceCode: a.code });
    await call('POST', FILTER.save, admin, { deviceKind: 1, deviceCode: hub.code });
    const found = await isBlacklisted(t.app.db, companyId, 3, 3, [a.id, b.id, a.id]);
    expect([...found]).toEqual([a.id]);
    expect([...(await isBlacklisted(t.app.db, companyId, 1, 3, [a.id, b.id]))]).toEqual([]);
    expect([...(await isBlacklisted(t.app.db, other.companyId, 3, 3, [a.id]))]).toEqual([]);
    expect([...(await isBlacklisted(t.app.db, companyId, 3, 1, [hub.id]))]).toEqual([hub.id]);
    expect([...(await isBlacklisted(t.app.db, companyId, 3, 3, []))]).toEqual([]);
  });
});
