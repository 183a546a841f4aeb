// The alarm console's calls as an operator uses them: the live list with filters, its ETag and 304, the change
// feed and its cursor, events and grouped children, acknowledge / shelve / unshelve in bulk with who and why, the
// auto-unshelve at expiry, the load panel; each route's 400, 401, 403 and other-tenant answers, and the data scope.
import { clearSourceAlarm, raiseSourceAlarm } from '@waterops/gateway/src/services/alarm/alarmEngine.ts';
import { unshelveExpired } from '@waterops/gateway/src/services/alarm/alarmJobs.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { PLACE_PATHS } from '@waterops/shared/place';
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
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let operator: string;
let viewer: TestUser;
let nobody: TestUser;
let scoped: TestUser;
let other: Tenant;
let otherToken: string;
const areas: number[] = [];
/** alarm ids by source code */
const ids: Record<string, number> = {};

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const withId = (path: string, id: number) => path.replace(':id', String(id));

const raise = async (
  cid: number,
  code: string,
  level: 'urgent' | 'severe' | 'alarm' | 'general',
  areaId: number | null,
  sourceKind: 'meter' | 'concentrator' = 'meter',
  alarmType: 'voltage' | 'offline' | 'noData' = 'voltage',
) => {
  const sourceId = 1000 + Object.keys(ids).length;
  await raiseSourceAlarm(t.app.db, cid, {
    alarmType,
    sourceKind,
    sourceId,
    sourceCode: code,
    areaId,
    level,
    value: 3.1,
    threshold: 3.2,
    at: t.clock.now(),
  });
  const row = await t.app.db
    .selectFrom('alarms')
    .select('id')
    .where('company_id', '=', cid)
    .where('source_code', '=', code)
    .executeTakeFirstOrThrow();
  ids[code] = Number(row.id);
  return Number(row.id);
};

const alarmRow = (id: number) =>
  t.app.db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  operator = await signIn(t.app, 'operator', 'operator123');
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.monitoringAlarmView]);
  nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
  other = await createSecondTenant(t.app);
  otherToken = await signIn(t.app, other.adminUsername, other.password);
  const rows = await t.app.db
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(2)
    .execute();
  areas.push(...rows.map((r) => Number(r.id)));
  expect(areas).toHaveLength(2);
  scoped = await createUserWithPermissions(t.app, companyId, [
    PERMISSIONS.monitoringAlarmView,
    PERMISSIONS.monitoringAlarmEdit,
  ]);
  const res = await post(
    PLACE_PATHS.userRegionAreaSave,
    { userId: scoped.id, regionIds: [], areaIds: [areas[0]] },
    admin,
  );
  expect(res.json().resp_code, res.body).toBe(0);

  await raise(companyId, 'M-URGENT', 'urgent', areas[0] as number);
  t.clock.advance(1000);
  await raise(companyId, 'M-ALARM', 'alarm', areas[1] as number);
  t.clock.advance(1000);
  await raise(companyId, 'M-GENERAL', 'general', areas[0] as number);
  // a concentrator offline with one meter grouped under it
  const parent = await raise(companyId, 'C-OFF', 'severe', areas[0] as number, 'concentrator', 'offline');
  const child = await raise(companyId, 'M-CHILD', 'general', areas[0] as number, 'meter', 'noData');
  await t.app.db.updateTable('alarms').set({ parent_id: parent, suppressed: true }).where('id', '=', child).execute();
  await raise(other.companyId, 'OTHER-1', 'urgent', null);
  // seven sign-ins (scrypt) on a loaded machine can take longer than the default minute
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('GET alarms', () => {
  it('lists the live alarms urgent first, without grouped children, with filters', async () => {
    const res = await get(MONITORING_PATHS.alarms, operator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, count: 4 });
    expect(body.data.map((a: { sourceCode: string }) => a.sourceCode)).toEqual([
      'M-URGENT',
      'C-OFF',
      'M-ALARM',
      'M-GENERAL',
    ]);
    expect(body.data.find((a: { sourceCode: string }) => a.sourceCode === 'C-OFF')).toMatchObject({ childCount: 1 });
    const urgent = (await get(`${MONITORING_PATHS.alarms}?level=urgent`, operator)).json();
    expect(urgent.data.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['M-URGENT']);
    const inArea = (await get(`${MONITORING_PATHS.alarms}?areaId=${areas[1]}`, operator)).json();
    expect(inArea.data.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['M-ALARM']);
    const offline = (await get(`${MONITORING_PATHS.alarms}?alarmType=offline&state=activeUnacked`, operator)).json();
    expect(offline.data.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['C-OFF']);
  });

  it('answers 304 to the ETag while nothing changed, and a new list after a change', async () => {
    const first = await get(MONITORING_PATHS.alarms, operator);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(MONITORING_PATHS.alarms, operator, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const filtered = await get(`${MONITORING_PATHS.alarms}?level=urgent`, operator, { 'if-none-match': etag });
    expect(filtered.statusCode).toBe(200);
    await raise(companyId, 'M-NEW', 'alarm', areas[1] as number);
    expect((await get(MONITORING_PATHS.alarms, operator, { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it("shows a scoped user their areas' alarms only, and another tenant its own", async () => {
    const mine = (await get(MONITORING_PATHS.alarms, scoped.token)).json();
    expect(mine.data.map((a: { sourceCode: string }) => a.sourceCode).sort()).toEqual([
      'C-OFF',
      'M-GENERAL',
      'M-URGENT',
    ]);
    const theirs = (await get(MONITORING_PATHS.alarms, otherToken)).json();
    expect(theirs.data.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['OTHER-1']);
  });

  it('answers 400 for a bad filter, 401 without a token, 403 without monitoring:alarm:view', async () => {
    const bad = await get(`${MONITORING_PATHS.alarms}?level=loud`, operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('level');
    expect((await get(`${MONITORING_PATHS.alarms}?limit=1000`, operator)).statusCode).toBe(400);
    expect((await get(MONITORING_PATHS.alarms)).statusCode).toBe(401);
    expect((await get(MONITORING_PATHS.alarms, nobody.token)).statusCode).toBe(403);
  });
});

describe('GET alarms/feed', () => {
  it('gives the live set with reset and a cursor, then only what changed after it', async () => {
    const first = (await get(MONITORING_PATHS.alarmFeed, operator)).json().datas;
    expect(first.reset).toBe(true);
    expect(first.items.map((a: { sourceCode: string }) => a.sourceCode)).toContain('M-CHILD');
    const quiet = (await get(`${MONITORING_PATHS.alarmFeed}?since=${first.cursor}`, operator)).json().datas;
    expect(quiet).toEqual({ items: [], cursor: first.cursor, reset: false });
    await post(MONITORING_PATHS.acknowledge, { ids: [ids['M-ALARM']], comment: '现场已处理' }, operator);
    const changed = (await get(`${MONITORING_PATHS.alarmFeed}?since=${first.cursor}`, operator)).json().datas;
    expect(changed.reset).toBe(false);
    expect(changed.items).toHaveLength(1);
    expect(changed.items[0]).toMatchObject({ sourceCode: 'M-ALARM', acknowledged: true, ackComment: '现场已处理' });
    expect(Number(changed.cursor)).toBeGreaterThan(Number(first.cursor));
  });

  it('resets on an unknown or future cursor, and filters by scope', async () => {
    for (const since of ['abc', '99999999999'])
      expect((await get(`${MONITORING_PATHS.alarmFeed}?since=${since}`, operator)).json().datas.reset).toBe(true);
    const scopedFeed = (await get(MONITORING_PATHS.alarmFeed, scoped.token)).json().datas;
    expect(scopedFeed.items.every((a: { areaId: number }) => a.areaId === areas[0])).toBe(true);
    expect((await get(MONITORING_PATHS.alarmFeed)).statusCode).toBe(401);
    expect((await get(MONITORING_PATHS.alarmFeed, nobody.token)).statusCode).toBe(403);
    expect((await get(`${MONITORING_PATHS.alarmFeed}?since=${'9'.repeat(41)}`, operator)).statusCode).toBe(400);
  });
});

describe('events and children', () => {
  it("lists an alarm's transitions newest first and the alarms grouped under one", async () => {
    const events = (await get(withId(MONITORING_PATHS.alarmEvents, ids['M-ALARM'] as number), operator)).json().datas;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['acknowledged', 'raised']);
    expect(events[0]).toMatchObject({ username: 'operator', comment: '现场已处理' });
    expect(events[1]).toMatchObject({ username: null });
    const children = (await get(withId(MONITORING_PATHS.alarmChildren, ids['C-OFF'] as number), operator)).json().datas;
    expect(children.map((a: { sourceCode: string }) => a.sourceCode)).toEqual(['M-CHILD']);
  });

  it('answers 404 for another tenant’s or an out-of-scope alarm, 400 for a bad id, 401, 403', async () => {
    for (const path of [MONITORING_PATHS.alarmEvents, MONITORING_PATHS.alarmChildren]) {
      expect((await get(withId(path, ids['OTHER-1'] as number), operator)).statusCode).toBe(404);
      expect((await get(withId(path, ids['M-ALARM'] as number), scoped.token)).statusCode).toBe(404);
      expect((await get(path.replace(':id', 'x'), operator)).statusCode).toBe(400);
      expect((await get(withId(path, ids['M-ALARM'] as number))).statusCode).toBe(401);
      expect((await get(withId(path, ids['M-ALARM'] as number), nobody.token)).statusCode).toBe(403);
    }
  });
});

describe('acknowledge', () => {
  it('acknowledges in bulk with who and the comment, skips what is acknowledged or not visible, and takes the group along', async () => {
    const res = await post(
      MONITORING_PATHS.acknowledge,
      { ids: [ids['M-URGENT'], ids['M-ALARM'], ids['C-OFF'], ids['OTHER-1']], comment: ' 已派单 ' },
      operator,
    );
    expect(res.json()).toMatchObject({ resp_code: 0, datas: { changed: 2 } });
    expect(await alarmRow(ids['M-URGENT'] as number)).toMatchObject({
      acknowledged: true,
      ack_by: 'operator',
      ack_comment: '已派单',
    });
    expect(await alarmRow(ids['M-CHILD'] as number)).toMatchObject({ acknowledged: true, ack_comment: '已派单' });
    expect(await alarmRow(ids['OTHER-1'] as number)).toMatchObject({ acknowledged: false });
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .where('operation', '=', 'alarmAcknowledge')
      .execute();
    expect(log.length).toBeGreaterThan(0);
  });

  it('answers 400 and writes nothing for an empty list or a long comment; 401; 403 for a viewer', async () => {
    const before = await alarmRow(ids['M-GENERAL'] as number);
    expect((await post(MONITORING_PATHS.acknowledge, { ids: [] }, operator)).statusCode).toBe(400);
    const long = await post(
      MONITORING_PATHS.acknowledge,
      { ids: [ids['M-GENERAL']], comment: 'x'.repeat(201) },
      operator,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('comment');
    expect((await post(MONITORING_PATHS.acknowledge, { ids: [ids['M-GENERAL']] })).statusCode).toBe(401);
    expect((await post(MONITORING_PATHS.acknowledge, { ids: [ids['M-GENERAL']] }, viewer.token)).statusCode).toBe(403);
    expect(await alarmRow(ids['M-GENERAL'] as number)).toEqual(before);
  });

  it('changes nothing of another tenant or outside the scope', async () => {
    const res = await post(MONITORING_PATHS.acknowledge, { ids: [ids['M-NEW']] }, scoped.token);
    expect(res.json().datas.changed).toBe(0);
    expect((await post(MONITORING_PATHS.acknowledge, { ids: [ids['M-NEW']] }, otherToken)).json().datas.changed).toBe(
      0,
    );
    expect(await alarmRow(ids['M-NEW'] as number)).toMatchObject({ acknowledged: false });
  });
});

describe('shelve and unshelve', () => {
  it('shelves with a reason and an expiry, unshelves, and the job unshelves at expiry', async () => {
    const shelve = await post(
      MONITORING_PATHS.shelve,
      { ids: [ids['M-GENERAL'], ids['M-NEW']], minutes: 60, reason: '检修中' },
      operator,
    );
    expect(shelve.json().datas.changed).toBe(2);
    const row = await alarmRow(ids['M-GENERAL'] as number);
    expect(row).toMatchObject({ shelve_reason: '检修中', shelved_by: 'operator' });
    const expiry = (row.shelved_until?.getTime() ?? 0) - t.clock.now().getTime();
    expect(expiry).toBeGreaterThan(3_590_000);
    expect(expiry).toBeLessThanOrEqual(3_600_000);
    const shelved = (await get(`${MONITORING_PATHS.alarms}?state=shelved`, operator)).json();
    expect(shelved.data.map((a: { sourceCode: string }) => a.sourceCode).sort()).toEqual(['M-GENERAL', 'M-NEW']);

    const un = await post(MONITORING_PATHS.unshelve, { ids: [ids['M-NEW'], ids['M-URGENT']] }, operator);
    expect(un.json().datas.changed).toBe(1);
    expect(await alarmRow(ids['M-NEW'] as number)).toMatchObject({ shelved_until: null, shelve_reason: null });

    const changedTenants: number[] = [];
    expect(await unshelveExpired(t.app.db, t.clock.now(), (c) => changedTenants.push(c))).toBe(0);
    t.clock.advance(3_600_001);
    expect(await unshelveExpired(t.app.db, t.clock.now(), (c) => changedTenants.push(c))).toBe(1);
    expect(changedTenants).toEqual([companyId]);
    expect(await alarmRow(ids['M-GENERAL'] as number)).toMatchObject({ shelved_until: null });
    const events = (await get(withId(MONITORING_PATHS.alarmEvents, ids['M-GENERAL'] as number), operator)).json().datas;
    expect(events.slice(0, 2)).toMatchObject([
      { action: 'unshelved', username: null },
      { action: 'shelved', username: 'operator', comment: '检修中' },
    ]);
  });

  it('answers 400 without a reason, for a blank one or a bad duration, and writes nothing; 401; 403', async () => {
    const target = ids['M-ALARM'] as number;
    for (const body of [
      { ids: [target], minutes: 60 },
      { ids: [target], minutes: 60, reason: '   ' },
      { ids: [target], minutes: 2, reason: 'x' },
      { ids: [target], minutes: 20000, reason: 'x' },
    ]) {
      const res = await post(MONITORING_PATHS.shelve, body, operator);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await alarmRow(target)).toMatchObject({ shelved_until: null });
    expect((await post(MONITORING_PATHS.shelve, { ids: [target], minutes: 60, reason: 'x' })).statusCode).toBe(401);
    expect(
      (await post(MONITORING_PATHS.shelve, { ids: [target], minutes: 60, reason: 'x' }, viewer.token)).statusCode,
    ).toBe(403);
    expect((await post(MONITORING_PATHS.unshelve, { ids: [] }, operator)).statusCode).toBe(400);
    expect((await post(MONITORING_PATHS.unshelve, { ids: [target] })).statusCode).toBe(401);
    expect((await post(MONITORING_PATHS.unshelve, { ids: [target] }, viewer.token)).statusCode).toBe(403);
    const theirs = await post(MONITORING_PATHS.shelve, { ids: [ids['OTHER-1']], minutes: 60, reason: 'x' }, operator);
    expect(theirs.json().datas.changed).toBe(0);
  });
});

describe('GET alarms/load', () => {
  it('counts per 10 minutes over 24 h with the target, the most frequent alarms and the mix', async () => {
    const load = (await get(MONITORING_PATHS.alarmLoad, operator, lang('en'))).json().datas;
    expect(load.buckets).toHaveLength(144);
    expect(load.target).toBe(1);
    const total = load.buckets.reduce((s: number, b: { count: number }) => s + b.count, 0);
    expect(total).toBe(5);
    expect(load.mostFrequent).toHaveLength(5);
    expect(load.chattering).toEqual([]);
    expect(load.mix.urgent + load.mix.severe + load.mix.alarm + load.mix.general).toBeCloseTo(1, 2);
    expect(load.stale).toBe(0);
    expect((await get(MONITORING_PATHS.alarmLoad)).statusCode).toBe(401);
    expect((await get(MONITORING_PATHS.alarmLoad, nobody.token)).statusCode).toBe(403);
    const theirs = (await get(MONITORING_PATHS.alarmLoad, otherToken)).json().datas;
    expect(theirs.mostFrequent.map((s: { sourceCode: string }) => s.sourceCode)).toEqual(['OTHER-1']);
  });

  it('names a chattering alarm: each re-raise of an unacknowledged alarm counts, as often as it sounded', async () => {
    const alarm = { alarmType: 'voltage' as const, sourceKind: 'meter' as const, sourceId: 990_001 };
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    for (const m of [-40, -30, -20]) {
      await raiseSourceAlarm(t.app.db, companyId, {
        ...alarm,
        sourceCode: 'M-CHATTER',
        areaId: null,
        level: 'alarm',
        value: 3.1,
        threshold: 3.2,
        at: at(m),
      });
      await clearSourceAlarm(t.app.db, companyId, { ...alarm, at: at(m + 5) });
    }
    const rows = await t.app.db.selectFrom('alarms').select('id').where('source_code', '=', 'M-CHATTER').execute();
    expect(rows).toHaveLength(1);
    const load = (await get(MONITORING_PATHS.alarmLoad, operator)).json().datas;
    const chatter = { sourceKind: 'meter', sourceCode: 'M-CHATTER', alarmType: 'voltage', count: 3 };
    expect(load.chattering).toMatchObject([chatter]);
    expect(load.mostFrequent[0]).toMatchObject(chatter);
    expect(load.buckets.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(8);
  });
});
