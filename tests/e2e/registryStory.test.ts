// Issue 4's story in the browser: the administrator imports a sheet of meters where some rows are bad and gets back
// exactly the failed rows with their reasons; narrows the meter list to the imported batch and exports what the
// filters show; opens a meter and walks to its collector, its concentrator and back to its area. (The 10,000-row
// import is tests/integration/meterImport.test.ts; binding, taking off and rebinding with the history is
// residents.test.ts; the meter selector after 3 characters is meters.test.ts.)
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildXlsx, readXlsx } from '../fixtures/sheets.ts';
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
const STAMP = Date.now().toString(36).toUpperCase();
const BATCH = `ST${STAMP}`;
const HUB = `JZQ${STAMP}`;
const READER = `CJQ${STAMP}`;

const rowsOf = async (download: Download) =>
  Object.values(await readXlsx(await readFile(await download.path())))[0] ?? [];
const nextDownload = (page: Page) => page.waitForEvent('download', { timeout: 60_000 });

/** A concentrator and a wired collector under it in 和平里小区, through the API with the page's token. */
const createHubAndReader = (page: Page) =>
  page.evaluate(
    async ({ hub, reader }) => {
      const headers = {
        'content-type': 'application/json',
        authorization: `bearer ${localStorage.getItem('access_token') ?? ''}`,
      };
      const areas = await (await fetch('/api-workbench/data/area/findList?page=1&limit=999', { headers })).json();
      const areaId = (areas.data as { id: number; areaName: string }[]).find((a) => a.areaName === '和平里小区')?.id;
      const post = async (url: string, body: object) =>
        (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).json();
      const c = await post('/api-workbench/device/concentrator/save', { concentratorCode: hub, areaId });
      const k = await post('/api-workbench/device/collector', {
        collectorCode: reader,
        linkKind: 1,
        concentratorId: c.datas?.id,
        areaId,
      });
      return [c.resp_code, k.resp_code, `${c.resp_msg} / ${k.resp_msg}`] as const;
    },
    { hub: HUB, reader: READER },
  );

describe('the registry', () => {
  it('imports meters with bad rows, exports the filtered list and walks from a meter to its devices and area', async () => {
    const page = await (await newContext(env.browser(), 'zh-CN')).newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');
    const [hubCode, readerCode, message] = await createHubAndReader(page);
    expect([hubCode, readerCode], message).toEqual([0, 0]);

    await openFromMainMenu(page, '水表管理');
    await page.waitForURL(/#\/device\/meter$/);
    await visible(activeView(page).getByRole('heading', { name: '水表管理' }));
    await activeView(page).getByRole('button', { name: '导入' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('下载导入模板'));
    const good = Array.from({ length: 12 }, (_, i) => [
      `${BATCH}${String(i).padStart(3, '0')}`,
      READER,
      HUB,
      '和平里小区',
      10 + i,
    ]);
    const bad = [
      [`${BATCH}000`, READER, HUB, '和平里小区', 1], // the body code again
      [`${BATCH}900`, 'NO-SUCH-READER', HUB, '和平里小区', 1],
      [`${BATCH}901`, READER, HUB, '和平里小区', 'abc'],
    ];
    const sheet = await buildXlsx(['表身号', '采集器', '集中器', '小区', '底数'], [...good, ...bad]);
    await dialog.getByLabel('选择 .xlsx 文件…').setInputFiles({
      name: 'meters.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    let download = nextDownload(page);
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await visible(dialog.getByText('成功 12 条,失败 3 条'));
    await screenshot(page, 'story-meter-import');
    await download;
    download = nextDownload(page);
    await dialog.getByRole('button', { name: '下载失败数据' }).click();
    const failures = await rowsOf(await download);
    // exactly the bad rows, each with its reason in the last column
    expect(failures.slice(1).map((r) => r[0])).toEqual([`${BATCH}000`, `${BATCH}900`, `${BATCH}901`]);
    expect(failures.slice(1).every((r) => (r.at(-1) ?? '').length > 0)).toBe(true);
    expect(failures[0]?.at(-1)).toBe('失败原因');
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await absent(page.getByRole('dialog'));

    // the list narrowed to the batch, then exported: the file holds what the filters show
    await activeView(page).getByLabel('表身号前缀').fill(BATCH);
    await activeView(page).getByRole('button', { name: '查询' }).click();
    await visible(activeView(page).getByText('共 12 条'));
    download = nextDownload(page);
    await activeView(page).getByRole('button', { name: '导出' }).click();
    const exported = await rowsOf(await download);
    expect(exported[0]?.[0]).toBe('表身号');
    expect(
      exported
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(good.map((r) => r[0]).sort());

    // a meter's drawer, then its collector's, its concentrator's, and the area
    await activeView(page)
      .getByRole('button', { name: `${BATCH}005` })
      .click();
    const drawer = page.locator('.wo-detail-drawer');
    await visible(drawer.getByRole('heading', { name: `${BATCH}005` }));
    await screenshot(page, 'story-meter-drawer');
    await drawer.getByRole('button', { name: READER }).click();
    await visible(drawer.getByText(`${BATCH}005`));
    expect(page.url()).toMatch(/detail=collector%3A\d+/);
    await drawer.getByRole('button', { name: HUB }).first().click();
    expect(page.url()).toMatch(/detail=concentrator%3A\d+/);
    await visible(drawer.getByRole('button', { name: READER }));
    await drawer.getByRole('button', { name: '和平里小区' }).first().click();
    await visible(drawer.getByText('东城片区'));
    expect(page.url()).toMatch(/detail=area%3A\d+/);
    await screenshot(page, 'story-area-drawer');
    // back walks the same way
    await page.goBack();
    expect(page.url()).toMatch(/detail=concentrator%3A\d+/);
    await page.context().close();
  });
});
