// Companies in the browser: the administrator creates a company with its first administrator; that administrator
// signs in (a new browser context) and sees the new company's logo name in the top bar, then renames it on the
// company profile page and sees the top bar follow, and previews a code rule as they type it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

const signIn = (page: Page, username: string, password: string) => signInAt(page, env.server().url, username, password);

/** The top bar's brand: the logo and the company's logo name, a link home named by that name. */
const brand = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

describe('companies administration', () => {
  it('creates a company whose administrator sees it in the top bar and edits its profile and code rules', async () => {
    const admin = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(admin, 'admin', 'admin123');
    await openFromMainMenu(admin, '公司管理');
    await admin.waitForURL(/#\/system\/company$/);
    await visible(admin.getByRole('cell', { name: '演示水务公司' }));

    await admin.getByRole('button', { name: '新增' }).click();
    const dialog = admin.getByRole('dialog');
    // the shared rules speak as a field is left, before anything is sent
    await dialog.getByLabel('公司名称').focus();
    await dialog.getByLabel('公司编码').fill('D-1');
    await visible(dialog.getByText('请输入公司名称'));
    await dialog.getByLabel('公司名称').fill('东城水务有限公司');
    await visible(dialog.getByText('公司编码只能是2-20位字母或数字'));
    await dialog.getByLabel('公司编码').fill('DCSW');
    await dialog.getByLabel('公司类型').selectOption({ label: '水务公司' });
    await dialog.getByLabel('联系电话').fill('13912345678');
    await dialog.getByLabel('Logo名称', { exact: true }).fill('东城水务');
    await dialog.getByLabel('管理员用户名').fill('dcadmin');
    await dialog.getByLabel('管理员初始密码').fill('dongcheng1');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(admin.getByRole('dialog'));
    await visible(admin.getByRole('cell', { name: '东城水务有限公司' }));
    await visible(admin.getByRole('cell', { name: 'DCSW' }));
    await screenshot(admin, 'company-list');
    await admin.context().close();

    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(page, 'dcadmin', 'dongcheng1');
    await visible(brand(page, '东城水务'));

    await openFromMainMenu(page, '公司信息');
    await page.waitForURL(/#\/system\/companyProfile$/);
    const logoName = page.getByLabel('Logo名称', { exact: true });
    await expect.poll(() => logoName.inputValue()).toBe('东城水务');
    await logoName.fill('东城智慧水务');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await visible(brand(page, '东城智慧水务'));

    // the next resident code follows the prefix as it is typed, and saving keeps it
    await page.getByLabel('用户编码前缀').fill('DC');
    await page.getByLabel('用户编码下一个流水号').fill('42');
    const preview = page.getByRole('status', { name: '用户编码下一个编码' });
    await expect.poll(() => preview.textContent()).toBe('DC000042');
    await page.getByRole('button', { name: '保存编码规则' }).click();
    await visible(page.getByText('保存成功'));
    await screenshot(page, 'company-profile');
    await page.reload();
    await expect.poll(() => page.getByLabel('用户编码前缀').inputValue()).toBe('DC');

    // the new company's menus are its own: no sight of the demo company's name anywhere in the shell
    await absent(mainMenu(page).getByText('演示水务公司'));
    await page.context().close();
  });
});
