// Issue 7's story in the browser. A small simulated city backfills 90 days through the ingestion API without its
// districts; one of its districts has a sudden leak the simulator planned (tests/fixtures/leakStory.ts). The
// administrator creates that district on the districts page (name, inlet and outlet meters, member areas), imports
// its outline, opens its night flow and runs the analysis: the nightline shows the step, with its probable start
// day (within two days of the simulator's leak) and the volume lost; the night-flow alarm is in the alarm console;
// the production–sales difference page has the district's month; the operations map draws it coloured, with its
// panel on click. Then issue 19's engineer: a district fed by one district flow meter (a bulk meter, no residential
// area), a year of its 5-minute SCADA export (`;`, decimal commas, a column named by the meter's tag) imported on
// the night-flow page, and the three planted leaks read back as events: a repaired step, an incipient leak found
// before half its size and a step on top of it. Screenshots go to tests/e2e/screenshots/dma-story-*.png.
import { DEVICE_PATHS } from '@waterops/shared/device';
import { type District, DMA_PATHS, type NightFlowSeries } from '@waterops/shared/dma';
import { addDays, chinaDay } from '@waterops/shared/reading';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../gateway/src/simulator/simulator.ts';
import { CLIENT_BASIC } from '../fixtures/credentials.ts';
import { startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { pickLeakStory } from '../fixtures/leakStory.ts';
import { type ScadaLeak, scadaYearCsv } from '../fixtures/scadaYear.ts';
import { launchBrowser, newContext, type RunningServer, screenshot, signInAt, visible } from './harness.ts';
import type {} from './opsMapProbe.ts';

const DAY = 86_400_000;
const METERS = 300;
const HISTORY_DAYS = 90;
const at = new Date();
const story = pickLeakStory({ at, meters: METERS, historyDays: HISTORY_DAYS });
const plan = story.plan;
const planned = plan.districts[story.district] as (typeof plan.districts)[number];
const NAME = `E2E漏损分区${Date.now().toString(36).slice(-4)}`;
const meterCodes = (indexes: number[]) => indexes.map((m) => plan.meters.code[m] as string);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let auth = '';

const adminToken = async (): Promise<string> => {
  const res = await fetch(`${server?.url}/api-uaa/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'admin123' }).toString(),
  });
  return `bearer ${((await res.json()) as { datas: { access_token: string } }).datas.access_token}`;
};

const call = async <T>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server?.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { resp_code?: number; code?: number; datas?: T; data?: T };
  expect(json.resp_code ?? json.code, `${path}: ${JSON.stringify(json).slice(0, 300)}`).toBe(0);
  return (json.datas ?? json.data) as T;
};

// own start-up: the simulator's backfill runs in this process against the gateway's public ingestion API
beforeAll(async () => {
  server = await startGatewayProcess('e2e-dma', {}, 180_000);
  browser = await launchBrowser();
  auth = await adminToken();
  const { key } = await call<{ key: string }>('/api-workbench/ingest/keys/save', { name: `e2e 分区 ${NAME}` });
  const sim = startSimulator({
    baseUrl: server.url,
    key,
    seed: story.seed,
    meters: METERS,
    historyDays: HISTORY_DAYS,
    now: () => at,
    realtime: false,
    registerDistricts: false,
  });
  await sim.ready;
  await sim.stop();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const view = (page: Page) => page.locator('section.wo-view:not([hidden])');

/** Picks `text` in a remote multi-select labelled `label` (search needs three characters). */
const pick = async (page: Page, label: string, text: string) => {
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  await page.getByRole('listbox', { name: label }).getByText(text, { exact: true }).first().click();
  await page.keyboard.press('Escape').catch(() => undefined);
};

describe('district metering, end to end', () => {
  it('creates the district, finds the simulated leak in its nightline, raises its alarm and maps it (zh)', async () => {
    const context = await newContext(browser as Browser, 'zh-CN');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, (server as RunningServer).url, 'admin', 'admin123');

    // 1. the district: name, inlet and outlet meters, member areas
    await page.goto(`${server?.url}/#/dma/district`);
    await view(page).getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('分区名称').fill(NAME);
    for (const code of meterCodes(planned.inlets)) await pick(page, '进水表', code);
    for (const code of meterCodes(planned.outlets)) await pick(page, '出水表', code);
    for (const area of planned.areas) await pick(page, '成员小区', plan.areas[area]?.name as string);
    await screenshot(page, 'dma-story-district-form');
    await dialog.getByRole('button', { name: '确定' }).click();
    await visible(page.getByText('保存成功'));
    await visible(view(page).getByRole('cell', { name: NAME, exact: true }));
    await screenshot(page, 'dma-story-districts');

    // 2. its outline, imported as BD-09 "lng,lat" lines (the only district: the simulator registered none)
    await view(page).getByRole('button', { name: '导入边界' }).click();
    const outline = page.getByRole('dialog');
    await outline.getByLabel('坐标系').selectOption('BD-09');
    await outline.getByLabel('粘贴内容').fill(planned.polygon.map(([lng, lat]) => `${lng},${lat}`).join('\n'));
    await visible(outline.getByText(/共 \d+ 个点/));
    await outline.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('边界已保存'));

    const districts = await call<District[]>(`${DMA_PATHS.districts}?districtName=${encodeURIComponent(NAME)}`);
    const district = districts.find((d) => d.districtName === NAME) as District;
    expect(district.meters.filter((m) => m.role === 1).map((m) => m.meterCode)).toEqual(
      expect.arrayContaining(meterCodes(planned.inlets)),
    );
    expect(district.areas).toHaveLength(planned.areas.length);
    expect(district.polygon?.length).toBeGreaterThanOrEqual(planned.polygon.length);

    // 3. its night flow: run the analysis, the step with its start day and volume
    await page.goto(`${server?.url}/#/dma/nightFlow?districtId=${district.id}`);
    await view(page).getByRole('button', { name: '重新分析' }).click();
    await visible(page.getByText(/分析完成/));
    const events = view(page).getByRole('table', { name: '漏损事件' });
    await visible(events.getByText('突增'));
    const series = await call<NightFlowSeries>(
      `${DMA_PATHS.nightFlow}?districtId=${district.id}&from=${chinaDay(new Date(at.getTime() - 89 * DAY))}&to=${chinaDay(at)}`,
    );
    const step = series.events.find((e) => e.kind === 'step' && e.status === 'open');
    expect(step, JSON.stringify(series.events)).toBeDefined();
    const leakDay = Date.parse(chinaDay(new Date(story.leak.start)));
    expect(Math.abs(Date.parse(step?.startDay as string) - leakDay) / DAY).toBeLessThanOrEqual(2);
    expect(step?.volume).toBeGreaterThan(0);
    await visible(events.getByText(step?.startDay as string).first());
    await screenshot(page, 'dma-story-night-flow');

    // 4. the alarm console lists the district's night-flow alarm
    // (the backfilled city raises many alarms: filter by type; flood mode's grouped view back to the list)
    await page.goto(`${server?.url}/#/monitoring/alarms`);
    await page.locator('#alarm-filter-type').selectOption({ label: '夜间流量' });
    const alarm = page.getByRole('table', { name: '告警控制台' }).getByRole('row', { name: new RegExp(NAME) });
    const listView = page.getByRole('button', { name: '列表视图' });
    await expect
      .poll(async () => (await alarm.count()) + (await listView.count()), { timeout: 30_000 })
      .toBeGreaterThan(0);
    if (await listView.count()) await listView.click();
    await visible(alarm);
    await screenshot(page, 'dma-story-alarm');

    // 5. the production–sales difference page: the last full month of the district
    await page.goto(`${server?.url}/#/dma/waterBalance`);
    const balanceRow = view(page).getByRole('row', { name: new RegExp(NAME) });
    await visible(balanceRow);
    await balanceRow.getByText(NAME).click();
    const drawer = page.locator('.bp6-drawer');
    await visible(drawer.getByText('计费覆盖率'));
    await visible(drawer.getByText('每日供水量与售水量'));
    await screenshot(page, 'dma-story-balance');
    await page.keyboard.press('Escape');

    // 6. the operations map draws it; a click opens its panel
    await page.goto(`${server?.url}/#/dma/map`);
    await page.waitForFunction(
      (name) =>
        !!window.__opsMap?.map &&
        window.__opsMap.afterRenders > 0 &&
        window.__opsMap.districts.some((d) => d.name === name && d.centre),
      NAME,
      { timeout: 30_000 },
    );
    const spot = await page.evaluate((name) => {
      const probe = window.__opsMap;
      const d = probe?.districts.find((x) => x.name === name);
      if (!probe?.map || !d?.centre) throw new Error('no district');
      const renders = probe.afterRenders;
      probe.map.jumpTo({ center: d.centre, zoom: 14 });
      const p = probe.map.project(d.centre);
      const box = probe.map.getCanvas().getBoundingClientRect();
      return { x: box.left + p.x, y: box.top + p.y, renders };
    }, NAME);
    await page.waitForFunction((n) => (window.__opsMap?.afterRenders ?? 0) > n, spot.renders);
    await page.waitForTimeout(800);
    await screenshot(page, 'dma-story-map');
    await page.mouse.click(spot.x, spot.y);
    await visible(page.locator('.wo-opsmap-detail').getByRole('heading', { name: NAME }));
    await screenshot(page, 'dma-story-map-panel');
    await context.close();
  });

  it('reads the night flow in English', async () => {
    const context = await newContext(browser as Browser, 'en');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, (server as RunningServer).url, 'admin', 'admin123');
    const district = (await call<District[]>(`${DMA_PATHS.districts}?districtName=${encodeURIComponent(NAME)}`))[0];
    await page.goto(`${server?.url}/#/dma/nightFlow?districtId=${district?.id}`);
    await visible(view(page).getByRole('table', { name: 'Leak events' }).getByText('Step'));
    await screenshot(page, 'dma-story-night-flow-en');
    await context.close();
  });

  it('imports a year of a district meter’s SCADA export and reads its three leaks as events (zh)', async () => {
    // the year ends on a Saturday, so its weekends and the seeded noise fall the same way whatever day this runs
    const yesterday = chinaDay(new Date(Date.now() - DAY));
    const to = addDays(yesterday, -((new Date(`${yesterday}T00:00:00Z`).getUTCDay() + 1) % 7));
    const from = addDays(to, -364);
    const [repaired, incipient, onTop] = [
      { start: addDays(to, -200), end: addDays(to, -150), m3h: 12, rampDays: 0 },
      { start: addDays(to, -90), end: null, m3h: 15, rampDays: 30 },
      { start: addDays(to, -40), end: null, m3h: 9, rampDays: 0 },
    ] as [ScadaLeak, ScadaLeak, ScadaLeak];
    const csv = scadaYearCsv({ tag: 'FIT-101', from, to, nightFlow: 60, leaks: [repaired, incipient, onTop], seed: 1 });

    // the district flow meter needs no residential area; it is the district's only inlet
    const suffix = Date.now().toString(36).slice(-5);
    const meter = await call<{ id: number; meterCode: string }>(DEVICE_PATHS.meterSave, {
      meterCode: `DM${suffix}`,
      meterKind: 'district',
      areaId: null,
    });
    const districtName = `E2E整年分区${suffix}`;
    const saved = await call<{ id: number }>(DMA_PATHS.districtSave, { districtName, inletMeterIds: [meter.id] });

    const context = await newContext(browser as Browser, 'zh-CN');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, (server as RunningServer).url, 'admin', 'admin123');
    await page.goto(`${server?.url}/#/dma/nightFlow?districtId=${saved.id}`);
    await view(page).getByRole('button', { name: '导入进水流量' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'FIT-101_5min.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    // the preview reads the SCADA layout; the tag's column is mapped to the meter
    await dialog.getByLabel('列 FIT-101 的水表').selectOption({ label: `${meter.meterCode}（进水）` });
    expect(await dialog.getByLabel('时区').inputValue()).toBe('Asia/Shanghai');
    await screenshot(page, 'dma-story-year-import');
    await dialog.getByRole('button', { name: '导入', exact: true }).click();
    await dialog.getByText(`已导入 ${365 * 288} 条`).waitFor({ state: 'visible', timeout: 150_000 });
    await visible(dialog.getByText('采样间隔：5 分钟'));
    await screenshot(page, 'dma-story-year-imported');
    await dialog.getByRole('button', { name: '关闭' }).click();

    // the year on the page: its events, each with its start day and when it was first seen
    const start = view(page).getByRole('textbox', { name: '开始时间' });
    await start.click();
    await start.fill(addDays(chinaDay(new Date()), -365));
    await start.press('Enter');
    await page.keyboard.press('Escape');
    const events = view(page).getByRole('table', { name: '漏损事件' });
    await visible(events.getByText(repaired.start));
    await visible(events.getByText('已修复').first());
    await screenshot(page, 'dma-story-year-events');

    const series = await call<NightFlowSeries>(
      `${DMA_PATHS.nightFlow}?districtId=${saved.id}&from=${addDays(chinaDay(new Date()), -365)}&to=${chinaDay(new Date())}`,
    );
    const days = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / DAY;
    const near = (leak: ScadaLeak, slack: number) =>
      series.events.find((e) => e.status !== 'notConfirmed' && Math.abs(days(e.startDay, leak.start)) <= slack);
    const shown = JSON.stringify(series.events);
    // a step of 20 % of the night flow: dated to the day, closed at its repair
    const step = near(repaired, 1);
    expect(step, shown).toMatchObject({ kind: 'step', status: 'repaired' });
    expect(Math.abs(days(step?.repairedDay as string, repaired.end as string)), shown).toBeLessThanOrEqual(2);
    // a leak growing to 25 % over a month: found before it reached half its size
    const growing = near(incipient, 7);
    expect(growing?.status, shown).toBe('open');
    expect(days(growing?.detectedDay as string, incipient.start), shown).toBeLessThan(incipient.rampDays / 2);
    // a second leak while the first is open is an event of its own
    const second = near(onTop, 1);
    expect(second, shown).toMatchObject({ kind: 'step', status: 'open' });
    expect(second?.id).not.toBe(growing?.id);
    for (const e of series.events) expect(Date.parse(e.firstDetectedAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    await context.close();
  }, 240_000);
});
