// Issue 5's valve story in the browser: a concentrator and a meter with valve control arrive through the public
// ingestion API (archives, then a batch of reads that brings the concentrator online); the administrator closes the
// meter's valve on the valve control page and watches the command go created → executing → success while the
// "device" (this test, with an ingestion key) takes the command and answers it; the device command page keeps it;
// the valve page in English.
import type { PendingCommand } from '@waterops/shared/reading';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_BASIC } from '../fixtures/credentials.ts';
import {
  activeView,
  newContext,
  openFromMainMenu,
  screenshot,
  signInAt,
  useServerAndBrowser,
  visible,
} from './harness.ts';

const env = useServerAndBrowser();
const HUB = `E2E-VJZQ-${Date.now().toString(36).toUpperCase()}`;
const METER = `E2E-VALVE-${Date.now().toString(36).toUpperCase()}`;

/** A tag on the page with exactly this text (the filters' options carry the same words). */
const tag = (view: Locator, text: string) => view.locator('.bp6-tag').filter({ hasText: new RegExp(`^${text}$`) });

/** A JSON call to the server; fails the test unless it answers success. */
const call = async (path: string, auth: string, body?: unknown): Promise<unknown> => {
  const res = await fetch(`${env.server().url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { resp_code: number; datas: unknown };
  expect(json.resp_code, JSON.stringify(json)).toBe(0);
  return json.datas;
};

/** An administrator's token and a company ingestion key made with it, as a head-end's installer would. */
const deviceKey = async (): Promise<{ key: string; admin: string }> => {
  const res = await fetch(`${env.server().url}/api-uaa/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'admin123' }).toString(),
  });
  const token = ((await res.json()) as { datas: { access_token: string } }).datas.access_token;
  const made = (await call('/api-workbench/ingest/keys/save', `bearer ${token}`, { name: 'e2e valve story' })) as {
    key: string;
  };
  return { key: `Device ${made.key}`, admin: `bearer ${token}` };
};

describe('the valve story', () => {
  it('closes a valve on the valve control page and watches created → executing → success (zh, en)', async () => {
    const { key, admin } = await deviceKey();
    await call('/api-workbench/ingest/archives', key, {
      concentrators: [{ code: HUB, areaName: '和平里小区' }],
      meters: [{ meterCode: METER, concentratorCode: HUB, valveControl: true, areaName: '和平里小区' }],
    });
    await call('/api-workbench/ingest/readings', key, {
      concentratorCode: HUB,
      readings: [{ meterCode: METER, time: new Date().toISOString(), reading: 12.5, valveState: 1 }],
    });

    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');
    await openFromMainMenu(page, '阀门控制');
    await page.waitForURL(/#\/device\/valveControl$/);
    const view = activeView(page);
    await visible(view.getByRole('heading', { name: '阀门控制' }));
    await view.getByLabel('表身号').fill(METER);
    await view.getByRole('button', { name: '查询' }).click();
    await visible(view.getByRole('cell', { name: METER, exact: true }));
    await visible(tag(view, '在线'));

    // the row's own close (the toolbar's waits for a selection), confirmed with the number of meters
    await view.getByRole('button', { name: '关阀' }).last().click();
    const confirm = page.getByRole('alertdialog');
    await visible(confirm.getByText('确定关闭 1 块水表的阀门吗?'));
    await screenshot(page, 'valve-confirm-zh');
    await confirm.getByRole('button', { name: '关阀' }).click();
    await visible(tag(view, '已创建'));
    await screenshot(page, 'valve-created-zh');

    // the device side: the concentrator's head-end takes its pending commands …
    const pending = (await call('/api-workbench/ingest/commands', key)) as PendingCommand[];
    const mine = pending.find((c) => c.deviceCode === METER);
    expect(mine).toMatchObject({ deviceKind: 'meter', command: 'valveClose' });
    await visible(tag(view, '执行中'));
    await screenshot(page, 'valve-executing-zh');

    // … and answers: the valve is closed
    await call('/api-workbench/ingest/commandResults', key, [{ commandId: mine?.id, success: true }]);
    await visible(tag(view, '成功'));
    await visible(tag(view, '关'));
    await screenshot(page, 'valve-success-zh');

    // the device command page keeps the history: the meter's close, finished with success
    await openFromMainMenu(page, '设备命令');
    await page.waitForURL(/#\/device\/command$/);
    const history = activeView(page);
    await history.getByLabel('设备编号').fill(METER);
    await history.getByRole('button', { name: '查询' }).click();
    await visible(history.getByRole('cell', { name: METER, exact: true }));
    await visible(tag(history, '成功'));
    await screenshot(page, 'command-history-zh');

    // … and so does the meter's drawer, opened by its address
    const list = await fetch(`${env.server().url}/api-workbench/device/watermeter/list?meterCodePrefix=${METER}`, {
      headers: { authorization: admin },
    });
    const meterId = ((await list.json()) as { data: Array<{ id: number }> }).data[0]?.id;
    await page.goto(`${page.url().split('?')[0]}?detail=meter:${meterId}`);
    const drawer = page.locator('.wo-detail-drawer');
    await visible(drawer.getByRole('heading', { name: METER }));
    const section = drawer.getByRole('region', { name: '命令记录' });
    await visible(tag(section, '成功'));
    await visible(section.getByText('关阀'));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'command-meter-drawer-zh');
    await page.context().close();

    const en = await (await newContext(env.browser(), 'en')).newPage();
    await signInAt(en, env.server().url, 'admin', 'admin123');
    await openFromMainMenu(en, 'Valve control');
    const enView = activeView(en);
    await enView.getByLabel('Body code').fill(METER);
    await enView.getByRole('button', { name: /^(Search|Query)$/ }).click();
    await visible(enView.getByRole('cell', { name: METER, exact: true }));
    await visible(tag(enView, 'Success'));
    await visible(tag(enView, 'Closed'));
    await screenshot(en, 'valve-success-en');
  });
});
