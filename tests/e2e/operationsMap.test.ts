// The operations map in the browser: a district with an outline made over the API, the map page (zh and en) drawing
// it with deck.gl over maplibre on the offline background — no request leaves the app — its name at high zoom, a
// click on it opening the detail panel, and an editor redrawing its outline (draw mode → dmadistrictposition).
// Screenshots go to tests/e2e/screenshots/operations-map-*.png.
import { type DistrictPosition, DMA_PATHS } from '@waterops/shared/dma';
import { MAP_CENTER_BD09 } from '@waterops/shared/geo';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC } from '../fixtures/credentials.ts';
import { startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { launchBrowser, newContext, type RunningServer, screenshot, signInAt, visible } from './harness.ts';
import type {} from './opsMapProbe.ts';

// own start-up (not useServerAndBrowser) only for a longer readiness wait: the map test runs beside the heavy suites
let server: RunningServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startGatewayProcess(
    'e2e-map',
    process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {},
    180_000,
  );
  browser = await launchBrowser();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
const env = { server: () => server as RunningServer, browser: () => browser as Browser };
const NAME = `地图测试分区${Date.now().toString(36).slice(-4)}`;
const [cx, cy] = MAP_CENTER_BD09;
// a ~1.7 km × 1.3 km square around the map centre, stored BD-09
const OUTLINE: [number, number][] = [
  [cx - 0.01, cy - 0.006],
  [cx + 0.01, cy - 0.006],
  [cx + 0.01, cy + 0.006],
  [cx - 0.01, cy + 0.006],
];

const adminToken = async (): Promise<string> => {
  const res = await fetch(`${env.server().url}/api-uaa/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'admin123' }).toString(),
  });
  return `bearer ${((await res.json()) as { datas: { access_token: string } }).datas.access_token}`;
};

const call = async (path: string, auth: string, body?: unknown): Promise<unknown> => {
  const res = await fetch(`${env.server().url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { resp_code: number; datas: unknown };
  expect(json.resp_code, JSON.stringify(json)).toBe(0);
  return json.datas;
};

/** Opens the map and waits until deck.gl has drawn the test district. */
const openMap = async (page: Page): Promise<void> => {
  await page.goto(`${env.server().url}/#/dma/map`);
  await page.waitForFunction(
    (name) =>
      !!window.__opsMap?.map &&
      window.__opsMap.afterRenders > 0 &&
      window.__opsMap.layerIds.includes('districts') &&
      window.__opsMap.districts.some((d) => d.name === name),
    NAME,
    { timeout: 20_000 },
  );
};

/** Zooms to the district (its name shows from zoom 13) and answers its label's position on the page. */
const focusDistrict = async (page: Page, zoom = 14): Promise<{ x: number; y: number }> => {
  const at = await page.evaluate(
    ({ name, zoom }) => {
      const probe = window.__opsMap;
      const d = probe?.districts.find((x) => x.name === name);
      if (!probe?.map || !d?.centre) throw new Error('no district');
      const renders = probe.afterRenders;
      probe.map.jumpTo({ center: d.centre, zoom });
      const p = probe.map.project(d.centre);
      const box = probe.map.getCanvas().getBoundingClientRect();
      return { x: box.left + p.x, y: box.top + p.y, renders };
    },
    { name: NAME, zoom },
  );
  await page.waitForFunction(() => window.__opsMap?.layerIds.includes('district-names'));
  // deck.gl draws the new view (it renders on change only), then a moment for the label atlas
  await page.waitForFunction((n) => (window.__opsMap?.afterRenders ?? 0) > n, at.renders);
  await page.waitForTimeout(500);
  return at;
};

describe('the operations map', () => {
  it('draws a district offline, opens its panel on click and saves a redrawn outline (zh)', async () => {
    const auth = await adminToken();
    await call(DMA_PATHS.districtSave, auth, { districtName: NAME, kind: 1, polygon: OUTLINE });
    const context = await newContext(env.browser(), 'zh-CN');
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(env.server().url) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
    });
    await signInAt(page, env.server().url, 'admin', 'admin123');
    await openMap(page);
    await visible(page.getByRole('region', { name: '图例' }));
    const at = await focusDistrict(page);
    await screenshot(page, 'operations-map-zh');

    await page.mouse.click(at.x, at.y);
    const panel = page.locator('.wo-opsmap-detail');
    await visible(panel.getByRole('heading', { name: NAME }));
    await visible(panel.getByText('产销差率'));
    await visible(panel.getByRole('link', { name: '夜间流量分析' }));
    await screenshot(page, 'operations-map-zh-panel');
    await panel.getByRole('button', { name: '关闭' }).click();

    // the night-flow colouring switches the legend
    await page.locator('.wo-opsmap-toolbar').getByText('夜间流量', { exact: true }).click();
    await visible(page.getByText('疑似漏损'));

    // draw mode: pick the district, click three corners around its centre, finish
    await page.getByRole('button', { name: '绘制边界' }).click();
    await visible(page.getByText('请点击要绘制边界的分区'));
    await page.mouse.click(at.x, at.y);
    await visible(page.getByText(new RegExp(`正在绘制「${NAME}」的边界`)));
    await page.mouse.click(at.x - 120, at.y - 80);
    await page.mouse.click(at.x + 120, at.y - 80);
    await page.mouse.click(at.x + 120, at.y + 80);
    await page.mouse.click(at.x - 120, at.y + 80);
    await visible(page.getByText('已选 4 个顶点'));
    await screenshot(page, 'operations-map-zh-draw');
    await page.getByRole('button', { name: '完成' }).click();
    await visible(page.getByText('分区边界已保存'));
    const outlines = (await call(DMA_PATHS.districtPosition, auth)) as DistrictPosition[];
    const saved = outlines.find((d) => d.districtName === NAME)?.polygon ?? [];
    // four corners, closed by the client (or the server); stored BD-09 near the centre again
    expect(saved.length).toBeGreaterThanOrEqual(4);
    for (const [lng, lat] of saved) {
      expect(Math.abs(lng - cx)).toBeLessThan(0.02);
      expect(Math.abs(lat - cy)).toBeLessThan(0.02);
    }

    expect(outside, 'requests outside the app').toEqual([]);
    await context.close();
  });

  it('reads in English: legend, layers and the district panel', async () => {
    const context = await newContext(env.browser(), 'en');
    const page = await context.newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');
    await openMap(page);
    await visible(page.getByRole('region', { name: 'Legend' }));
    await visible(page.getByText('Non-revenue water').first());
    await visible(page.getByRole('checkbox', { name: 'Pipes' }));
    const at = await focusDistrict(page);
    await page.mouse.click(at.x, at.y);
    const panel = page.locator('.wo-opsmap-detail');
    await visible(panel.getByRole('heading', { name: NAME }));
    await visible(panel.getByText('Member meters'));
    await screenshot(page, 'operations-map-en');
    await context.close();
  });
});
