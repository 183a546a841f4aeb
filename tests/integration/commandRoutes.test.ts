// Device commands: valves opened and closed (single and batch), read now, concentrator and collector commands, the
// history; a device takes its commands through the delivery functions the ingestion API calls, answers them, and
// a command nobody answers fails on time. Offline and filtered devices get cancelled commands with the catalogue
// message in both languages; a meter without valve control is refused; other tenants see nothing (404).

import {
  applyCommandResults,
  expireCommands,
  takePendingCommands,
} from '@waterops/gateway/src/services/command/commandDelivery.ts';
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { COMMAND_PATHS, type CommandBatch, type DeviceCommand, type ValveMeter } from '@waterops/shared/command';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { PLACE_PATHS } from '@waterops/shared/place';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let otherAdmin: string;
let viewer: TestUser;
let areaId: number;
let otherAreaId: number;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

const newConcentrator = async (online: boolean, company = companyId, area = areaId) =>
  Number(
    (
      await t.app.db
        .insertInto('concentrators')
        .values({ company_id: company, concentrator_code: uniq('C'), area_id: area, online, report_rate: 15 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const newCollector = async (concentratorId: number | null) =>
  Number(
    (
      await t.app.db
        .insertInto('collectors')
        .values({
          company_id: companyId,
          collector_code: uniq('K'),
          area_id: areaId,
          concentrator_id: concentratorId,
          upload_frequency: 60,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
const newMeter = async (
  fields: { concentratorId?: number | null; valveControl?: boolean; online?: boolean; area?: number } = {},
  company = companyId,
) => {
  const row = await t.app.db
    .insertInto('water_meters')
    .values({
      company_id: company,
      meter_code: uniq('M'),
      area_id: fields.area ?? (company === companyId ? areaId : otherAreaId),
      concentrator_id: fields.concentratorId ?? null,
      valve_control: fields.valveControl ?? true,
      // a meter to command is one that reports (online): the tests of an offline one say so
      online: fields.online ?? true,
    })
    .returning(['id', 'meter_code'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code: row.meter_code };
};
const commandRow = (id: number) =>
  t.app.db.selectFrom('device_commands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const valveState = async (meterId: number) =>
  (await t.app.db.selectFrom('water_meters').select('valve_state').where('id', '=', meterId).executeTakeFirstOrThrow())
    .valve_state;
const commandCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('device_commands')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const valve = async (meterIds: number[], action: 'open' | 'close', token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  call('POST', COMMAND_PATHS.valve, token, { meterIds, action }, locale);
const batchOf = (res: { json(): unknown; body: string }) => {
  const body = res.json() as { resp_code: number; datas: CommandBatch };
  expect(body.resp_code, res.body).toBe(0);
  return body.datas;
};

let online: number;
let offline: number;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherCompanyId = other.companyId;
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceValveControlView]);
  const area = await t.app.db
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  areaId = Number(area.id);
  const region = await t.app.db
    .insertInto('regions')
    .values({ company_id: otherCompanyId, region_name: uniq('R') })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherAreaId = Number(
    (
      await t.app.db
        .insertInto('areas')
        .values({ company_id: otherCompanyId, region_id: region.id, area_name: uniq('A') })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  online = await newConcentrator(true);
  offline = await newConcentrator(false);
});
afterAll(async () => {
  await t?.close();
});

describe('a valve command walks created → executing → success', () => {
  it('is created, taken by the concentrator key, answered, and the meter valve shows closed', async () => {
    const m = await newMeter({ concentratorId: online });
    const batch = batchOf(await valve([m.id], 'close'));
    expect(batch.commands).toEqual([
      expect.objectContaining({
        deviceId: m.id,
        deviceCode: m.code,
        meterId: m.id,
        meterCode: m.code,
        command: 'valveClose',
        state: 'created',
      }),
    ]);
    const id = batch.commands[0]?.id as number;

    // another concentrator's key does not get it; this one's does, once
    expect(await takePendingCommands(t.app.db, { companyId, concentratorId: offline }, t.clock.now())).toEqual([]);
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now());
    expect(taken).toEqual([
      expect.objectContaining({ id, deviceKind: 'meter', deviceCode: m.code, command: 'valveClose' }),
    ]);
    expect(await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now())).toEqual([]);
    expect((await commandRow(id)).state).toBe(1);

    // another tenant's key cannot answer it; this one can, once
    expect(
      await applyCommandResults(
        t.app.db,
        { companyId: otherCompanyId, concentratorId: null },
        [{ commandId: id, success: true }],
        t.clock.now(),
      ),
    ).toBe(0);
    expect(
      await applyCommandResults(
        t.app.db,
        { companyId, concentratorId: online },
        [{ commandId: id, success: true }],
        t.clock.now(),
      ),
    ).toBe(1);
    expect(
      await applyCommandResults(
        t.app.db,
        { companyId, concentratorId: online },
        [{ commandId: id, success: false }],
        t.clock.now(),
      ),
    ).toBe(0);
    const row = await commandRow(id);
    expect(row).toMatchObject({ state: 2, reason: null });
    expect(row.finished_at).not.toBeNull();
    expect(await valveState(m.id)).toBe(0);

    const one = (await call('GET', COMMAND_PATHS.one(id), admin)).json().datas as DeviceCommand;
    expect(one).toMatchObject({ id, state: 'success', deviceKind: 'meter', createdBy: 'admin' });
    expect(one.sentTime).not.toBeNull();
  });

  it('a device failure is kept with its own words; the history says why in the request language', async () => {
    const m = await newMeter({ concentratorId: online });
    const id = batchOf(await valve([m.id], 'open')).commands[0]?.id as number;
    await takePendingCommands(t.app.db, { companyId, concentratorId: null }, t.clock.now());
    await applyCommandResults(
      t.app.db,
      { companyId, concentratorId: null },
      [{ commandId: id, success: false, message: 'motor stuck' }],
      t.clock.now(),
    );
    expect(await valveState(m.id)).toBeNull();
    const res = await call('GET', COMMAND_PATHS.one(id), admin, undefined, 'en');
    expect(res.json().datas).toMatchObject({
      state: 'failed',
      reason: 'device',
      message: `${en('command.device')}: motor stuck`,
    });
  });

  it('a read-now answer is stored as a manual read of the meter', async () => {
    const m = await newMeter({ concentratorId: online });
    const batch = batchOf(await call('POST', COMMAND_PATHS.meterRead, admin, { meterIds: [m.id] }));
    const id = batch.commands[0]?.id as number;
    await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now());
    const time = '2026-11-20T09:30:00+08:00';
    expect(
      await applyCommandResults(
        t.app.db,
        { companyId, concentratorId: online },
        [{ commandId: id, success: true, result: { reading: 123.456, time, voltage: 3.6 } }],
        t.clock.now(),
      ),
    ).toBe(1);
    const reads = await t.app.db
      .selectFrom('meter_readings')
      .select(['reading', 'source', 'read_at'])
      .where('company_id', '=', companyId)
      .where('meter_id', '=', m.id)
      .execute();
    expect(reads).toEqual([{ reading: '123.456', source: 2, read_at: new Date(time) }]);
  });

  it('a meter without a concentrator is served only by a company key', async () => {
    const m = await newMeter({ online: true });
    const id = batchOf(await valve([m.id], 'open')).commands[0]?.id as number;
    expect(await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now())).toEqual([]);
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: null }, t.clock.now());
    expect(taken.map((c) => c.id)).toContain(id);
    await applyCommandResults(
      t.app.db,
      { companyId, concentratorId: null },
      [{ commandId: id, success: true }],
      t.clock.now(),
    );
    expect(await valveState(m.id)).toBe(1);
  });
});

describe('through the ingestion API', () => {
  it("a concentrator's key receives its meter's command with a batch of reads and answers it in the next", async () => {
    const m = await newMeter({ concentratorId: online });
    const { key } = await createIngestKey(t.app.db, { companyId, name: 'hub', concentratorId: online });
    const device = { authorization: `Device ${key}` };
    const id = batchOf(await valve([m.id], 'close')).commands[0]?.id as number;

    const first = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.readings,
      headers: device,
      payload: { readings: [{ meterCode: m.code, time: new Date().toISOString(), reading: 1.5 }] },
    });
    expect(first.json().datas.commands, first.body).toEqual([
      expect.objectContaining({ id, deviceKind: 'meter', deviceCode: m.code, command: 'valveClose' }),
    ]);
    expect((await commandRow(id)).state).toBe(1);

    const second = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.readings,
      headers: device,
      payload: { readings: [], commandResults: [{ commandId: id, success: true }] },
    });
    expect(second.json().datas, second.body).toMatchObject({ results: 1, commands: [] });
    expect((await commandRow(id)).state).toBe(2);
    expect(await valveState(m.id)).toBe(0);
  });
});

describe('cancelled and refused commands', () => {
  it('a command to a meter whose concentrator is offline is cancelled with the catalogue message', async () => {
    const m = await newMeter({ concentratorId: offline, online: true });
    const zhBatch = batchOf(await valve([m.id], 'close'));
    expect(zhBatch.commands[0]).toMatchObject({
      state: 'cancelled',
      reason: 'offline',
      message: '设备离线，开关阀命令已取消',
    });
    const enBatch = batchOf(await valve([m.id], 'close', admin, 'en'));
    expect(enBatch.commands[0]).toMatchObject({
      state: 'cancelled',
      reason: 'offline',
      message: 'Device offline: the valve command was cancelled',
    });
    // stored as cancelled: the history shows the attempt, no device ever receives it
    expect((await commandRow(enBatch.commands[0]?.id as number)).state).toBe(4);
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: offline }, t.clock.now());
    expect(taken).toEqual([]);
  });

  it('online is one thing on every page: a silent meter behind an online concentrator is offline, takes no valve command, and can be read now', async () => {
    const m = await newMeter({ concentratorId: online, online: false });
    const onPage = async (url: string) =>
      ((await call('GET', url, admin)).json().data as { id: number; online: boolean }[]).find((r) => r.id === m.id)
        ?.online;
    expect(await onPage(`${COMMAND_PATHS.valveMeters}?meterCode=${m.code}`)).toBe(false);
    expect(await onPage(`${DEVICE_PATHS.meters}?meterCode=${m.code}`)).toBe(false);
    expect(await onPage(`${MONITORING_PATHS.meters}?code=${m.code}`)).toBe(false);
    const offlineOnes = (await call('GET', `${COMMAND_PATHS.valveMeters}?online=false&limit=999`, admin)).json()
      .data as ValveMeter[];
    expect(offlineOnes.map((r) => r.id)).toContain(m.id);
    expect(batchOf(await valve([m.id], 'close')).commands[0]).toMatchObject({ state: 'cancelled', reason: 'offline' });
    const read = batchOf(await call('POST', COMMAND_PATHS.meterRead, admin, { meterIds: [m.id] }));
    expect(read.commands[0]).toMatchObject({ command: 'readNow', state: 'created' });
  });

  it('a valve operation on a device in the command filter is intercepted and cancelled', async () => {
    const m = await newMeter({ concentratorId: online });
    await t.app.db
      .insertInto('device_blacklists')
      .values({ company_id: companyId, list_kind: 3, device_kind: 3, device_id: m.id, device_code: m.code })
      .execute();
    const zhBatch = batchOf(await valve([m.id], 'close'));
    expect(zhBatch.commands[0]).toMatchObject({
      state: 'cancelled',
      reason: 'intercepted',
      message: '阀门操作被拦截，命令已取消',
    });
    const enBatch = batchOf(await valve([m.id], 'open', admin, 'en'));
    expect(enBatch.commands[0]?.message).toBe('Valve operation intercepted: the command was cancelled');
    // the filter is for valves: reading the meter still works
    const read = batchOf(await call('POST', COMMAND_PATHS.meterRead, admin, { meterIds: [m.id] }));
    expect(read.commands[0]).toMatchObject({ command: 'readNow', state: 'created' });
  });

  it('a meter without valve control is refused in both languages and nothing is written', async () => {
    const plain = await newMeter({ concentratorId: online, valveControl: false });
    const ok = await newMeter({ concentratorId: online });
    const before = await commandCount();
    const res = await valve([ok.id, plain.id], 'close');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resp_msg: zh('command.noValveControl', { code: plain.code }),
      field: 'meterIds',
    });
    expect((await valve([plain.id], 'open', admin, 'en')).json().resp_msg).toBe(
      `The meter ${plain.code} has no valve control`,
    );
    expect(await commandCount()).toBe(before);
  });

  it('bad bodies are refused: no meters, more than 500, an unknown action', async () => {
    const before = await commandCount();
    expect((await valve([], 'close')).statusCode).toBe(400);
    expect(
      (
        await valve(
          Array.from({ length: 501 }, (_, i) => i + 1),
          'close',
        )
      ).statusCode,
    ).toBe(400);
    expect((await call('POST', COMMAND_PATHS.valve, admin, { meterIds: [1], action: 'toggle' })).statusCode).toBe(400);
    expect(await commandCount()).toBe(before);
  });
});

describe('no answer in time', () => {
  it('fails a command nobody picked up, and one picked up but never answered; a late answer changes nothing', async () => {
    // a: a meter without concentrator (only a company key would take it); b: behind the online concentrator
    const m1 = await newMeter({ online: true });
    const m2 = await newMeter({ concentratorId: online });
    const [a, b] = batchOf(await valve([m1.id, m2.id], 'close')).commands.map((c) => c.id) as [number, number];
    const created = (await commandRow(a)).created_at;
    const at = (s: number) => new Date(created.getTime() + s * 1000);

    // b is taken at +100 s: its answer window (120 s by default) starts again then
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: online }, at(100));
    expect(taken.map((c) => c.id)).toContain(b);
    expect(taken.map((c) => c.id)).not.toContain(a);

    await expireCommands(t.app.db, at(119));
    expect((await commandRow(a)).state).toBe(0);
    expect(await expireCommands(t.app.db, at(121))).toBeGreaterThanOrEqual(1);
    expect(await commandRow(a)).toMatchObject({ state: 3, reason: 'timeout' });
    expect((await commandRow(b)).state).toBe(1);
    // nobody can take a command that has already timed out
    expect(await takePendingCommands(t.app.db, { companyId, concentratorId: null }, at(121))).not.toContainEqual(
      expect.objectContaining({ id: a }),
    );

    await expireCommands(t.app.db, at(219));
    expect((await commandRow(b)).state).toBe(1);
    await expireCommands(t.app.db, at(221));
    expect(await commandRow(b)).toMatchObject({ state: 3, reason: 'timeout' });
    // the device answers at last: too late, the command stays failed and the valve unknown
    expect(
      await applyCommandResults(
        t.app.db,
        { companyId, concentratorId: online },
        [{ commandId: b, success: true }],
        at(230),
      ),
    ).toBe(0);
    expect(await valveState(m2.id)).toBeNull();
    const res = await call('GET', COMMAND_PATHS.one(b), admin);
    expect(res.json().datas).toMatchObject({ state: 'failed', reason: 'timeout', message: zh('command.timeout') });
  });
});

describe('batches, device commands and the history', () => {
  it('a batch of meters makes one command each under one batch id, listed newest first', async () => {
    const meters = await Promise.all([1, 2, 3].map(() => newMeter({ concentratorId: online })));
    const batch = batchOf(
      await call('POST', COMMAND_PATHS.batchValve, admin, { meterIds: meters.map((m) => m.id), action: 'open' }),
    );
    expect(batch.commands.map((c) => c.deviceId)).toEqual(meters.map((m) => m.id));
    const list = (await call('GET', `${COMMAND_PATHS.list}?batchId=${batch.batchId}`, admin)).json();
    expect(list.count).toBe(3);
    expect((list.data as DeviceCommand[]).every((c) => c.command === 'valveOpen' && c.state === 'created')).toBe(true);

    const byMeter = (
      await call('GET', `${COMMAND_PATHS.list}?deviceKind=meter&deviceId=${meters[0]?.id}`, admin)
    ).json();
    expect(byMeter.data).toHaveLength(1);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .where('operation', '=', 'commandValve')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.detail).toContain(meters[2]?.code);
  });

  it('concentrator and collector commands carry the stored settings; a collector goes through its concentrator', async () => {
    const collector = await newCollector(online);
    const c = batchOf(await call('POST', COMMAND_PATHS.concentratorCommand(online), admin, { command: 'reportRate' }));
    expect(c.commands[0]).toMatchObject({ command: 'reportRate', state: 'created' });
    expect((await commandRow(c.commands[0]?.id as number)).params).toEqual({ reportRate: 15 });
    const k = batchOf(
      await call('POST', COMMAND_PATHS.collectorCommand(collector), admin, { command: 'uploadFrequency' }),
    );
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now());
    expect(taken).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: k.commands[0]?.id, deviceKind: 'collector', params: { uploadFrequency: 60 } }),
        expect.objectContaining({ id: c.commands[0]?.id, deviceKind: 'concentrator' }),
      ]),
    );
    const cancelled = batchOf(
      await call('POST', COMMAND_PATHS.concentratorCommand(offline), admin, { command: 'clock' }, 'en'),
    );
    expect(cancelled.commands[0]).toMatchObject({
      state: 'cancelled',
      message: 'Device offline: the command was cancelled',
    });
    expect(
      (await call('POST', COMMAND_PATHS.concentratorCommand(online), admin, { command: 'valveOpen' })).statusCode,
    ).toBe(400);
  });

  it('the history filters by state, command, code prefix and time; two takers never get the same command', async () => {
    const meters = await Promise.all([1, 2, 3, 4].map(() => newMeter({ concentratorId: online })));
    const cancelledOne = await newMeter({ concentratorId: offline });
    const batch = batchOf(await valve([...meters.map((m) => m.id), cancelledOne.id], 'open'));
    const list = async (query: string) =>
      (
        (await call('GET', `${COMMAND_PATHS.list}?batchId=${batch.batchId}&${query}`, admin)).json()
          .data as DeviceCommand[]
      ).map((c) => c.deviceCode);
    expect(await list('state=cancelled')).toEqual([cancelledOne.code]);
    expect((await list('state=created')).sort()).toEqual(meters.map((m) => m.code).sort());
    expect(await list('command=valveClose')).toEqual([]);
    expect(await list(`deviceCode=${meters[1]?.code}`)).toEqual([meters[1]?.code]);
    const created = batch.commands[0] ? (await commandRow(batch.commands[0].id)).created_at : new Date();
    const iso = (ms: number) => encodeURIComponent(new Date(created.getTime() + ms).toISOString());
    expect(await list(`from=${iso(1)}`)).toEqual([]);
    expect(await list(`from=${iso(0)}&to=${iso(1)}`)).toHaveLength(5);
    expect((await call('GET', `${COMMAND_PATHS.list}?state=lost`, admin)).statusCode).toBe(400);

    const [a, b] = await Promise.all([
      takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now()),
      takePendingCommands(t.app.db, { companyId, concentratorId: null }, t.clock.now()),
    ]);
    const ids = [...a, ...b].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of batch.commands.filter((x) => x.state === 'created')) expect(ids).toContain(c.id);
  });

  it('the settings routes send what they stored: report rate and upload frequency commands', async () => {
    const collector = await newCollector(online);
    const rate = await call('POST', DEVICE_PATHS.concentratorReportTimeRate, admin, { id: online, reportRate: 30 });
    expect(rate.json().resp_code, rate.body).toBe(0);
    const freq = await call('POST', DEVICE_PATHS.collectorUploadFrequency(collector), admin, { uploadFrequency: 45 });
    expect(freq.json().resp_code, freq.body).toBe(0);
    const taken = await takePendingCommands(t.app.db, { companyId, concentratorId: online }, t.clock.now());
    expect(taken).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ deviceKind: 'concentrator', command: 'reportRate', params: { reportRate: 30 } }),
        expect.objectContaining({
          deviceKind: 'collector',
          command: 'uploadFrequency',
          params: { uploadFrequency: 45 },
        }),
      ]),
    );
  });

  it('the valve page lists valve meters with their last command', async () => {
    const m = await newMeter({ concentratorId: online });
    await valve([m.id], 'close');
    const res = await call('GET', `${COMMAND_PATHS.valveMeters}?meterCode=${m.code}`, viewer.token);
    const rows = res.json().data as ValveMeter[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: m.id,
        online: true,
        lastCommand: expect.objectContaining({ command: 'valveClose', state: 'created' }),
      }),
    ]);
    const plain = await newMeter({ valveControl: false });
    expect((await call('GET', `${COMMAND_PATHS.valveMeters}?meterCode=${plain.code}`, admin)).json().count).toBe(0);
  });
});

describe('who may do what', () => {
  it('answers 401 without a token and 403 without the permission, writing nothing', async () => {
    const m = await newMeter({ concentratorId: online });
    const before = await commandCount();
    expect((await valve([m.id], 'close', '')).json()).toMatchObject(unauthorized);
    expect((await valve([m.id], 'close', viewer.token)).json()).toMatchObject(forbidden);
    expect(
      (await call('POST', COMMAND_PATHS.concentratorCommand(online), viewer.token, { command: 'clock' })).json(),
    ).toMatchObject(forbidden);
    expect(await commandCount()).toBe(before);
    expect((await call('GET', COMMAND_PATHS.list, viewer.token)).statusCode).toBe(200);
  });

  it('an account limited to one area commands and sees only the meters there', async () => {
    const second = await t.app.db
      .selectFrom('areas')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '!=', areaId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inside = await newMeter({ concentratorId: online });
    const outside = await newMeter({ concentratorId: online, area: Number(second.id) });
    const outsideCommand = batchOf(await valve([outside.id], 'close')).commands[0]?.id as number;
    const scoped = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.deviceValveControlView,
      PERMISSIONS.deviceValveControlEdit,
    ]);
    const set = await call('POST', PLACE_PATHS.userRegionAreaSave, admin, {
      userId: scoped.id,
      regionIds: [],
      areaIds: [areaId],
    });
    expect(set.json().resp_code, set.body).toBe(0);

    const before = await commandCount();
    expect((await valve([inside.id, outside.id], 'close', scoped.token)).json()).toMatchObject(notFound);
    expect(await commandCount()).toBe(before);
    expect(batchOf(await valve([inside.id], 'close', scoped.token)).commands).toHaveLength(1);

    const meters = (await call('GET', `${COMMAND_PATHS.valveMeters}?limit=999`, scoped.token)).json()
      .data as ValveMeter[];
    expect(meters.map((m) => m.id)).toContain(inside.id);
    expect(meters.map((m) => m.id)).not.toContain(outside.id);
    const history = (await call('GET', `${COMMAND_PATHS.list}?limit=999`, scoped.token)).json().data as DeviceCommand[];
    expect(history.some((c) => c.deviceId === inside.id)).toBe(true);
    expect(history.some((c) => c.id === outsideCommand)).toBe(false);
    expect((await call('GET', COMMAND_PATHS.one(outsideCommand), scoped.token)).json()).toMatchObject(notFound);
  });

  it("another tenant's meters, devices and commands are not found", async () => {
    const m = await newMeter({ concentratorId: online });
    const id = batchOf(await valve([m.id], 'close')).commands[0]?.id as number;
    const before = await commandCount();
    expect((await valve([m.id], 'close', otherAdmin)).json()).toMatchObject(notFound);
    expect(
      (await call('POST', COMMAND_PATHS.concentratorCommand(online), otherAdmin, { command: 'clock' })).json(),
    ).toMatchObject(notFound);
    expect((await call('GET', COMMAND_PATHS.one(id), otherAdmin)).json()).toMatchObject(notFound);
    expect(await commandCount()).toBe(before);
    const list = (await call('GET', COMMAND_PATHS.list, otherAdmin)).json();
    expect((list.data as DeviceCommand[]).some((c) => c.id === id)).toBe(false);
  });
});
