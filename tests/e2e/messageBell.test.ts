// The message bell in the browser (spec §2, issue 6): the administrator publishes a notice to the operator role on
// the Notices page; the operator, signed in in another browser context, sees the bell's count go up WITHOUT
// reloading (the notifications live topic: the hourly REST poll cannot have run), opens the bell, reads the notice
// (its title and content in a dialog) and sees the count go down; a to-do (an order assigned to the administrator)
// leads to the work-order page on that order.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, signInOverHttp, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { activeView, launchBrowser, newContext, openFromMainMenu, screenshot, signInAt, visible } from './harness.ts';

// A notifications poll every 500 ms instead of 5 s keeps the test short; the path is the same. The start may take
// longer than the harness's 60 s on a loaded 2-core machine (migrations and the demo seed on PGlite).
let server: GatewayProcess | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startGatewayProcess('e2e', { LIVE_NOTIFICATIONS_POLL_MS: '500' }, 180_000);
  browser = await launchBrowser();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
const env = { server: () => server as GatewayProcess, browser: () => browser as Browser };
const SUFFIX = Date.now().toString(36).toUpperCase();
const TITLE = `夜班交接 ${SUFFIX}`;
const CONTENT = `请于 20:00 前完成告警台账交接 ${SUFFIX}`;

const bell = (page: Page) => page.getByRole('button', { name: /^消息/ });
/** The unread total the bell announces (its accessible name says it uncapped). */
const unread = async (page: Page): Promise<number> => {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(label)?.[1] ?? 0);
};

describe('the message bell', () => {
  it('a notice published to the operators reaches the operator’s bell live; reading it lowers the count', async () => {
    const admin = await (await newContext(env.browser())).newPage();
    const operator = await (await newContext(env.browser())).newPage();
    await signInAt(operator, env.server().url, 'operator', 'operator123');
    await signInAt(admin, env.server().url, 'admin', 'admin123');

    // the demo's notices and to-dos are there from the start
    await expect.poll(() => unread(operator)).toBeGreaterThan(0);
    const before = await unread(operator);
    // a mark on the window: a reload would wipe it
    await operator.evaluate(() => Object.assign(window, { __notReloaded: true }));
    const notReloaded = () => operator.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded);

    await openFromMainMenu(admin, '通知公告');
    await activeView(admin).getByRole('button', { name: '发布通知' }).click();
    const form = admin.getByRole('dialog', { name: '发布通知' });
    await form.getByLabel('通知标题').fill(TITLE);
    await form.getByLabel('通知内容').fill(CONTENT);
    await form.getByText('指定角色').click();
    await form.getByLabel('接收角色', { exact: true }).click();
    await admin.getByRole('listbox', { name: '接收角色' }).getByText('操作员', { exact: true }).click();
    // the list stays open for more choices: a click elsewhere in the form closes it
    await form.getByLabel('通知内容').click();
    await form.getByRole('button', { name: '确定' }).click();
    await visible(activeView(admin).getByText(TITLE));

    // the operator's bell counts it without a reload
    await expect.poll(() => unread(operator), { timeout: 15_000 }).toBe(before + 1);
    expect(await notReloaded()).toBe(true);
    await screenshot(operator, 'message-bell-count');

    await bell(operator).click();
    await visible(operator.getByRole('tab', { name: /通知/ }));
    await screenshot(operator, 'message-bell-popover');
    await operator.getByText(TITLE).click();
    const shown = operator.getByRole('dialog', { name: TITLE });
    await visible(shown.getByText(CONTENT));
    await screenshot(operator, 'message-bell-notice');
    await shown.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => unread(operator)).toBe(before);

    // the administrator's list shows one of its recipients has read it
    await admin.reload();
    await visible(activeView(admin).getByText(TITLE));

    // a to-do leads to the work-order page with its code: the administrator takes an order assigned to themselves
    // (the operator, who does not work on orders, gets no to-dos); the address it was sent to is read from the
    // navigations
    const token = await signInOverHttp(env.server().url);
    const api = (path: string, body?: object) =>
      fetch(`${env.server().url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json() as Promise<{ datas: { id: number; code: string } }>);
    const me = (await api('/api-user/users/current')).datas;
    const order = (
      await api('/api-business/workorder/save', {
        title: `待办 ${SUFFIX}`,
        type: 'other',
        description: '核实',
        assigneeId: me.id,
      })
    ).datas;
    const visited: string[] = [];
    admin.on('framenavigated', (frame) => {
      if (frame === admin.mainFrame()) visited.push(frame.url());
    });
    await bell(admin).click();
    await admin.getByRole('tab', { name: /待办/ }).click();
    await admin
      .getByRole('button', { name: /^查看工单 / })
      .first()
      .click();
    await expect.poll(() => visited.some((url) => url.endsWith(`#/workorder?code=${order.code}`))).toBe(true);
    expect(await notReloaded()).toBe(true);
  });
});
