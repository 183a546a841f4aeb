// The operations map's frame times (issue 7): headless Chromium (SwiftShader WebGL) opens the built app's map page
// with synthetic meters (?bench=<n>&layer=…, honoured only under automation) and pans it programmatically for N
// frames, recording requestAnimationFrame deltas (p50 / p95 / max, frames over 1.5 × 16.7 ms counted as dropped).
// Each size runs OUR layers (districts, cells below zoom 14, binary points from 14 on) next to a BARE deck.gl
// ScatterplotLayer of the same binary points, at zoom 12 (city; ours draws cells) and zoom 16 (street; ours draws
// points). SwiftShader renders on the CPU, so the figures are relative: compare columns, never assert a time.
// Needs `npm run build` first (or WEB_DIST_DIR); writes tests/bench/results/map.json.
// BENCH_MAP_FRAMES sets the frames per case (default 120), BENCH_MAP_SCALE shrinks the meter counts (0.1 = a tenth).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type {} from '../e2e/opsMapProbe.ts';
import { REPO_ROOT, startGatewayProcess } from '../fixtures/gatewayProcess.ts';
import { machineLoad, percentile, printTable, round } from './benchStats.ts';

const RESULTS = join(REPO_ROOT, 'tests/bench/results/map.json');
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
const FRAME_BUDGET_MS = 1000 / 60;

// Runs in the page. A string, not a function: tsx would wrap a function's inner arrows in its __name helper, which
// does not exist in the page.
const PAN_LOOP = `async (zoom, frames) => {
  const map = window.__opsMap && window.__opsMap.map;
  if (!map) throw new Error('no map');
  map.jumpTo({ zoom });
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  // let the new zoom's layers build (cells are aggregated once per integer zoom) before timing
  for (let i = 0; i < 10; i++) await frame();
  const c = map.getCenter();
  // pan on a small loop (about a screen width at zoom 12, scaled with the zoom) so the data stays in view
  const r = 0.02 * Math.pow(2, 12 - zoom);
  const out = [];
  let last = await frame();
  for (let i = 0; i < frames; i++) {
    map.jumpTo({ center: [c.lng + r * Math.sin(i / 15), c.lat + r * 0.6 * Math.cos(i / 15)] });
    const now = await frame();
    out.push(now - last);
    last = now;
  }
  return out;
}`;

export type MapBenchSettings = { counts: number[]; frames: number; zooms: number[] };
export const DEFAULT_MAP_SETTINGS: MapBenchSettings = { counts: [100_000, 1_000_000], frames: 120, zooms: [12, 16] };

export type MapCase = {
  meters: number;
  layer: 'ours' | 'bare';
  zoom: number;
  /** converting the columns BD-09 → WGS-84 (ms) */
  convertMs: number;
  /** from navigation to the first frame with the meters drawn (ms) */
  firstFrameMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** share of frames over 1.5 × the 60 Hz budget */
  droppedShare: number;
  fps: number;
};

const signIn = async (page: Page, url: string) => {
  await page.goto(`${url}/#/login`);
  await page.getByLabel(/^\s*(用户名|User name)\s*$/).fill('admin');
  await page.getByLabel(/^\s*(密码|Password)\s*$/).fill('admin123');
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
  await page.waitForURL(/#\/index$/, { timeout: 60_000 });
};

const measure = async (
  page: Page,
  url: string,
  meters: number,
  layer: 'ours' | 'bare',
  zoom: number,
  frames: number,
): Promise<MapCase> => {
  {
    const started = Date.now();
    // about:blank first: it stops the last case's (slow) frames and gives this case a fresh app (the shell keeps
    // visited pages mounted); the sign-in is kept by the tab's storage
    await page.goto('about:blank', { timeout: 120_000 });
    await page.goto(`${url}/#/dma/map?bench=${meters}&layer=${layer}`, { timeout: 120_000 });
    await page.waitForFunction(
      (n) => !!window.__opsMap?.map && window.__opsMap.meters === n && window.__opsMap.afterRenders > 0,
      meters,
      { timeout: 300_000, polling: 100 },
    );
    const firstFrameMs = Date.now() - started;
    const deltas = (await page.evaluate(`(${PAN_LOOP})(${zoom}, ${frames})`)) as number[];
    const convertMs = await page.evaluate(() => window.__opsMap?.convertMs ?? Number.NaN);
    const sorted = [...deltas].sort((a, b) => a - b);
    const total = deltas.reduce((a, b) => a + b, 0);
    return {
      meters,
      layer,
      zoom,
      convertMs: round(convertMs),
      firstFrameMs,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
      droppedShare: Math.round((deltas.filter((d) => d > 1.5 * FRAME_BUDGET_MS).length / deltas.length) * 1000) / 1000,
      fps: Math.round((deltas.length * 1000 * 10) / total) / 10,
    };
  }
};

export async function benchMap(settings: MapBenchSettings = DEFAULT_MAP_SETTINGS): Promise<MapCase[]> {
  const load = machineLoad();
  console.log(
    `\nmap: ${settings.frames} panned frames per case, meters ${settings.counts.join(' / ')}, zooms ${settings.zooms.join(' / ')} (load ${load.loadAverage.join(' ')}, ${load.cores} cores)`,
  );
  const server = await startGatewayProcess(
    'bench-map',
    process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {},
    120_000,
  );
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const cases: MapCase[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server.url);
    for (const meters of settings.counts)
      for (const zoom of settings.zooms)
        for (const layer of ['ours', 'bare'] as const) {
          const c = await measure(page, server.url, meters, layer, zoom, settings.frames);
          console.log(`  ${meters} ${layer} z${zoom}: p50 ${c.p50Ms} ms, p95 ${c.p95Ms} ms`);
          cases.push(c);
        }
  } finally {
    await browser.close();
    await server.stop();
  }
  printTable(
    ['case', 'p50 ms', 'p95 ms', 'max ms', 'dropped', 'fps', 'convert ms', 'first frame ms'],
    cases.map((c) => [
      `${c.meters.toLocaleString('en')} meters z${c.zoom} ${c.layer}`,
      String(c.p50Ms),
      String(c.p95Ms),
      String(c.maxMs),
      `${Math.round(c.droppedShare * 100)}%`,
      String(c.fps),
      String(c.convertMs),
      String(c.firstFrameMs),
    ]),
  );
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(
    RESULTS,
    `${JSON.stringify({ at: new Date().toISOString(), machine: load, settings, cases }, null, 2)}\n`,
  );
  return cases;
}
