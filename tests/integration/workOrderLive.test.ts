// Work orders live (issue 15): over real sockets, with a one-minute poll so only the services' change hints can be
// fast, a new order reaches the dispatcher's queue and an assignment reaches the assignee's bell as a to-do naming the
// order's code (spec §2: the to-do's param) — waitFor gives up after 10 s, so only the hint can bring them; a crew member's
// `workorders` room holds only their own orders, never the dispatcher's queue.
import { PERMISSIONS } from '@waterops/shared/auth';
import type { LiveItem } from '@waterops/shared/live';
import { ACTION_PATHS, WORK_ORDER_PATHS, type WorkOrder } from '@waterops/shared/workorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { connectLive, type LiveTestClient } from '../fixtures/liveClient.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let url: string;
let admin: string;
let crew: TestUser;
let otherCrew: TestUser;
const clients: LiveTestClient[] = [];

const connect = async (token: string, acceptLanguage?: string) => {
  const client = await connectLive(url, token, acceptLanguage ? { acceptLanguage } : {});
  clients.push(client);
  return client;
};
const post = (path: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url: path, payload, headers: bearer(token) });
type OrderItem = LiveItem & Partial<WorkOrder>;

beforeAll(async () => {
  t = await startTestApp({
    env: { LIVE_POLL_MS: '60000', LIVE_NOTIFICATIONS_POLL_MS: '60000', LIVE_LINGER_MS: '200' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  crew = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  otherCrew = await createSignedInUser(t.app, companyId, { codes: ['CREW'] });
  await createUserWithPermissions(t.app, companyId, [PERMISSIONS.workOrderView]);
}, 180_000);
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

describe('work orders over the live layer', () => {
  it('brings a new order to the queue and the assignment to the assignee’s bell, and keeps crew rooms apart', async () => {
    const dispatcherSocket = await connect(admin);
    const crewSocket = await connect(crew.token);
    const otherSocket = await connect(otherCrew.token);
    for (const s of [dispatcherSocket, crewSocket, otherSocket]) {
      expect(await s.subscribe('workorders')).toEqual({ ok: true, key: 'workorders' });
      await s.waitFor('the queue', () => s.channels.has('workorders'));
    }
    expect(await crewSocket.subscribe('notifications')).toEqual({ ok: true, key: 'notifications' });
    await crewSocket.waitFor('the bell', () => crewSocket.channels.has('notifications'));
    // the same crew member's English tab: its bell is a room of its own, read in English
    const englishTab = await connect(crew.token, 'en');
    expect(await englishTab.subscribe('notifications')).toEqual({ ok: true, key: 'notifications' });
    await englishTab.waitFor('the English bell', () => englishTab.channels.has('notifications'));

    const created = await post(
      WORK_ORDER_PATHS.save,
      { title: '实时停水', type: 'noWater', description: '来电' },
      admin,
    );
    const order = created.json().datas as WorkOrder;
    await dispatcherSocket.waitFor('the new order in the queue', () =>
      (dispatcherSocket.itemsOf('workorders') as OrderItem[]).some((o) => o.id === order.id),
    );
    // per-caller actions are not in the shared room's items
    expect(
      (dispatcherSocket.itemsOf('workorders') as OrderItem[]).find((o) => o.id === order.id)?.actions,
    ).toBeUndefined();

    await post(ACTION_PATHS.assign, { id: order.id, assigneeId: crew.id }, admin);
    type Todo = LiveItem & { param?: string; title?: string };
    await crewSocket.waitFor('the to-do', () =>
      crewSocket.itemsOf('notifications').some((n) => (n as Todo).param === order.code),
    );
    await englishTab.waitFor('the to-do in English', () =>
      englishTab.itemsOf('notifications').some((n) => (n as Todo).title === `New work order: ${order.code}`),
    );
    expect((crewSocket.itemsOf('notifications') as Todo[]).find((n) => n.param === order.code)?.title).toBe(
      `新工单待处理:${order.code}`,
    );
    await crewSocket.waitFor('the order in the crew member’s room', () =>
      (crewSocket.itemsOf('workorders') as OrderItem[]).some((o) => o.id === order.id && o.assigneeId === crew.id),
    );
    await dispatcherSocket.waitFor('the assignment in the queue', () =>
      (dispatcherSocket.itemsOf('workorders') as OrderItem[]).some(
        (o) => o.id === order.id && o.assigneeId === crew.id,
      ),
    );
    // the other crew member's room never held it
    expect((otherSocket.itemsOf('workorders') as OrderItem[]).some((o) => o.id === order.id)).toBe(false);
    expect((crewSocket.itemsOf('workorders') as OrderItem[]).every((o) => o.assigneeId === crew.id)).toBe(true);
  });
});
