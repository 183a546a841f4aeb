// The big screen as a wall lives with it (issue 18.7), in headless Chromium on the built app:
// 1. first paint and first figures of `#/bigScreen` opened with a display token (FCP; the first widget's "as of");
// 2. a soak: the scenes rotating (dwell 20 s) while a head-end raises and clears alarms at ten times the demo's rate,
//    compressed (an event every 1.5 s: an hour of a busy control room in a few minutes) — the page's main-thread
//    CPU share over the run (CDP Performance.getMetrics TaskDuration / wall time) and its JS heap growth
//    (after a forced GC, start → end; the goal is ≤ 50 MB);
// 3. cut/restore cycles: the network cut (Chromium offline) and restored N times, each time the banner must show
//    and leave, and an alarm raised during the cut must be on the screen once back — failures counted, the time from
//    restore to the alarm shown (p50 / p95 / max) recorded;
// 4. the initial JavaScript of the home page next to the sign-in shell's, as served (the build's precompressed
//    brotli files; Content-Length).
// Needs `npm run build` first; writes tests/bench/results/bigScreen.json. Relative figures on this machine: compare,
// never assert. BENCH_SCREEN_SOAK_MIN (default 10), BENCH_SCREEN_CYCLES (default 100) shorten a run.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT, signInOverHttp, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { machineLoad, percentile, printTable, round } from './benchStats.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/bigScreen.json');
// the harness's flags (tests/e2e/harness.ts; not imported: it registers vitest hooks)
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type BigScreenBenchSettings = { soakMinutes: number; cycles: number; eventEveryMs: number };
export const DEFAULT_BIG_SCREEN_SETTINGS: BigScreenBenchSettings = {
  soakMinutes: 10,
  cycles: 100,
  eventEveryMs: 1_500,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SUFFIX = Date.now().toString(36).toUpperCase();
const HUB = `BENCH-SCR-${SUFFIX}`;
const METERS = Array.from({ length: 40 }, (_, i) => `BENCH-SCRM${i}-${SUFFIX}`);
/** each cut raises the first alarm of a meter of its own: the newest on the message board, whatever the soak left */
const cutMeter = (i: number) => `BENCH-SCRC${i}-${SUFFIX}`;

export const benchBigScreen = async (settings: BigScreenBenchSettings = DEFAULT_BIG_SCREEN_SETTINGS) => {
  const server = await startGatewayProcess('bench-screen', { LIVE_AUTH_CHECK_MS: '15000' }, 180_000);
  let browser: Browser | undefined;
  try {
    const base = server.url;
    const admin = await signInOverHttp(base);
    const post = async <T>(path: string, body: unknown, auth: string): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { resp_code: number; datas: T };
      if (json.resp_code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json.datas;
    };
    const { key } = await post<{ key: string }>(
      '/api-workbench/ingest/keys/save',
      { name: `bench 大屏 ${SUFFIX}` },
      `bearer ${admin}`,
    );
    const device = `Device ${key}`;
    await post(
      '/api-workbench/ingest/archives',
      {
        concentrators: [{ code: HUB, areaName: '东四小区', reportRate: 15 }],
        meters: [...METERS, ...Array.from({ length: settings.cycles }, (_, i) => cutMeter(i))].map((meterCode) => ({
          meterCode,
          concentratorCode: HUB,
          areaName: '东四小区',
        })),
      },
      device,
    );
    const { token } = await post<{ token: string }>(
      '/api-user/displays/issue',
      { name: `bench ${SUFFIX}`, days: 30 },
      `bearer ${admin}`,
    );
    // an alarm raised (3.0 V) or cleared (3.6 V) on a meter, read now
    let reading = 1;
    const event = (meter: string, low: boolean) =>
      post(
        '/api-workbench/ingest/readings',
        {
          concentratorCode: HUB,
          readings: [
            {
              meterCode: meter,
              time: new Date().toISOString(),
              reading: reading++,
              voltage: low ? 3.0 : 3.6,
              csq: 25,
              rsrp: -88,
            },
          ],
        },
        device,
      );

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

    // 4. initial JavaScript: what a first visit downloads (compressed on the wire), the shell's sign-in page and the home page
    const jsBytes = async (path: string, signIn: boolean): Promise<number> => {
      const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
      // the app's stored token (settings.tokenName in local storage): the home page opens signed in
      if (signIn) await context.addInitScript((t) => localStorage.setItem('access_token', t), admin);
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', async (r) => {
        if (r.request().resourceType() !== 'script') return;
        const size = Number((await r.allHeaders())['content-length'] ?? (await r.body()).length);
        bytes += size;
      });
      await page.goto(`${base}/${path}`, { waitUntil: 'networkidle' });
      await context.close();
      return bytes;
    };
    const shellJs = await jsBytes('#/login', false);
    const homeJs = await jsBytes('#/index', true);

    // 1. first paint and first figures
    const wall = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page = await wall.newPage();
    const opened = Date.now();
    await page.goto(`${base}/#/bigScreen?display=${token}&dwell=20`);
    await page
      .getByText(/^数据截至/)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    const firstFiguresMs = Date.now() - opened;
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );

    // 2. the soak: CPU share and heap growth
    const cdp = await wall.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) as number;
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize / 1_048_576;
    };
    const heapStart = await heapMb();
    const taskStart = await taskSeconds();
    const soakStart = Date.now();
    let events = 0;
    const raised = new Set<string>();
    while (Date.now() - soakStart < settings.soakMinutes * 60_000) {
      const meter = METERS[events % METERS.length] as string;
      const low = !raised.has(meter);
      await event(meter, low);
      if (low) raised.add(meter);
      else raised.delete(meter);
      events++;
      await sleep(settings.eventEveryMs);
    }
    const cpuShare = (await taskSeconds()) - taskStart;
    const soakSec = (Date.now() - soakStart) / 1000;
    const heapEnd = await heapMb();

    // 3. cut / restore cycles
    const cycle = await cutCycles(wall, page, settings.cycles, async (i) => {
      await event(cutMeter(i), true);
      return cutMeter(i);
    });

    const result = {
      at: new Date().toISOString(),
      machine: machineLoad(),
      settings,
      initialJsKbServed: { shell: round(shellJs / 1024), home: round(homeJs / 1024) },
      firstContentfulPaintMs: round(fcpMs),
      firstFiguresMs,
      soak: {
        seconds: round(soakSec),
        events,
        mainThreadCpuShare: round((cpuShare / soakSec) * 1000) / 10,
        heapStartMb: round(heapStart),
        heapEndMb: round(heapEnd),
        heapGrowthMb: round(heapEnd - heapStart),
      },
      cycles: cycle,
    };
    printTable(
      ['big screen', 'figure'],
      [
        ['initial JS, sign-in shell (KB as served, brotli)', String(result.initialJsKbServed.shell)],
        ['initial JS, home page (KB as served, brotli)', String(result.initialJsKbServed.home)],
        ['first contentful paint (ms)', String(result.firstContentfulPaintMs)],
        ['first figures shown (ms)', String(firstFiguresMs)],
        [`soak: events over ${round(soakSec)} s`, String(events)],
        ['soak: main-thread CPU share (%)', String(result.soak.mainThreadCpuShare)],
        [
          'soak: JS heap growth after GC (MB)',
          `${result.soak.heapGrowthMb} (${result.soak.heapStartMb} → ${result.soak.heapEndMb})`,
        ],
        [`cut/restore cycles: failed of ${cycle.cycles}`, String(cycle.failed)],
        ['banner shown after the cut, p50 / max (ms)', `${cycle.bannerP50Ms} / ${cycle.bannerMaxMs}`],
        [
          'alarm raised during the cut shown after restore, p50 / p95 / max (ms)',
          `${cycle.recoverP50Ms} / ${cycle.recoverP95Ms} / ${cycle.recoverMaxMs}`,
        ],
      ],
    );
    await mkdir(dirname(RESULTS), { recursive: true });
    await writeFile(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
    await wall.close();
    return result;
  } finally {
    await browser?.close();
    await server.stop();
  }
};

/**
 * N cuts: offline, wait for the banner, raise an alarm upstream meanwhile, back online, wait until the banner has
 * left and the alarm's meter is in the live message board. A cycle that misses either within 30 s counts as failed.
 */
const cutCycles = async (wall: BrowserContext, page: Page, cycles: number, raise: (i: number) => Promise<string>) => {
  const banner = page.getByRole('alert').filter({ hasText: '连接已中断' });
  const until = async (check: () => Promise<boolean>, ms = 30_000) => {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if (await check()) return Date.now() - start;
      await sleep(50);
    }
    return null;
  };
  const bannerMs: number[] = [];
  const recoverMs: number[] = [];
  let failed = 0;
  // the overview scene holds the message board: stay on it
  await page.goto(page.url().replace(/dwell=\d+/, 'scenes=overview:3600'));
  await page
    .getByText(/^数据截至/)
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  for (let i = 0; i < cycles; i++) {
    await wall.setOffline(true);
    const shown = await until(async () => (await banner.count()) > 0);
    const meter = await raise(i);
    await sleep(500);
    await wall.setOffline(false);
    const back = await until(
      async () => (await banner.count()) === 0 && (await page.getByText(meter, { exact: true }).count()) > 0,
    );
    if (shown === null || back === null) {
      failed++;
      if (process.env.BENCH_SCREEN_DEBUG)
        console.log(
          `cycle ${i}: banner ${shown}, back ${back}, banner now ${await banner.count()}, meter ${await page.getByText(meter, { exact: true }).count()}`,
        );
    }
    if (shown !== null) bannerMs.push(shown);
    if (back !== null) recoverMs.push(back);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const b = sorted(bannerMs);
  const r = sorted(recoverMs);
  return {
    cycles,
    failed,
    bannerP50Ms: percentile(b, 50),
    bannerMaxMs: b.at(-1) ?? null,
    recoverP50Ms: percentile(r, 50),
    recoverP95Ms: percentile(r, 95),
    recoverMaxMs: r.at(-1) ?? null,
  };
};
