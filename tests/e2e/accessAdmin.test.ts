// Issue 3's story in the browser: the administrator creates a role with a subset of menus and an account with that
// role limited to one region; that account signs in, sees only those menus and only that region's residential
// areas, and is sent to the no-permission page on any other route; the administrator finds every change in the
// operation log. (Creating a company is companyAdmin.test.ts, registering register.test.ts.)
import { describe, it } from 'vitest';
import {
  absent,
  mainMenu,
  newContext,
  openFromMainMenu,
  screenshot,
  signInAt,
  useServerAndBrowser,
  visible,
} from './harness.ts';

const env = useServerAndBrowser();

describe('roles, grants, accounts and data scope', () => {
  it('gives a new account with a new role exactly the granted menus and only its region’s rows', async () => {
    const admin = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(admin, env.server().url, 'admin', 'admin123');

    await openFromMainMenu(admin, '角色管理');
    await admin.waitForURL(/#\/system\/role$/);
    // the list has loaded before we act on it
    await visible(admin.getByRole('cell', { name: '超级管理员' }));
    await admin.getByRole('button', { name: '新增' }).click();
    let dialog = admin.getByRole('dialog');
    await dialog.getByLabel('角色编码').fill('AREA_CLERK');
    await dialog.getByLabel('角色名称').fill('小区专员');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('cell', { name: '小区专员' }));

    // narrow the list to the new role, then grant it home, the personal center and the residential-area page
    await admin.getByPlaceholder('按角色名称筛选').fill('小区专员');
    await admin.getByRole('button', { name: '查询' }).click();
    await absent(admin.getByRole('cell', { name: '超级管理员' }));
    await admin.getByRole('button', { name: '菜单授权' }).click();
    dialog = admin.getByRole('dialog');
    await visible(dialog.getByText('首页'));
    await dialog.getByText('首页', { exact: true }).click();
    await dialog.getByText('个人中心', { exact: true }).click();
    await dialog.getByText('小区管理', { exact: true }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));

    await openFromMainMenu(admin, '账号管理');
    await admin.waitForURL(/#\/system\/account$/);
    await visible(admin.getByRole('cell', { name: 'operator', exact: true }));
    await admin.getByRole('button', { name: '新增' }).click();
    dialog = admin.getByRole('dialog');
    await dialog.getByLabel('用户名', { exact: true }).fill('areaclerk1');
    await dialog.getByLabel('密码', { exact: true }).fill('areaclerk2026');
    await dialog.getByLabel('昵称').fill('小区专员一号');
    await dialog.getByLabel('手机号码').fill('13700137000');
    await dialog.getByText('小区专员', { exact: true }).click();
    // data scope: one region (the region selector filters the tenant's regions as one types)
    await dialog.getByLabel('所属片区').click();
    await dialog.getByLabel('所属片区').fill('东城');
    await admin.getByRole('option', { name: '东城片区' }).click();
    await visible(dialog.getByText('东城片区'));
    // the choices stay open for more; a click elsewhere in the form closes them, as a user would
    await dialog.getByText('账号类型', { exact: true }).click();
    await absent(admin.getByRole('option', { name: '西城片区' }));
    await screenshot(admin, 'story-account-scope');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('cell', { name: 'areaclerk1' }));

    const user = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(user, env.server().url, 'areaclerk1', 'areaclerk2026');
    await visible(mainMenu(user).getByText('个人中心'));
    await absent(mainMenu(user).getByText('系统管理'));
    await absent(mainMenu(user).getByText('接口文档'));
    await absent(mainMenu(user).getByText('片区管理'));

    // only the areas of 东城片区, filtered by the server
    await openFromMainMenu(user, '小区管理');
    await user.waitForURL(/#\/registry\/area$/);
    await visible(user.getByRole('cell', { name: '和平里小区' }));
    await visible(user.getByRole('cell', { name: '崇文门小区' }));
    await absent(user.getByRole('cell', { name: '月坛小区' }));
    await absent(user.getByRole('cell', { name: '望京小区' }));
    await screenshot(user, 'story-scoped-areas');

    // any other route: the no-permission page
    await user.goto(`${env.server().url}/#/system/account`);
    await user.waitForURL(/#\/401$/);
    await visible(user.getByText('抱歉,您没有访问权限'));
    await user.context().close();

    // the administrator's changes in the operation log, newest first
    await openFromMainMenu(admin, '操作日志');
    await admin.waitForURL(/#\/system\/operationLog$/);
    for (const operation of ['新增角色', '角色授权菜单', '新增账号'])
      await visible(admin.getByRole('cell', { name: operation, exact: true }));
    await screenshot(admin, 'story-operation-log');
    await admin.context().close();
  });
});
