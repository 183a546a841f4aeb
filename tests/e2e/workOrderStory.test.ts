// Issue 15's story in the browser, with three people at once. A district (幸福分区) whose inlet flow shows a step
// (a night-flow leak event) and whose member area has a low-voltage meter: two open alarms. A resident phones: no
// water. The call-taker (service, 1440 px) records the complaint with the resident selector and turns it into a work
// order; the dispatcher's queue (dispatcher, 1440 px, open all along) shows it without a refresh, and its drawer the
// leak event and the two alarms of the same district; the dispatcher assigns it to the suggested crew member (on
// duty, lowest load), whose phone (390 px, open all along) shows the to-do in the bell; the crew member opens it,
// accepts, adds two photos and a note, completes it with cause and materials; the dispatcher reviews and closes it;
// the call-taker closes the complaint with a reply. The resident's and the meter's drawers list the order. A leak
// repair raised from the night-flow event reports its repair on the event. An order nobody touches escalates on its
// own (the test clock moves five hours). Then the crew's phone and the queue in English. Screenshots:
// tests/e2e/screenshots/workorder-story-*.png.
import { type District, DMA_PATHS } from '@waterops/shared/dma';
import { addDays, chinaDay, dayStart, INGEST_PATHS } from '@waterops/shared/reading';
import { type CrewMember, WORK_ORDER_PATHS, type WorkOrder } from '@waterops/shared/workorder';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC } from '../fixtures/credentials.ts';
import { startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { PNG_1PX } from '../fixtures/images.ts';
import { launchBrowser, type RunningServer, screenshot, signInAt } from './harness.ts';

const SUFFIX = Date.now().toString(36).slice(-4).toUpperCase();
const AREA = `幸福小区${SUFFIX}`;
const DISTRICT = `幸福分区${SUFFIX}`;
const HUB = `JZQ-WO-${SUFFIX}`;
const HOME_METER = `SBWO${SUFFIX}01`;
const LOW_VOLTAGE_METER = `SBWO${SUFFIX}02`;
const INLET = `SBWO${SUFFIX}IN`;
const RESIDENT = `YHWO${SUFFIX}01`;
const RESIDENT_NAME = '张秀兰';

let server: RunningServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

const tokenOf = async (username: string, password: string): Promise<string> => {
  const res = await fetch(`${server?.url}/api-uaa/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  return ((await res.json()) as { datas: { access_token: string } }).datas.access_token;
};

/** A REST call as `token` ('Device <key>' for the ingestion API) that must succeed; its datas (or data). */
const call = async <T>(token: string, path: string, body?: unknown): Promise<T> => {
  const auth = token.startsWith('Device ') ? token : `bearer ${token}`;
  const res = await fetch(`${server?.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { resp_code?: number; code?: number; datas?: T; data?: T };
  expect(json.resp_code ?? json.code, `${path}: ${JSON.stringify(json).slice(0, 300)}`).toBe(0);
  return (json.datas ?? json.data) as T;
};

/** 50 days of 15-minute inlet flow: 10 m³/h at night, 30 by day, and 5 m³/h more from 12 days ago (the leak). */
const inletCsv = (today: string) => {
  const first = addDays(today, -50);
  const lines = ['time,flow'];
  const t0 = dayStart(first).getTime();
  const leakFrom = dayStart(addDays(today, -12)).getTime();
  for (let m = 15; m <= 50 * 1440; m += 15) {
    const at = t0 + m * 60_000;
    const minute = m % 1440;
    const flow = (minute > 0 && minute <= 360 ? 10 + ((m / 15) % 3) * 0.1 : 30) + (at >= leakFrom ? 5 : 0);
    lines.push(`${new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')},${flow.toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
};

let admin = '';
let districtId = 0;
let crewMember: CrewMember;
/** the no-water order of the first story, for the checks after it */
let story: WorkOrder | undefined;

beforeAll(async () => {
  server = await startGatewayProcess('e2e-workorder', { WATEROPS_TEST_CLOCK: '1' }, 180_000);
  browser = await launchBrowser();
  admin = await tokenOf('admin', 'admin123');
  // the city around the call, through the public ingestion API as a head-end would register it
  const { key } = await call<{ key: string }>(admin, '/api-workbench/ingest/keys/save', { name: `e2e 工单 ${SUFFIX}` });
  const device = `Device ${key}`;
  const archives = await call<{ rejected: unknown[] }>(device, INGEST_PATHS.archives, {
    regions: [
      { name: `东城片区${SUFFIX}`, areas: [{ name: AREA, address: '东城区幸福路 8 号', lng: 116.4262, lat: 39.9213 }] },
    ],
    categories: ['居民'],
    concentrators: [{ code: HUB, areaName: AREA, reportRate: 15 }],
    collectors: [],
    meters: [
      {
        meterCode: HOME_METER,
        concentratorCode: HUB,
        areaName: AREA,
        address: '幸福路 8 号 3-2-501',
        lng: 116.4265,
        lat: 39.9215,
      },
      { meterCode: LOW_VOLTAGE_METER, concentratorCode: HUB, areaName: AREA, address: '幸福路 8 号 5-1-302' },
      { meterCode: INLET, areaName: AREA, caliber: 200 },
    ],
    residents: [
      {
        residentCode: RESIDENT,
        name: RESIDENT_NAME,
        phone: '13911112222',
        address: '幸福路 8 号 3-2-501',
        areaName: AREA,
        category: '居民',
        meterCode: HOME_METER,
      },
    ],
    districts: [{ name: DISTRICT, inletMeterCodes: [INLET], areaNames: [AREA] }],
  });
  expect(archives.rejected).toEqual([]);
  const districts = await call<District[]>(admin, `${DMA_PATHS.districts}?limit=999`);
  districtId = (districts.find((d) => d.districtName === DISTRICT) as District).id;
  // the inlet's flow shows the leak; importing it analyses the covered nights (the event and its alarm)
  const form = new FormData();
  form.append('file', new Blob([inletCsv(chinaDay(new Date()))], { type: 'text/csv' }), 'inlet.csv');
  const imported = await fetch(`${server.url}${DMA_PATHS.inletFlowImport}?districtId=${districtId}`, {
    method: 'POST',
    headers: { authorization: `bearer ${admin}` },
    body: form,
  });
  expect((await imported.json()).resp_code).toBe(0);
  await call(admin, `${DMA_PATHS.nightFlowAnalyse}?districtId=${districtId}`, {});
  // a member meter reports a low battery: the district's second open alarm
  await call(device, INGEST_PATHS.readings, {
    concentratorCode: HUB,
    readings: [{ meterCode: LOW_VOLTAGE_METER, time: new Date().toISOString(), reading: 12.5, voltage: 3.0, csq: 24 }],
  });
  // who the dispatcher's pick will suggest: on duty today, the fewest open orders
  crewMember = (await call<CrewMember[]>(admin, WORK_ORDER_PATHS.crew))[0] as CrewMember;
  expect(crewMember.onDuty).toBe(true);
}, 600_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

const open = async (
  username: string,
  password: string,
  width: number,
  height: number,
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => {
  const context = await (browser as Browser).newContext({
    viewport: { width, height },
    locale,
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  await signInAt(page, server?.url as string, username, password);
  return page;
};
const go = async (page: Page, route: string) => {
  await page.goto(`${server?.url}/#${route}`);
};
const view = (page: Page) => page.locator('section.wo-view:not([hidden])');
const dialog = (page: Page) => page.getByRole('dialog');
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

describe('work orders, end to end', () => {
  it('takes a no-water call from complaint to a closed order across three people (zh)', async () => {
    const dispatcher = await open('dispatcher', 'dispatcher123', 1440, 900);
    await go(dispatcher, '/workorder');
    await view(dispatcher)
      .getByRole('tab', { name: /实时队列/ })
      .waitFor();
    const queue = view(dispatcher).getByRole('table', { name: '工单队列' });
    const crew = await open(crewMember.username, 'crew123', 390, 844);
    await go(crew, '/workorder/mine');
    await view(crew).getByText('待处理(0)').waitFor();

    // the call-taker records the complaint, finding the resident by code, and turns it into an order
    const service = await open('service', 'service123', 1440, 900);
    await go(service, '/complaint');
    await view(service).getByRole('button', { name: '受理投诉' }).click();
    const intake = dialog(service);
    await intake
      .getByRole('combobox', { name: '用户' })
      .or(intake.getByRole('textbox', { name: '用户' }))
      .first()
      .fill(RESIDENT);
    await service.getByRole('listbox', { name: '用户' }).getByText(RESIDENT, { exact: false }).first().click();
    await expect.poll(() => intake.getByLabel('投诉人').inputValue()).toBe(RESIDENT_NAME);
    const meter = intake
      .getByRole('combobox', { name: '水表' })
      .or(intake.getByRole('textbox', { name: '水表' }))
      .first();
    await meter.fill(HOME_METER);
    await service.getByRole('listbox', { name: '水表' }).getByText(HOME_METER, { exact: false }).first().click();
    await intake.getByLabel('投诉类别').selectOption('noWater');
    await intake.getByLabel('投诉内容').fill('早上起来家里没有水,邻居家也停了。');
    await screenshot(service, 'workorder-story-1-complaint');
    await intake.getByRole('button', { name: /确定|保存/ }).click();
    // its drawer (the number opens it) offers what its state allows: turn it into a work order
    const number = view(service)
      .getByRole('button', { name: /^TS\d{12}$/ })
      .first();
    await number.click();
    const complaint = service.locator('.wo-complaint-detail');
    await complaint.getByRole('button', { name: '转工单' }).click();
    await dialog(service).getByRole('button', { name: '确定' }).click();
    const orderCode = complaint.locator('.wo-complaint-order-code');
    await orderCode.waitFor();
    const code = ((await orderCode.textContent()) ?? '').trim();
    expect(code).toMatch(/^GD\d{12}$/);

    // the dispatcher's queue shows it without a refresh, new; its drawer the district's leak and two alarms
    const orderRow = queue.getByRole('row', { name: new RegExp(code) });
    await orderRow.waitFor();
    await expect(orderRow.getByText('新')).toBeTruthy();
    await orderRow.getByRole('button', { name: `查看工单 ${code}` }).click();
    const drawer = dispatcher.getByRole('region', { name: `工单详情 ${code}` });
    const context = drawer.getByRole('region', { name: `所在分区:${DISTRICT}` });
    await context.getByText('夜间流量:1 起未修复的漏损事件').waitFor();
    await context.getByText('告警:2 条未处理').waitFor();
    await screenshot(dispatcher, 'workorder-story-2-queue');

    // assign to the suggested crew member: their phone's bell shows the to-do, no refresh
    const bell = crew.getByRole('button', { name: /消息/ });
    const unread = async () => Number(((await bell.getAttribute('aria-label')) ?? '').match(/(\d+) 条未读/)?.[1] ?? 0);
    const before = await unread();
    await drawer.getByRole('button', { name: '派单' }).first().click();
    const assign = dialog(dispatcher);
    await expect
      .poll(() =>
        assign
          .getByLabel(/处理人/)
          .locator('option:checked')
          .textContent(),
      )
      .toContain('建议');
    await assign.getByRole('button', { name: '确定' }).click();
    await expect.poll(unread, { timeout: 10_000 }).toBe(before + 1);
    await bell.click();
    await crew.getByRole('tab', { name: /待办/ }).click();
    await crew.getByText(`新工单待处理:${code}`).click();
    await crew.waitForURL(new RegExp(`/workorder/mine\\?code=${code}`));
    await screenshot(crew, 'workorder-story-3-phone');

    // on the phone: accept, two photos with a note, complete with cause and materials
    await view(crew).getByRole('button', { name: '接单' }).click();
    await dialog(crew)
      .getByRole('button', { name: '确定' })
      .click()
      .catch(() => undefined);
    const note = view(crew).locator('form.wo-wo-note');
    await note.locator('input[type=file]').setInputFiles([photo('a.png'), photo('b.png')]);
    // both photos uploaded before the note goes
    await expect.poll(() => note.getByRole('button', { name: /预览|Preview/ }).count(), { timeout: 10_000 }).toBe(2);
    await note.getByRole('textbox').first().fill('阀门井内管道接口渗漏,已关阀');
    await note.getByRole('button', { name: '添加备注' }).click();
    await view(crew).getByText('阀门井内管道接口渗漏,已关阀').first().waitFor();
    await view(crew).getByRole('button', { name: '完工' }).click();
    const complete = dialog(crew);
    await complete.getByLabel(/故障原因/).selectOption('jointFailure');
    await complete.getByLabel(/使用材料/).fill('DN100 哈夫节 1 个');
    await complete.getByRole('button', { name: '确定' }).click();
    await screenshot(crew, 'workorder-story-4-done');

    // the dispatcher reviews and closes; the order leaves the queue
    await drawer.getByRole('button', { name: '审核关闭' }).first().click();
    await dialog(dispatcher).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => queue.getByRole('row', { name: new RegExp(code) }).count()).toBe(0);

    // the call-taker sees the order closed and answers the resident
    await complaint.getByText('已关闭').waitFor();
    await complaint.getByRole('button', { name: '办结' }).click();
    const over = dialog(service);
    await over.getByLabel(/回复内容/).fill('已修复管道接口,供水已恢复,感谢您的反映。');
    await over.getByRole('radio', { name: '满意', exact: true }).check();
    await over.getByRole('button', { name: '确定' }).click();
    await complaint.getByText('已办结').first().waitFor();

    // the timeline on the server: every step, the photos with the note
    const order = await call<WorkOrder>(admin, `${WORK_ORDER_PATHS.findByCode}?code=${code}`);
    expect(order).toMatchObject({ status: 'closed', cause: 'jointFailure', assigneeId: crewMember.userId, districtId });
    const events = await call<{ action: string; attachments: string[] }[]>(admin, WORK_ORDER_PATHS.events(order.id));
    expect(events.map((e) => e.action)).toEqual(['created', 'assign', 'accept', 'note', 'complete', 'close']);
    expect(events[3]?.attachments).toHaveLength(2);
    story = order;
  });

  it('lists the order on the resident and the meter; a leak repair from the night flow reports its repair (zh)', async () => {
    const order = story as WorkOrder;
    const page = await open('admin', 'admin123', 1440, 900);
    // the resident's and the meter's drawers list their orders
    await go(page, `/index?detail=resident:${order.residentId}`);
    await page.getByText('相关工单').first().waitFor();
    await page
      .getByRole('button', { name: order.code })
      .or(page.getByRole('link', { name: order.code }))
      .first()
      .waitFor();
    await go(page, `/index?detail=meter:${order.meterId}`);
    await page
      .getByRole('button', { name: order.code })
      .or(page.getByRole('link', { name: order.code }))
      .first()
      .waitFor();

    // the dispatcher raises a leak repair from the night-flow event, seeing what it costs
    const dispatcher = await open('dispatcher', 'dispatcher123', 1440, 900);
    await go(dispatcher, `/dma/nightFlow?districtId=${districtId}`);
    await view(dispatcher).getByRole('button', { name: '生成工单' }).first().click();
    const raise = dialog(dispatcher);
    await raise.getByText('至今已损失水量').waitFor();
    await raise.getByText('每多一天再损失').waitFor();
    await screenshot(dispatcher, 'workorder-story-5-leak');
    await raise.getByRole('button', { name: '生成', exact: true }).click();
    const created = raise
      .getByRole('link', { name: /GD\d{12}/ })
      .or(raise.getByRole('button', { name: /GD\d{12}/ }))
      .first();
    await created.waitFor();
    const leakCode = ((await created.textContent()) ?? '').match(/GD\d{12}/)?.[0] as string;
    await raise.getByRole('button', { name: '关闭' }).click();
    const leakOrder = await call<WorkOrder>(admin, `${WORK_ORDER_PATHS.findByCode}?code=${leakCode}`);
    expect(leakOrder).toMatchObject({ type: 'leakRepair', source: 'nightFlowEvent', districtId });
    expect(leakOrder.lostVolumeM3).toBeGreaterThan(0);

    // the crew repairs it (the API, as the app would); the event shows the order and its repair time
    const crewToken = await tokenOf(crewMember.username, 'crew123');
    const dispatcherToken = await tokenOf('dispatcher', 'dispatcher123');
    await call(dispatcherToken, WORK_ORDER_PATHS.assign, { id: leakOrder.id, assigneeId: crewMember.userId });
    await call(crewToken, WORK_ORDER_PATHS.accept, { id: leakOrder.id });
    await call(crewToken, WORK_ORDER_PATHS.complete, { id: leakOrder.id, cause: 'pipeLeak', materials: 'DN200 管箍' });
    await dispatcher.reload();
    await view(dispatcher).getByText(leakCode).first().waitFor();
    await view(dispatcher)
      .getByText(/修复时间/)
      .first()
      .waitFor();
    // the night-flow alarm of the same leak shares the order; its history notes it
    await go(dispatcher, '/monitoring/alarms');
    const alarms = view(dispatcher).getByRole('table', { name: '告警控制台' });
    await alarms
      .getByRole('row', { name: /夜间流量/ })
      .getByRole('button', { name: '历史', exact: true })
      .click();
    await dispatcher
      .getByText(new RegExp(`工单 ${leakCode} 已完工`))
      .first()
      .waitFor();
    await screenshot(dispatcher, 'workorder-story-6-alarm-history');
  });

  it('escalates an order nobody touches, and works on a phone in English', async () => {
    const dispatcherToken = await tokenOf('dispatcher', 'dispatcher123');
    const untouched = await call<WorkOrder>(dispatcherToken, WORK_ORDER_PATHS.save, {
      title: '消火栓漏水',
      type: 'burst',
      description: '路口消火栓底座漏水',
      address: '幸福路与和平街路口',
      districtId,
    });
    const dispatcher = await open('dispatcher', 'dispatcher123', 1440, 900, 'en');
    await go(dispatcher, '/workorder');
    await view(dispatcher).getByRole('table', { name: 'Work-order queue' }).getByText(untouched.code).waitFor();
    const bell = dispatcher.getByRole('button', { name: /^Messages/ });
    const unread = async () => Number(((await bell.getAttribute('aria-label')) ?? '').match(/(\d+) unread/)?.[1] ?? 0);
    const before = await unread();
    // five hours pass: a burst is urgent (15 min to accept, 3 h to resolve); the ladder fires once per level
    await call(admin, '/__test__/clock', { advanceMs: 5 * 3_600_000 });
    await call(admin, '/__test__/jobs/run', { names: ['workOrderEscalation'] });
    await call(admin, '/__test__/jobs/run', { names: ['workOrderEscalation'] });
    await expect.poll(unread, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 1);
    await bell.click();
    await dispatcher.getByRole('tab', { name: /To-do/ }).click();
    await dispatcher
      .getByText(`Escalation (level 1): work order ${untouched.code}`)
      .first()
      .waitFor()
      .catch(async (e) => {
        await screenshot(dispatcher, 'workorder-story-7-bell-failed');
        throw e;
      });
    const levels = (
      await call<{ action: string; level: number | null }[]>(admin, WORK_ORDER_PATHS.events(untouched.id))
    )
      .filter((e) => e.action === 'escalated')
      .map((e) => e.level);
    // response (15 min), resolution (3 h) and 150 % of it (4.5 h) all fell due in the five hours: each fired once
    expect(levels).toEqual([1, 2, 3]);
    await dispatcher.keyboard.press('Escape');
    await screenshot(dispatcher, 'workorder-story-7-queue-en');

    // assigned from the English queue, worked on an English phone
    await call(dispatcherToken, WORK_ORDER_PATHS.assign, { id: untouched.id, assigneeId: crewMember.userId });
    const crew = await open(crewMember.username, 'crew123', 390, 844, 'en');
    await go(crew, `/workorder/mine?code=${untouched.code}`);
    await view(crew).getByRole('button', { name: 'Accept' }).click();
    await dialog(crew)
      .getByRole('button', { name: 'OK' })
      .click()
      .catch(() => undefined);
    await view(crew).getByRole('button', { name: 'Start work' }).waitFor();
    await screenshot(crew, 'workorder-story-8-phone-en');
  });
});
