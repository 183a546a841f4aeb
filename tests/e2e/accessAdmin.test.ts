// Issue 3's story so far, in the browser: the administrator creates a role, grants it a subset of menus, creates
// an account with that role, and that account signs in to see only those menus.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  absent,
  mainMenu,
  newContext,
  openFromMainMenu,
  submitSignIn,
  useServerAndBrowser,
  visible,
} from './harness.ts';

const env = useServerAndBrowser();

const signIn = async (page: Page, username: string, password: string) => {
  await page.goto(`${env.server().url}/#/login`);
  await submitSignIn(page, username, password);
  await page.waitForURL(/#\/index$/);
};

describe('roles, grants and accounts', () => {
  it('gives a new account with a new role exactly the granted menus', async () => {
    const admin = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(admin, 'admin', 'admin123');

    await openFromMainMenu(admin, '角色管理');
    await admin.waitForURL(/#\/system\/role$/);
    // the list has loaded before we act on it
    await visible(admin.getByRole('cell', { name: '超级管理员' }));
    await admin.getByRole('button', { name: '新增' }).click();
    let dialog = admin.getByRole('dialog');
    await dialog.getByLabel('角色编码').fill('DISPATCHER');
    await dialog.getByLabel('角色名称').fill('调度员');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('cell', { name: '调度员' }));

    // narrow the list to the new role, then grant it home and the personal center only
    await admin.getByPlaceholder('按角色名称筛选').fill('调度员');
    await admin.getByRole('button', { name: '查询' }).click();
    await absent(admin.getByRole('cell', { name: '超级管理员' }));
    await admin.getByRole('button', { name: '菜单授权' }).click();
    dialog = admin.getByRole('dialog');
    await visible(dialog.getByText('首页'));
    await dialog.getByText('首页', { exact: true }).click();
    await dialog.getByText('个人中心', { exact: true }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));

    await openFromMainMenu(admin, '账号管理');
    await admin.waitForURL(/#\/system\/account$/);
    await visible(admin.getByRole('cell', { name: 'operator', exact: true }));
    await admin.getByRole('button', { name: '新增' }).click();
    dialog = admin.getByRole('dialog');
    await dialog.getByLabel('用户名', { exact: true }).fill('dispatcher1');
    await dialog.getByLabel('密码', { exact: true }).fill('dispatch2026');
    await dialog.getByLabel('昵称').fill('调度一号');
    await dialog.getByLabel('手机号码').fill('13700137000');
    await dialog.getByText('调度员', { exact: true }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('cell', { name: 'dispatcher1' }));
    await admin.context().close();

    const user = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(user, 'dispatcher1', 'dispatch2026');
    await visible(mainMenu(user).getByText('个人中心'));
    await absent(mainMenu(user).getByText('系统管理'));
    await absent(mainMenu(user).getByText('接口文档'));
    await user.context().close();
  });
});
