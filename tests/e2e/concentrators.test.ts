// Issue 4's device hierarchy in the browser: the administrator creates a concentrator in a residential area, then a
// wired collector under it (both chosen with the remote selectors), opens the collector's detail drawer and walks
// from it to its concentrator, whose drawer lists the collector; the same drawers in English.
import { describe, expect, it } from 'vitest';
import { absent, newContext, openFromMainMenu, screenshot, signInAt, useServerAndBrowser, visible } from './harness.ts';

const env = useServerAndBrowser();

const HUB = 'E2E-JZQ-01';
const COLLECTOR = 'E2E-CJQ-01';

describe('concentrators and collectors', () => {
  it('creates a concentrator, a collector under it, and walks from the collector’s drawer to the concentrator', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');

    await openFromMainMenu(page, '集中器管理');
    await page.waitForURL(/#\/device\/concentrator$/);
    await page.getByRole('button', { name: '新增' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('集中器编号').fill(HUB);
    // a bad address is refused in the form with the shared rule's message
    await dialog.getByLabel('IP地址').fill('10.0.0');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('IP地址格式不对'));
    await dialog.getByLabel('IP地址').fill('10.0.0.8');
    await dialog.getByLabel('端口').fill('9000');
    const area = dialog.locator('input[aria-label="小区"]');
    await area.click();
    await area.fill('和平里');
    await page.getByRole('listbox', { name: '小区' }).getByRole('option', { name: '和平里小区' }).click();
    await absent(page.getByRole('listbox', { name: '小区' }));
    await screenshot(page, 'device-concentrator-form');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: HUB }));
    await screenshot(page, 'device-concentrator-list');

    await openFromMainMenu(page, '采集器管理');
    await page.waitForURL(/#\/device\/collector$/);
    await visible(page.getByRole('tab', { name: '有线采集器' }));
    await page.getByRole('button', { name: '新增' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('采集器编号').fill(COLLECTOR);
    const hub = dialog.locator('input[aria-label="集中器"]');
    await hub.click();
    await hub.fill('E2E-JZQ');
    await page.getByRole('listbox', { name: '集中器' }).getByRole('option', { name: HUB }).click();
    const collectorArea = dialog.locator('input[aria-label="小区"]');
    await collectorArea.click();
    await collectorArea.fill('和平里');
    await page.getByRole('listbox', { name: '小区' }).getByRole('option', { name: '和平里小区' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: COLLECTOR }));
    // the wireless tab does not list it
    await page.getByRole('tab', { name: '无线采集器' }).click();
    await absent(page.getByRole('cell', { name: COLLECTOR }));
    await page.getByRole('tab', { name: '有线采集器' }).click();
    await visible(page.getByRole('cell', { name: COLLECTOR }));

    await page.getByRole('button', { name: '详情' }).first().click();
    const drawer = page.locator('.wo-detail-drawer');
    await visible(drawer.getByRole('heading', { name: COLLECTOR }));
    await visible(drawer.getByText('有线', { exact: true }));
    await screenshot(page, 'device-collector-drawer-zh');
    await drawer.getByRole('button', { name: HUB }).click();
    await visible(drawer.getByRole('heading', { name: HUB }));
    expect(page.url()).toMatch(/detail=concentrator(:|%3A)\d+/);
    await visible(drawer.getByRole('button', { name: COLLECTOR }));
    await visible(drawer.getByRole('button', { name: '和平里小区' }));
    await screenshot(page, 'device-concentrator-drawer-zh');
    // back returns to the collector's drawer
    await page.goBack();
    await visible(drawer.getByRole('heading', { name: COLLECTOR }));
    await page.context().close();

    const en = await (await newContext(env.browser(), 'en')).newPage();
    await signInAt(en, env.server().url, 'admin', 'admin123');
    await openFromMainMenu(en, 'Collectors');
    await visible(en.getByRole('tab', { name: 'Wired collectors' }));
    await visible(en.getByRole('cell', { name: COLLECTOR }));
    await screenshot(en, 'device-collector-list-en');
    // the meter archive: an unknown body code is named by the server under the field, nothing changes
    await en.getByRole('button', { name: 'Meters', exact: true }).first().click();
    const archives = en.getByRole('dialog');
    await archives.getByLabel('Body codes').fill('NOPE-1 NOPE-2');
    await archives.getByRole('button', { name: 'OK' }).click();
    await visible(archives.getByText('No meter has these body codes: NOPE-1 NOPE-2'));
    await screenshot(en, 'device-collector-archives-en');
    await archives.getByRole('button', { name: 'Cancel' }).click();
    await absent(en.getByRole('dialog'));
    await en.getByRole('button', { name: 'Details' }).first().click();
    const enDrawer = en.locator('.wo-detail-drawer');
    await visible(enDrawer.getByText('Wired', { exact: true }));
    await screenshot(en, 'device-collector-drawer-en');
    await enDrawer.getByRole('button', { name: HUB }).click();
    await visible(enDrawer.getByText('Its collectors'));
    await screenshot(en, 'device-concentrator-drawer-en');
    await en.context().close();
  });
});
