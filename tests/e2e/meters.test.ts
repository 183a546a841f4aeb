// Water meters in the browser: the administrator registers a meter in a residential area chosen with the area
// selector, finds it with the meter selector of the valve form once 3 characters are typed (a hint before), links a
// valve to it, then opens the meter's detail drawer from the meter list — in Chinese, and the same drawer in English.
import { describe, expect, it } from 'vitest';
import {
  absent,
  activeView,
  newContext,
  openFromMainMenu,
  screenshot,
  signInAt,
  useServerAndBrowser,
  visible,
} from './harness.ts';

const env = useServerAndBrowser();
const CODE = `E2E${Date.now().toString(36).toUpperCase()}`;

describe('water meters', () => {
  it('registers a meter, finds it with the meter selector after 3 characters and opens its drawer (zh, en)', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');

    await openFromMainMenu(page, '水表管理');
    await page.waitForURL(/#\/device\/meter$/);
    await activeView(page).getByRole('button', { name: '新增' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('表身号').fill(CODE);
    // the body code is checked as one leaves it; a bad base reading is refused with the spec's message
    await dialog.getByLabel('底数').fill('abc');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText('底数必须为数字'));
    await dialog.getByLabel('底数').fill('12.5');
    await dialog.locator('input[aria-label="小区"]').fill('东四小');
    await page.getByRole('listbox', { name: '小区' }).getByText('东四小区').click();
    await dialog.getByLabel('安装地址').fill('东四十条 1 号楼');
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(page.getByRole('dialog'));
    await visible(page.getByRole('button', { name: CODE }));

    // the valve form's meter selector: a hint below 3 characters, the meter from 3
    await openFromMainMenu(page, '阀门管理');
    await page.waitForURL(/#\/device\/valve$/);
    // the page has come in (lazily loaded, after the switch's skeleton) before we act on it
    await visible(activeView(page).getByRole('heading', { name: '阀门管理' }));
    await activeView(page).getByRole('button', { name: '新增' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('阀门编号').fill(`${CODE}-V`);
    const meterInput = dialog.locator('input[aria-label="关联水表"]');
    await meterInput.fill(CODE.slice(0, 2));
    await visible(page.getByRole('listbox', { name: '关联水表' }).getByText('请至少输入 3 个字符'));
    await meterInput.fill(CODE.slice(0, 3));
    await page.getByRole('listbox', { name: '关联水表' }).getByText(CODE, { exact: true }).click();
    await dialog.locator('input[aria-label="小区"]').fill('东四小');
    await page.getByRole('listbox', { name: '小区' }).getByText('东四小区').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await absent(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: CODE, exact: true }));

    // the meter's drawer from the meter list
    await openFromMainMenu(page, '水表管理');
    await page.getByRole('button', { name: CODE }).click();
    const drawer = page.locator('.wo-detail-drawer');
    await visible(drawer.getByRole('heading', { name: CODE }));
    await visible(drawer.getByText('东四十条 1 号楼'));
    await visible(drawer.getByRole('button', { name: '东四小区' }));
    await visible(drawer.getByText('暂无绑定记录'));
    expect(page.url()).toMatch(/detail=meter%3A\d+/);
    await screenshot(page, 'meter-drawer-zh');

    // the same drawer by its address, in English
    const url = page.url();
    const en = await (await newContext(env.browser(), 'en')).newPage();
    await signInAt(en, env.server().url, 'admin', 'admin123');
    // a browser in English opens the app in English
    await en.goto(url);
    const drawerEn = en.locator('.wo-detail-drawer');
    await visible(drawerEn.getByRole('heading', { name: CODE }));
    await visible(drawerEn.getByText('Body code'));
    await visible(drawerEn.getByText('Never bound'));
    await screenshot(en, 'meter-drawer-en');
  });
});
