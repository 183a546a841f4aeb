// The home dashboards and the big screen, as their users live with them (issue 18). The administrator's home page
// shows the utility's figures and follows an alarm raised by a head-end with no reload; they hide a widget and the
// layout is theirs after a reload. They issue a display token for the control room's wall on the display-screens
// page; the wall opens its address once, never sees a sign-in form, fills 1080p, 4K and a 32:9 wall without scroll
// bars (screenshots to look at), rides out network cuts (banner, last figures kept, live again after each restore,
// an alarm raised during the cut shown once back), rolls "today" over at 00:00 China time on the gateway's test
// clock with no reload, and goes blank when the administrator revokes its token.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, signInOverHttp, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { activeView, launchBrowser, newContext, screenshot, signInAt, visible } from './harness.ts';

let server: GatewayProcess | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startGatewayProcess(
    'e2e-dashboard',
    // the widgets asked again every second and tokens re-checked every 2 s: the story does not wait on defaults
    { WATEROPS_TEST_CLOCK: '1', LIVE_DASHBOARD_POLL_MS: '1000', LIVE_AUTH_CHECK_MS: '2000' },
    180_000,
  );
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
const base = () => server?.url ?? '';
const SUFFIX = Date.now().toString(36).toUpperCase();
const HUB = `E2E-DB-${SUFFIX}`;
const METERS = [1, 2, 3].map((i) => `E2E-DBM${i}-${SUFFIX}`);

const call = async <T>(path: string, init: RequestInit): Promise<T> => {
  const res = await fetch(`${base()}${path}`, init);
  const json = (await res.json()) as { resp_code: number; datas: T };
  expect(json.resp_code, `${path}: ${JSON.stringify(json)}`).toBe(0);
  return json.datas;
};
const asAdmin = async (path: string, body: object) =>
  call(path, {
    method: 'POST',
    headers: { authorization: `bearer ${await signInOverHttp(base())}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
let ingestKey = '';
const ingest = (path: string, body: unknown) =>
  call(path, {
    method: 'POST',
    headers: { authorization: `Device ${ingestKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** A low-voltage read (3.0 V: a severe alarm) of a meter, a minute ago by the gateway's clock. */
const lowVoltage = async (meterCode: string, reading: number) => {
  const clock = await asAdmin('/__test__/clock', { advanceMs: 0 });
  const now = Date.parse((clock as { now: string }).now);
  await ingest('/api-workbench/ingest/readings', {
    concentratorCode: HUB,
    readings: [{ meterCode, time: new Date(now - 60_000).toISOString(), reading, voltage: 3.0, csq: 25, rsrp: -88 }],
  });
};

/** A widget's card (a region named by its title). */
const widget = (page: Page, title: RegExp) => page.getByRole('region', { name: title });
/** The live alarm count on a page's 实时告警 / Live alarms widget. */
const liveAlarms = async (page: Page): Promise<number> => {
  const text = await widget(page, /^(实时告警|Live alarms)$/)
    .first()
    .locator('.wo-dash-number-value')
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
};
/** The reading-rate sparkline's days, as its title lists them ('MM-DD …' per line, today last). */
const lastRateDay = async (page: Page): Promise<string> =>
  ((await page.locator('.wo-dash-readingRate svg title').first().textContent()) ?? '').trim().split('\n').at(-1) ?? '';

/** Nothing overflows the viewport: no scroll bar either way. */
const noScrollBars = (page: Page) =>
  page.evaluate(() => {
    const e = document.documentElement;
    return e.scrollWidth <= window.innerWidth && e.scrollHeight <= window.innerHeight;
  });

describe('home dashboards and the big screen', () => {
  let screenUrl = '';

  it('home: live figures, an alarm followed with no reload, a layout of the user’s own; a display token issued', async () => {
    const token = await signInOverHttp(base());
    ingestKey = (
      await call<{ key: string }>('/api-workbench/ingest/keys/save', {
        method: 'POST',
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `e2e 看板 ${SUFFIX}` }),
      })
    ).key;
    await ingest('/api-workbench/ingest/archives', {
      concentrators: [{ code: HUB, areaName: '东四小区', reportRate: 15 }],
      meters: METERS.map((meterCode) => ({ meterCode, concentratorCode: HUB, areaName: '东四小区' })),
    });

    const context = await newContext(browser as Browser);
    const page = await context.newPage();
    await signInAt(page, base(), 'admin', 'admin123');
    for (const title of [
      /^平台概览$/,
      /^抄表率$/,
      /^实时告警$/,
      /^工单状态$/,
      /^水损$/,
      /^数据雷达图$/,
      /^小区用水排行$/,
    ])
      await visible(widget(page, title).getByText(/^数据截至/));
    const before = await liveAlarms(page);
    await lowVoltage(METERS[0] as string, 10);
    await expect.poll(() => liveAlarms(page)).toBe(before + 1);
    // the ticker names the meter
    await visible(widget(page, /^实时消息$/).getByText(METERS[0] as string));
    await screenshot(page, 'dashboard-home-zh');

    // hide the data radar: gone, and still gone after a reload (saved on the server)
    await page.getByRole('button', { name: '自定义看板' }).click();
    const dialog = page.getByRole('dialog', { name: '自定义看板' });
    // Blueprint's switch: the input is hidden behind its drawn track, the label takes the click
    await dialog.locator('label', { hasText: '数据雷达图' }).click();
    expect(await dialog.getByLabel('显示数据雷达图').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => widget(page, /^数据雷达图$/).count()).toBe(0);
    await page.reload();
    await visible(widget(page, /^平台概览$/));
    expect(await widget(page, /^数据雷达图$/).count()).toBe(0);

    // a figure leads to the page it comes from: the meters' count to the meter list
    await widget(page, /^平台概览$/)
      .getByRole('link', { name: /^[\d,]+$/ })
      .first()
      .click();
    await page.waitForURL(/#\/device\/meter$/);
    await visible(activeView(page).getByRole('heading', { name: '水表管理' }));

    // a token for the control room's wall, issued on the display-screens page: its address is shown once
    await page.goto(`${base()}/#/system/display`);
    await page.getByRole('button', { name: '签发令牌' }).click();
    const issue = page.getByRole('dialog', { name: '签发大屏令牌' });
    await issue.getByLabel('大屏名称').fill(`调度中心大屏${SUFFIX}`);
    await issue.getByRole('button', { name: '确定' }).click();
    const issued = page.getByRole('dialog', { name: '大屏令牌已签发' });
    screenUrl = await issued.getByLabel('大屏地址', { exact: true }).inputValue();
    expect(screenUrl).toMatch(/#\/bigScreen\?display=[\w-]{20,}$/);
    await context.close();
  });

  it('the wall: no sign-in, every size filled, cuts ridden out, midnight rolled over, blank once revoked', async () => {
    // 1080p: the overview scene first; the address loses its token, the screen keeps it
    const wall = await (browser as Browser).newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page = await wall.newPage();
    await page.goto(`${screenUrl}&scenes=overview:600,map,leakage,workOrders`);
    await visible(widget(page, /^平台概览$/).getByText(/^数据截至/));
    expect(await page.getByRole('textbox', { name: /用户名|密码/ }).count()).toBe(0);
    expect(page.url()).not.toContain('display=');
    expect(await noScrollBars(page)).toBe(true);
    await screenshot(page, 'bigscreen-1920x1080');

    // a cut of the network: the banner, the last figures kept; an alarm raised meanwhile shows once it is back
    for (let cycle = 0; cycle < 3; cycle++) {
      const before = await liveAlarms(page);
      await wall.setOffline(true);
      await visible(page.getByRole('alert').filter({ hasText: '连接已中断' }));
      expect(await liveAlarms(page)).toBe(before);
      await lowVoltage(METERS[1 + (cycle % 2)] as string, 20 + cycle);
      await wall.setOffline(false);
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '连接已中断' }).count()).toBe(0);
      await expect.poll(() => liveAlarms(page)).toBeGreaterThanOrEqual(before);
    }
    // …and every alarm raised during the cuts is counted once the wall is live again
    const total = await liveAlarms(page);
    expect(total).toBeGreaterThan(0);

    // "today" rolls over at 00:00 China time on the gateway's clock, with no reload
    const today = await lastRateDay(page);
    const clock = (await asAdmin('/__test__/clock', { advanceMs: 0 })) as { now: string };
    const now = Date.parse(clock.now);
    const chinaMs = now + 8 * 3_600_000;
    const toMidnight = 86_400_000 - (chinaMs % 86_400_000) + 5_000;
    await asAdmin('/__test__/clock', { advanceMs: toMidnight });
    const next = new Date(now + toMidnight + 8 * 3_600_000).toISOString().slice(5, 10);
    await expect.poll(() => lastRateDay(page)).toMatch(new RegExp(`^${next}`));
    expect(next).not.toBe(today.slice(0, 5));

    // the other sizes: 4K 16:9 and a 32:9 wall, the same design filled, no scroll bar
    for (const [width, height] of [
      [3840, 2160],
      [3840, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      // the canvas refits to the new size: within the viewport, short of it by less than one design unit
      const box = async () => {
        const b = await page.locator('.wo-screen-canvas').boundingBox();
        return b ? [Math.round(b.width), Math.round(b.height)] : [];
      };
      await expect
        .poll(async () => (await box()).every((v, i) => v <= [width, height][i]! && v > [width, height][i]! - 4))
        .toBe(true);
      expect(await noScrollBars(page)).toBe(true);
      await screenshot(page, `bigscreen-${width}x${height}`);
    }

    // revoked on the display-screens page: the wall goes blank within the auth check, never to a sign-in form
    const admin = await newContext(browser as Browser);
    const adminPage = await admin.newPage();
    await signInAt(adminPage, base(), 'admin', 'admin123');
    await adminPage.goto(`${base()}/#/system/display`);
    // the list holds this wall alone (this file's server): its row's actions sit in the table's pinned column
    await visible(adminPage.getByText(`调度中心大屏${SUFFIX}`));
    const revoke = adminPage.locator('.wo-resource-actions').getByRole('button', { name: '吊销' });
    expect(await revoke.count()).toBe(1);
    await revoke.click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: '吊销' }).click();
    await visible(page.getByText('此屏幕的显示令牌已被吊销或已过期'));
    expect(page.url()).toContain('#/bigScreen');
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await admin.close();
    await wall.close();
  });
});
