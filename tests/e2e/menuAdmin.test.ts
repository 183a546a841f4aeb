// Menu administration and menus open / not open, in the browser: the administrator renames a menu entry and gives it
// another icon, and the side menu shows both after a reload; the administrator closes the operation log for a company
// it created, whose administrator then sees it locked with the apply-to-open note.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { absent, mainMenu, newContext, screenshot, signInAt, useServerAndBrowser, visible } from './harness.ts';

const env = useServerAndBrowser();

/** Opens a page of the System group (opening the group first: the menu keeps one group open at a time). */
const openSystemPage = async (page: Page, name: string | RegExp) => {
  const link = mainMenu(page).getByRole('link', { name });
  const group = mainMenu(page).getByRole('button', { name: '系统管理' });
  await visible(group);
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
  await link.click();
};

const signIn = (page: Page, username: string, password: string) => signInAt(page, env.server().url, username, password);

describe('menu administration', () => {
  it('renames an entry and changes its icon; the side menu shows both after a reload', async () => {
    const admin = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(admin, 'admin', 'admin123');
    await openSystemPage(admin, '菜单管理');
    await admin.waitForURL(/#\/system\/menu$/);

    // the log page's row: its route is unique (its permission entry's row also says 操作日志)
    const row = admin.getByRole('row').filter({ hasText: '/system/operationLog' });
    await visible(row);
    await row.getByRole('button', { name: '编辑' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('菜单名称').fill('审计日志');
    await screenshot(admin, 'menu-admin-edit');
    await dialog.getByRole('button', { name: /^图标:/ }).click();
    await admin.getByPlaceholder('搜索图标名称').fill('clipboard');
    await screenshot(admin, 'menu-admin-icon-picker');
    await admin.getByRole('option', { name: 'clipboard', exact: true }).click();
    await expect.poll(() => dialog.getByRole('button', { name: /^图标:/ }).textContent()).toBe('clipboard');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('row').filter({ hasText: '审计日志' }));

    await admin.reload();
    const link = mainMenu(admin).getByRole('link', { name: '审计日志' });
    await visible(link);
    await visible(link.locator('[data-icon="clipboard"]'));
    await visible(admin.getByRole('row').filter({ hasText: '审计日志' }));
    await screenshot(admin, 'menu-admin-page');
  });

  it('a company created by the administrator sees the closed operation log locked, with the apply-to-open note', async () => {
    const admin = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(admin, 'admin', 'admin123');
    // the company and its first administrator, through the companies API with the administrator's token
    const created = await admin.evaluate(async () => {
      const token = localStorage.getItem('access_token') ?? '';
      const res = await fetch('/api-user/companys/saveOrUpdate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${token}` },
        body: JSON.stringify({
          name: '下属水务公司',
          kind: 'water',
          code: 'SUB01',
          adminUsername: 'subadmin',
          adminPassword: 'sub12345',
        }),
      });
      return (await res.json()) as { resp_code: number };
    });
    expect(created.resp_code).toBe(0);

    await openSystemPage(admin, '公司管理');
    const row = admin.getByRole('cell', { name: '下属水务公司' });
    await visible(row);
    // the row actions of that company (the list holds the own company and this one)
    const actions = admin.getByRole('button', { name: '开通菜单' });
    await expect.poll(() => actions.count()).toBe(2);
    await actions.nth(1).click();
    const dialog = admin.getByRole('dialog', { name: /开通菜单 - 下属水务公司/ });
    await visible(dialog.getByText('操作日志', { exact: true }));
    await dialog.getByText('操作日志', { exact: true }).click();
    await screenshot(admin, 'menu-admin-company-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));

    const sub = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(sub, 'subadmin', 'sub12345');
    await openSystemPage(sub, /操作日志/);
    await sub.waitForURL(/#\/system\/operationLog$/);
    await visible(
      mainMenu(sub)
        .getByRole('link', { name: /操作日志/ })
        .getByText('未开通'),
    );
    await visible(sub.getByRole('heading', { name: '操作日志尚未开通' }));
    await visible(sub.getByText('该功能尚未开通,如需使用请联系管理员申请开通'));
    await screenshot(sub, 'menu-admin-not-opened');
    // the page itself is not there, and its API refuses even this administrator
    await absent(sub.getByRole('columnheader', { name: 'IP 地址' }));
    const status = await sub.evaluate(async () => {
      const token = localStorage.getItem('access_token') ?? '';
      return (await fetch('/api-user/logs', { headers: { authorization: `bearer ${token}` } })).status;
    });
    expect(status).toBe(403);
  });
});
