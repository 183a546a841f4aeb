// Catalogues in the browser: in Chinese, the administrator creates a manufacturer and then a meter model made by it
// (the model form's manufacturer list holds the new one at once); a taken type name is refused under its field;
// the English page shows the same model with its kind in English.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { newContext, openFromMainMenu, screenshot, signInAt, useServerAndBrowser, visible } from './harness.ts';

const env = useServerAndBrowser();
const signIn = (page: Page) => signInAt(page, env.server().url, 'admin', 'admin123');
/** A page's add button, found inside the page titled so (visited pages stay mounted, hidden, in the tabs' cache). */
const addButton = (page: Page, title: string) =>
  page
    .locator('.wo-page')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('button', { name: '新增' });
/** The form dialog closes once the debounced save has gone through (exist checks first). */
const closed = async (page: Page) => {
  try {
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  } catch (e) {
    await screenshot(page, 'catalogue-dialog-stuck');
    throw e;
  }
};

describe('catalogues', () => {
  it('creates a manufacturer and a meter model that uses it, in Chinese; the English page shows the model', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signIn(page);

    await openFromMainMenu(page, '厂家管理');
    await page.waitForURL(/#\/device\/manufacturer$/);
    await addButton(page, '厂家管理').click();
    let dialog = page.getByRole('dialog', { name: '新增厂家' });
    await dialog.getByLabel('厂家名称').fill(' 宁波水表厂 ');
    await dialog.getByLabel('编码').fill('NBSB');
    await dialog.getByLabel('联系电话').fill('0574-8765');
    await dialog.getByLabel('联系电话').press('Tab');
    // the shared phone rule answers under the field on leaving it; corrected, the save goes through
    await visible(dialog.getByText('电话号码格式不对,请输入手机号码或带区号的固定电话'));
    await dialog.getByLabel('联系电话').fill('0574-87654321');
    await dialog.getByRole('button', { name: '确定' }).click();
    await closed(page);
    await visible(page.getByRole('cell', { name: '宁波水表厂' }));
    await screenshot(page, 'catalogue-manufacturers-zh');
    // its meters' areas (findArea): none yet, and the dialog says so
    await page.getByRole('button', { name: '安装小区' }).filter({ visible: true }).click();
    const areas = page.getByRole('dialog', { name: '宁波水表厂 的水表安装小区' });
    await visible(areas.getByText('该厂家的水表尚未安装在任何小区'));
    await areas.getByRole('button', { name: /关闭|Close/ }).click();
    await closed(page);

    await openFromMainMenu(page, '表型管理');
    await page.waitForURL(/#\/device\/meterModel$/);
    await addButton(page, '表型管理').click();
    dialog = page.getByRole('dialog', { name: '新增表型' });
    await dialog.getByLabel('类型名称').fill('LXS-20E');
    await dialog.getByLabel('厂家').selectOption({ label: '宁波水表厂' });
    await dialog.getByLabel('水表种类').selectOption({ label: 'NB-IoT表' });
    await dialog.getByLabel('口径(DN)').fill('20');
    await dialog.getByLabel('最大读数').fill('99999.999');
    await dialog.getByRole('button', { name: '确定' }).click();
    await closed(page);
    // the list's only model: its cells name the manufacturer and the kind in words
    await visible(page.getByRole('cell', { name: 'LXS-20E' }));
    await visible(page.getByRole('cell', { name: '宁波水表厂' }).filter({ visible: true }));
    await visible(page.getByRole('cell', { name: 'NB-IoT表' }));
    await screenshot(page, 'catalogue-meter-models-zh');

    // spec §5 "type name must be unique": the same name again is refused in the dialog
    await addButton(page, '表型管理').click();
    dialog = page.getByRole('dialog', { name: '新增表型' });
    await dialog.getByLabel('类型名称').fill('LXS-20E');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(dialog.getByText(/类型名称.*存在/));
    await dialog.getByRole('button', { name: '取消' }).click();

    const english = await (await newContext(env.browser(), 'en')).newPage();
    await signIn(english);
    await openFromMainMenu(english, 'Meter models');
    await visible(english.getByRole('cell', { name: 'LXS-20E' }));
    await visible(english.getByRole('cell', { name: 'NB-IoT', exact: true }));
    await visible(english.getByRole('cell', { name: 'Yes' }).or(english.getByRole('cell', { name: 'No' })));
    await visible(english.getByRole('columnheader', { name: /Manufacturer/ }));
    await screenshot(english, 'catalogue-meter-models-en');
  });
});
