// Change hints on the embedded services: with a poll interval of a minute, an alarm raised by an ingest call, an
// acknowledgement and a published notice still reach subscribed sockets in well under the interval, because the
// service announces the change and the live layer polls that tenant's rooms at once (live/changeHints.ts). Without
// the hints each wait below would time out (10 s against a 60 s poll).
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { LiveItem } from '@waterops/shared/live';
import { MONITORING_PATHS } from '@waterops/shared/monitoring';
import { NOTICE_PATHS } from '@waterops/shared/notice';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUserWithPermissions, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { connectLive, type LiveTestClient } from '../fixtures/liveClient.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let url: string;
let companyId: number;
let key: string;
let admin: string;
const clients: LiveTestClient[] = [];
const SUFFIX = Date.now().toString(36).toUpperCase();
const HUB = `HINT-C-${SUFFIX}`;
const METER = `HINT-M-${SUFFIX}`;
const WAIT_MS = 10_000;

const connect = async (token: string) => {
  const client = await connectLive(url, token);
  clients.push(client);
  return client;
};
type AlarmItem = LiveItem & { sourceCode?: string; alarmType?: string; acknowledged?: boolean; ackComment?: string };
const alarmOf = (c: LiveTestClient) =>
  (c.itemsOf('alarms') as AlarmItem[]).find((a) => a.sourceCode === METER && a.alarmType === 'voltage');

beforeAll(async () => {
  t = await startTestApp({
    env: { LIVE_POLL_MS: '60000', LIVE_NOTIFICATIONS_POLL_MS: '60000', LIVE_LINGER_MS: '200' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  companyId = await demoCompanyId(t.app);
  key = (await createIngestKey(t.app.db, { companyId, name: 'hint test' })).key;
  const res = await t.app.inject({
    method: 'POST',
    url: INGEST_PATHS.archives,
    headers: { authorization: `Device ${key}` },
    payload: {
      regions: [{ name: '提示片区', areas: [{ name: '提示小区', lng: 116.4, lat: 39.9 }] }],
      categories: ['居民'],
      concentrators: [{ code: HUB, areaName: '提示小区', reportRate: 15 }],
      collectors: [],
      meters: [{ meterCode: METER, concentratorCode: HUB, areaName: '提示小区' }],
      residents: [],
    },
  });
  expect(res.json().datas.rejected).toEqual([]);
  admin = await signIn(t.app, 'admin', 'admin123');
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

describe('change hints', () => {
  it('brings a raised alarm and its acknowledgement to the console at once, not at the next minute’s poll', async () => {
    const console = await connect(admin);
    expect(await console.subscribe('alarms')).toEqual({ ok: true, key: 'alarms' });
    await console.waitFor('the snapshot', () => console.channels.has('alarms'));
    expect(alarmOf(console)).toBeUndefined();

    const read = { meterCode: METER, time: t.clock.now().toISOString(), reading: 10, voltage: 3.0, csq: 25 };
    const ingested = await t.app.inject({
      method: 'POST',
      url: INGEST_PATHS.readings,
      headers: { authorization: `Device ${key}` },
      payload: { concentratorCode: HUB, readings: [read] },
    });
    expect(ingested.json().datas.accepted).toBe(1);
    await console.waitFor('the raised alarm', () => alarmOf(console) !== undefined, WAIT_MS);

    const id = alarmOf(console)?.id as number;
    const ack = await t.app.inject({
      method: 'POST',
      url: MONITORING_PATHS.acknowledge,
      headers: bearer(admin),
      payload: { ids: [id], comment: '已派人检查电池' },
    });
    expect(ack.json().datas.changed).toBe(1);
    await console.waitFor('the acknowledgement', () => alarmOf(console)?.ackComment === '已派人检查电池', WAIT_MS);
  });

  it('brings a published notice to its reader’s bell at once', async () => {
    const reader = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
    const bell = await connect(reader.token);
    expect(await bell.subscribe('notifications')).toEqual({ ok: true, key: 'notifications' });
    await bell.waitFor('the snapshot', () => bell.channels.has('notifications'));
    const title = `检修通知${SUFFIX}`;
    const res = await t.app.inject({
      method: 'POST',
      url: NOTICE_PATHS.save,
      headers: bearer(admin),
      payload: { title, content: '今晚 22:00 起检修', target: 'users', userIds: [reader.id] },
    });
    expect(res.json().resp_code).toBe(0);
    await bell.waitFor(
      'the notice',
      () => bell.itemsOf('notifications').some((i) => (i as { title?: string }).title === title),
      WAIT_MS,
    );
  });
});
