// The administrator exports the account list (a dated .xlsx comes down) and imports a sheet with one bad row: the
// dialog shows the failed state with the counts, the failed rows come down with their reason, the good row is listed.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildXlsx, readXlsx } from '../fixtures/sheets.ts';
import { absent, newContext, screenshot, submitSignIn, useServerAndBrowser, visible, waitForHome } from './harness.ts';

const env = useServerAndBrowser();

const rowsOf = async (download: Download) => {
  const path = await download.path();
  return Object.values(await readXlsx(await readFile(path)))[0] ?? [];
};

const nextDownload = (page: Page) => page.waitForEvent('download', { timeout: 20_000 });

describe('account export and import', () => {
  it('exports the list and imports a sheet with a bad row', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await page.goto(`${env.server().url}/#/login`);
    await submitSignIn(page, 'admin', 'admin123');
    await waitForHome(page);
    await page.goto(`${env.server().url}/#/system/account`);
    await visible(page.getByRole('cell', { name: 'operator', exact: true })).catch(async (e: unknown) => {
      await screenshot(page, 'import-export-account-list');
      throw e;
    });

    let download = nextDownload(page);
    await page.getByRole('button', { name: '导出' }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toMatch(/^账号-\d{14}\.xlsx$/);
    const exportedRows = await rowsOf(exported);
    expect(exportedRows[0]).toEqual(['用户名', '昵称', '手机号码', '角色', '状态', '创建时间']);
    expect(exportedRows.map((r) => r[0])).toContain('admin');

    await page.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('下载导入模板'));
    const sheet = await buildXlsx(
      ['用户名', '昵称', '手机号码', '角色', '初始密码'],
      [
        ['imported1', '导入用户', '13800138001', '操作员', 'init123'],
        ['imported2', '坏手机', '123', '操作员', 'init123'],
      ],
    );
    await dialog.getByLabel('选择 .xlsx 文件…').setInputFiles({
      name: 'accounts.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    // the failed rows come down by themselves when the job fails
    download = nextDownload(page);
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await visible(dialog.getByText('导入失败,失败列表已下载'));
    await visible(dialog.getByText('成功 1 条,失败 1 条'));
    await screenshot(page, 'import-failed');
    expect((await download).suggestedFilename()).toMatch(/^账号-导入失败数据-\d{14}\.xlsx$/);

    download = nextDownload(page);
    await dialog.getByRole('button', { name: '下载失败数据' }).click();
    const failures = await rowsOf(await download);
    expect(failures).toEqual([
      ['用户名', '昵称', '手机号码', '角色', '初始密码', '失败原因'],
      ['imported2', '坏手机', '123', '操作员', 'init123', '手机号码格式不对'],
    ]);

    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await absent(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: 'imported1', exact: true }));
    await page.context().close();
  });
});
