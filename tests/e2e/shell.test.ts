// The web shell as a person uses it, in Chromium against `npm start`'s server: sign in (with the recorded
// redirect), open pages as tabs, the tags-bar operations, the password dialog's exact messages, the profile,
// switching language, signing out, the verification code after failed sign-ins, and a restricted account.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  absent,
  mainMenu,
  newContext,
  openFromMainMenu,
  screenshot,
  submitSignIn,
  useServerAndBrowser,
  visible,
  waitForHome,
} from './harness.ts';

const env = useServerAndBrowser();

const ui = {
  sideMenu: mainMenu,
  tagsBar: (p: Page) => p.getByRole('navigation', { name: /^(标签栏|Tags bar)$/i }),
  tabs: (p: Page) => ui.tagsBar(p).locator('.wo-tag-link'),
  moreOperations: (p: Page) => p.getByRole('button', { name: /更多操作|More operations/ }),
  userMenu: (p: Page) => p.getByRole('button', { name: /^(用户菜单|User menu)$/ }),
  dialog: (p: Page) => p.getByRole('dialog'),
};

const signIn = submitSignIn;

const tabTitles = async (page: Page) => (await ui.tabs(page).allInnerTexts()).map((t) => t.trim());

const openFromSideMenu = openFromMainMenu;

describe('the web shell, signed in as the demo administrator', () => {
  let page: Page;

  beforeAll(async () => {
    const context = await newContext(env.browser(), 'zh-CN');
    page = await context.newPage();
  });

  it('sends a signed-out visitor to the sign-in page with the redirect, and back there after signing in', async () => {
    await page.goto(`${env.server().url}/#/personalCenter`);
    await page.waitForURL(/#\/login\?redirect=%2FpersonalCenter/);
    await expect.poll(() => page.title()).toContain('WaterOps');
    await signIn(page, 'admin', 'admin123');
    await page.waitForURL(/#\/personalCenter$/);
    await visible(page.getByText('账号概览'));
    // The pinned home tab is always there, plus the page we came for.
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '个人中心']);
  });

  it('opens pages from the side menu as tabs and names the page in the title', async () => {
    await openFromSideMenu(page, '操作日志');
    await page.waitForURL(/#\/system\/operationLog$/);
    await visible(page.getByRole('columnheader', { name: '用户名' }));
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '个人中心', '操作日志']);
    await expect.poll(() => page.title()).toMatch(/^操作日志.*WaterOps/);
    // the sign-in we just did is in the log
    await visible(page.getByRole('cell', { name: 'admin' }).first());
  });

  it('closes tabs: left of the active one, the active one, others and all — pinned tabs stay', async () => {
    await ui.moreOperations(page).click();
    await page.getByRole('menuitem', { name: '关闭左侧' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '操作日志']);

    await openFromSideMenu(page, '个人中心');
    await page.waitForURL(/#\/personalCenter$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '操作日志', '个人中心']);

    // closing the active tab moves to the last remaining tab
    await ui.tagsBar(page).getByRole('button', { name: '关闭 个人中心' }).click();
    await page.waitForURL(/#\/system\/operationLog$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '操作日志']);

    await openFromSideMenu(page, '个人中心');
    await page.waitForURL(/#\/personalCenter$/);
    await ui.moreOperations(page).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '个人中心']);

    await ui.moreOperations(page).click();
    await page.getByRole('menuitem', { name: '关闭全部' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await waitForHome(page);
  });

  it('shows the exact spec messages in the change-password dialog and refuses a wrong old password', async () => {
    await ui.userMenu(page).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = ui.dialog(page);
    await visible(dialog.getByRole('heading', { name: '修改密码' }));

    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('请输入旧密码'));
    await visible(dialog.getByText('请输入新密码'));
    await visible(dialog.getByText('请再次输入新密码'));

    await dialog.getByLabel('旧密码').fill('admin123');
    await dialog.getByLabel('新密码').fill('_bad');
    await dialog.getByLabel('确认密码').fill('_bad');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('密码格式不对!'));

    await dialog.getByLabel('新密码').fill('tide7pump');
    await dialog.getByLabel('确认密码').fill('tide7pumq');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('两次输入密码不一致!'));
    await absent(dialog.getByText('密码格式不对!'));

    await dialog.getByLabel('旧密码').fill('not-my-password');
    await dialog.getByLabel('确认密码').fill('tide7pump');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(page.getByText('旧密码错误'));
    // an outside click does not close it
    await page.mouse.click(5, 5);
    await visible(dialog);
    await dialog.getByRole('button', { name: '取消' }).click();
    await absent(ui.dialog(page));
  });

  it('edits the profile with the spec rules and shows the new nickname in the top bar', async () => {
    await ui.userMenu(page).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    const dialog = ui.dialog(page);
    await dialog.getByLabel('昵称').fill('   ');
    await dialog.getByLabel('手机号码').fill('12345678901');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('请输入昵称'));
    await visible(dialog.getByText('手机号码格式不对'));

    await dialog.getByLabel('昵称').fill('  值班长  ');
    await dialog.getByLabel('手机号码').fill('13800138000');
    await dialog.getByRole('button', { name: '确定' }).click();
    // closed on success; when it stays open (seen now and then in CI), the failure says what it shows: the fields as
    // they are and any message a refused save put there
    const shown = async () =>
      (await dialog.count())
        ? `${await dialog.innerText()} | 昵称=${await dialog.getByLabel('昵称').inputValue()} 手机号码=${await dialog.getByLabel('手机号码').inputValue()}`
        : '';
    await expect.poll(shown, { timeout: 20_000 }).toBe('');
    await expect.poll(() => ui.userMenu(page).textContent()).toContain('值班长');
  });

  it('switches to English, keeps it after a reload, and back to Chinese', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.waitForLoadState('load');
    await visible(ui.sideMenu(page).getByText('Personal center'));
    await expect.poll(() => tabTitles(page)).toEqual(['Home']);
    await page.reload();
    await visible(ui.sideMenu(page).getByText('System', { exact: true }));
    await screenshot(page, 'home-en');
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.waitForLoadState('load');
    await visible(ui.sideMenu(page).getByText('系统管理'));
  });

  it('signs out after the confirmation and then needs a sign-in again', async () => {
    await ui.userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await visible(page.getByRole('alertdialog').getByText(/您确定要退出/));
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/#\/login/);
    await page.goto(`${env.server().url}/#/system/operationLog`);
    await page.waitForURL(/#\/login\?redirect=/);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeNull();
  });
});

describe('sign-in protection and a restricted account', () => {
  it('gives the operator only their menus, the 401 page for a page they are not granted, 404 for none', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await page.goto(`${env.server().url}/#/login`);
    await signIn(page, 'operator', 'operator123');
    await waitForHome(page);
    await visible(ui.sideMenu(page).getByText('个人中心'));
    await absent(ui.sideMenu(page).getByText('系统管理'));
    await page.goto(`${env.server().url}/#/system/noSuchPage`);
    await page.waitForURL(/#\/404$/);
    await page.goto(`${env.server().url}/#/system/operationLog`);
    await page.waitForURL(/#\/401$/);
    await visible(page.getByText('抱歉,您没有访问权限'));
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForHome(page);
    await page.context().close();
  });

  it('asks for the verification code after three failed sign-ins for a user name', async () => {
    const page = await (await newContext(env.browser(), 'en')).newPage();
    await page.goto(`${env.server().url}/#/login`);
    await absent(page.getByLabel('Verification code', { exact: true }));
    for (let i = 0; i < 3; i++) {
      // an unknown user name counts too: the answer must not tell which user names exist
      await signIn(page, 'night-shift', `wrong-${i}`);
      await visible(page.getByText('Wrong user name or password').first());
    }
    await visible(page.getByLabel('Verification code', { exact: true }));
    const image = page.getByRole('img', { name: /Verification code image/ });
    await visible(image);
    // the SVG really loaded (a broken image has no natural size)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.context().close();
  });
});
