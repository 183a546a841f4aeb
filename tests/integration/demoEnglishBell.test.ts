// The demo's bell for a user who chose English (issue 16.11): the seeded notices carry their English beside the
// Chinese (a notice is what a person wrote, never machine-switched: the demo's are written bilingually), and the
// to-dos the system writes — an assignment, a reminder, an escalation — read in English around the order's own
// title and the dispatcher's own words, which stay as they were written.
import { DEMO_CREW, DEMO_DISPATCHER } from '@waterops/gateway/src/db/seed/demoPeople.ts';
import { DEMO_SIGN_IN } from '@waterops/gateway/src/db/seed/seedDatabase.ts';
import { runEscalations } from '@waterops/gateway/src/services/workorder/workOrderJobs.ts';
import { NOTICE_PATHS, type Notification } from '@waterops/shared/notice';
import { ACTION_PATHS, WORK_ORDER_PATHS, type WorkOrder } from '@waterops/shared/workorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lang, signIn } from '../fixtures/factories.ts';
import { en } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

let t: TestApp;
let operator: string;
let dispatcher: string;
let crew: string;
let crewId: number;

const bell = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: NOTICE_PATHS.showNotice,
    headers: { ...bearer(token), ...lang('en') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas as Notification[];
};
const post = async (url: string, payload: object, token: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...lang('en') } });
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas;
};

beforeAll(async () => {
  t = await startTestApp();
  operator = await signIn(t.app, DEMO_SIGN_IN.operator.username, DEMO_SIGN_IN.operator.password);
  dispatcher = await signIn(t.app, DEMO_DISPATCHER.username, DEMO_DISPATCHER.password);
  const member = DEMO_CREW[0] as (typeof DEMO_CREW)[number];
  crew = await signIn(t.app, member.username, member.password);
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', member.username)
    .executeTakeFirstOrThrow();
  crewId = Number(row.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the demo's bell in English", () => {
  it('shows the seeded notices with their English, Chinese first', async () => {
    const notices = (await bell(operator)).filter((n) => n.category === 1);
    // two to everyone and the night-shift one to the operators
    expect(notices).toHaveLength(3);
    for (const n of notices) {
      const [zhTitle, enTitle] = n.title.split(' / ');
      expect(zhTitle, n.title).toMatch(CJK);
      expect(enTitle, n.title).toMatch(/^[A-Z][A-Za-z -]+$/);
      const [zhText, enText] = n.content.split('\n\n');
      expect(zhText, n.content).toMatch(CJK);
      expect(enText, n.content).toMatch(/^[A-Z]/);
      expect(enText, n.content).not.toMatch(CJK);
    }
    expect(notices.map((n) => n.title.split(' / ')[1])).toEqual(
      expect.arrayContaining(['Planned water outage', 'Night-shift handover']),
    );
  });

  it("frames the system's to-dos in English around the order's own words", async () => {
    const title = '和平里 3 号楼阀门井渗水';
    const comment = '请今天处理';
    const order = (await post(
      WORK_ORDER_PATHS.save,
      { title, type: 'valve', priority: 'urgent', description: '表井里一直有水往外渗', address: '和平里 3 号楼' },
      dispatcher,
    )) as WorkOrder;
    await post(ACTION_PATHS.assign, { id: order.id, assigneeId: crewId }, dispatcher);
    await post(ACTION_PATHS.remind, { id: order.id, comment }, dispatcher);
    // nobody accepts: the ladder tells the assignee and the dispatchers
    await runEscalations(t.app.db, new Date(Date.parse(order.createdAt) + 5 * 3_600_000));

    const todos = [...(await bell(crew)), ...(await bell(dispatcher))].filter(
      (n) => n.category === 2 && n.param === order.code,
    );
    const titles = todos.map((n) => n.title);
    expect(titles).toContain(en('workOrder.todo.assigned', { code: order.code }));
    expect(titles).toContain(en('workOrder.todo.reminded', { code: order.code }));
    expect(titles.some((x) => x.startsWith('Escalation (level'))).toBe(true);
    for (const n of todos) {
      expect(n.title, n.title).not.toMatch(CJK);
      // what is left of the content once the order's title and the dispatcher's comment are taken out: English
      const frame = n.content.replaceAll(title, '').replaceAll(comment, '');
      expect(frame, n.content).not.toMatch(CJK);
      expect(frame, n.content).toMatch(/[A-Za-z]{3}/);
    }
  });
});
