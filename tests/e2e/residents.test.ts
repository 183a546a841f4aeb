// Residents in the browser (issue 4's story): the administrator creates a resident (the code left empty comes from
// the code rules), binds a meter created through the API with the meters dialog's selector (3 characters), takes it
// off, binds it again, and reads the three events in the resident's drawer — in Chinese, then the same drawer in
// English.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { absent, newContext, openFromMainMenu, screenshot, signInAt, useServerAndBrowser, visible } from './harness.ts';

const env = useServerAndBrowser();
const METER = `RE2E${Date.now().toString(36).toUpperCase()}`;
const NAME = `端到端${Date.now().toString(36)}`;

/** A meter in 和平里小区 through the meter API, with the signed-in administrator's token. */
const createMeter = (page: Page) =>
  page.evaluate(async (meterCode) => {
    const headers = {
      'content-type': 'application/json',
      authorization: `bearer ${localStorage.getItem('access_token') ?? ''}`,
    };
    const areas = await (await fetch('/api-workbench/data/area/findList?page=1&limit=999', { headers })).json();
    const areaId = (areas.data as { id: number; areaName: string }[]).find((a) => a.areaName === '和平里小区')?.id;
    const res = await fetch('/api-workbench/device/watermeter/save', {
      method: 'POST',
      headers,
      body: JSON.stringify({ meterCode, areaId }),
    });
    return (await res.json()) as { resp_code: number; resp_msg: string };
  }, METER);

describe('residents', () => {
  it('creates a resident, binds a meter, takes it off, rebinds it and reads the history in the drawer (zh, en)', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');
    const created = await createMeter(page);
    expect(created.resp_code, created.resp_msg).toBe(0);

    await openFromMainMenu(page, '用户档案');
    await page.waitForURL(/#\/registry\/resident$/);
    await page.getByRole('button', { name: '新增' }).click();
    const form = page.getByRole('dialog');
    // the spec's messages first: nothing filled in
    await form.getByRole('button', { name: '确定' }).click();
    await visible(form.getByText('请选择收费或免费'));
    await form.getByLabel('用户名称').fill(NAME);
    await form.getByLabel('小区').selectOption({ label: '和平里小区' });
    await form.getByLabel('是否收费').selectOption({ label: '收费' });
    await form.getByLabel('电话').fill('13800138000');
    await screenshot(page, 'resident-form-zh');
    // the form drops a second submit within 500 ms of the first (spec §9 debounce): a person is slower than this
    await page.waitForTimeout(600);
    await form.getByRole('button', { name: '确定' }).click();
    await visible(page.getByText('保存成功'));
    await absent(page.getByRole('dialog'));

    // the new resident's row: its generated code, then its meters dialog
    await page.getByLabel('用户名称').first().fill(NAME);
    await page.getByRole('button', { name: '查询' }).click();
    // the one row the name filter leaves: its generated user code, its actions
    const codes = page.getByRole('button', { name: /^YH\d+$/ });
    await expect.poll(() => codes.count()).toBe(1);
    await page.getByRole('button', { name: '水表绑定' }).click();
    const dialog = page.getByRole('dialog', { name: /^水表绑定 - / });
    await visible(dialog.getByText('未绑定水表'));
    const picker = dialog.locator('input[aria-label="选择未绑定的水表"]');
    await picker.fill(METER.slice(0, 2));
    await visible(page.getByRole('listbox', { name: '选择未绑定的水表' }).getByText('请至少输入 3 个字符'));
    await picker.fill(METER.slice(0, 6));
    await page.getByRole('listbox', { name: '选择未绑定的水表' }).getByText(METER, { exact: true }).click();
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await visible(dialog.getByRole('cell', { name: METER }));
    await screenshot(page, 'resident-meters-dialog-zh');

    // take it off, then bind it again
    await dialog.getByRole('button', { name: '拆表' }).click();
    await visible(dialog.getByText('未绑定水表'));
    await picker.fill(METER.slice(0, 6));
    await page.getByRole('listbox', { name: '选择未绑定的水表' }).getByText(METER, { exact: true }).click();
    await dialog.getByRole('button', { name: '绑定', exact: true }).click();
    await visible(dialog.getByRole('cell', { name: METER }));
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await absent(page.getByRole('dialog'));

    // the drawer: three events in order, the meter a link to its own drawer
    await page.getByRole('button', { name: '详情', exact: true }).click();
    const drawer = page.locator('.wo-detail-drawer');
    await visible(drawer.getByRole('heading', { name: new RegExp(NAME) }));
    const history = drawer.getByRole('table', { name: '绑定记录' });
    await visible(history);
    await expect
      .poll(async () => (await history.locator('tbody tr td:nth-child(3)').allTextContents()).map((s) => s.trim()))
      .toEqual(['绑定', '拆表', '绑定']);
    expect(page.url()).toMatch(/detail=resident%3A\d+/);
    await screenshot(page, 'resident-drawer-zh');

    // the same drawer by its address, in English
    const url = page.url();
    const en = await (await newContext(env.browser(), 'en')).newPage();
    await signInAt(en, env.server().url, 'admin', 'admin123');
    await en.goto(url);
    const drawerEn = en.locator('.wo-detail-drawer');
    const historyEn = drawerEn.getByRole('table', { name: 'Binding history' });
    await visible(historyEn);
    await expect
      .poll(async () => (await historyEn.locator('tbody tr td:nth-child(3)').allTextContents()).map((s) => s.trim()))
      .toEqual(['Bound', 'Taken off', 'Bound']);
    await screenshot(en, 'resident-drawer-en');

    // walking to the meter's drawer from the history
    await historyEn.getByRole('button', { name: METER }).first().click();
    await visible(drawerEn.getByRole('heading', { name: METER }));
  });
});
