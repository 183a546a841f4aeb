// Starts WaterOps as `npm start` would (a child process on a free loopback port, a fresh data folder, the
// demo tenant) and Debian's Chromium through playwright-core, for the browser tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const freePort = (): Promise<number> =>
  new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void>; output: () => string };

/** Starts the gateway in role `all` with the demo tenant; resolves once /readyz answers 200. */
export const startServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waterops-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WATEROPS_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WaterOps exited with ${child.exitCode}:\n${log}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`WaterOps did not become ready in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop, output: () => log };
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A fresh browser context (own storage) with a desktop viewport and the given UI language. */
export const newContext = async (browser: Browser, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  // fail fast: a step that has not happened in 10 s will not happen
  context.setDefaultTimeout(10_000);
  return context;
};

/** Where failing tests leave a screenshot to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: join(ROOT, 'tests/e2e/screenshots', `${name}.png`), fullPage: false });
};
