// Starts WaterOps as `npm start` would (a child process on a free loopback port, a fresh data folder, the
// demo tenant) and Debian's Chromium through playwright-core, for the browser tests.
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type GatewayProcess, REPO_ROOT, startGatewayProcess } from '../fixtures/gatewayProcess.ts';

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

export type RunningServer = GatewayProcess;

/** Starts WaterOps in role `all` with the demo tenant, as `npm start` does. */
export const startServer = (env: Record<string, string> = {}): Promise<RunningServer> =>
  startGatewayProcess('e2e', env, 60_000);

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A fresh browser context (own storage) with a desktop viewport and the given UI language. */
export const newContext = async (browser: Browser, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<BrowserContext> => {
  // reduced motion: menu groups open at once, so a click never lands on an entry still sliding into place
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, reducedMotion: 'reduce' });
  // fail fast, but not on a loaded 2-core CI machine: a step that has not happened in 20 s will not happen (a remote
  // search or a first sign-in of a fresh tenant has passed 10 s there)
  context.setDefaultTimeout(20_000);
  return context;
};

/** Where failing tests leave a screenshot to look at. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: join(REPO_ROOT, 'tests/e2e/screenshots', `${name}.png`), fullPage: false });
};

/** The side menu (its accessible name in either language). */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ });

/**
 * Clicks a page in the side menu, opening its group first when it sits in a closed one (the menu keeps one
 * group open at a time).
 */
export const openFromMainMenu = async (page: Page, name: string): Promise<void> => {
  const link = mainMenu(page).getByRole('link', { name, exact: false }).first();
  // the menu renders after the user's menus arrive: wait for it before deciding whether a group must open
  await mainMenu(page).getByRole('link').first().waitFor({ state: 'visible' });
  if (!(await link.isVisible())) {
    // names taken once: opening a group removes it from the closed ones, so walking them by index would skip one
    const closed = mainMenu(page).locator('button[aria-expanded="false"]');
    const names = (await closed.allTextContents()).map((text) => text.trim());
    for (const groupName of names) {
      if (await link.isVisible()) break;
      await mainMenu(page)
        .locator('button[aria-expanded="false"]', { hasText: groupName })
        .first()
        .click()
        .catch(() => undefined);
      await link.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
    }
  }
  await link.click();
};

/** Starts one server and one browser for a test file (beforeAll) and stops them after it (afterAll). */
export const useServerAndBrowser = (env: Record<string, string> = {}) => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server!, browser: () => browser! };
};

/** Waits until the locator shows (vitest has no web-first assertions; playwright's waitFor is the same idea). */
export const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
/** Waits until nothing matches the locator. */
export const absent = (locator: Locator) => expect.poll(() => locator.count()).toBe(0);

/** Fills in and submits the sign-in form on the current page (labels in either language). */
export const submitSignIn = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByLabel(/^\s*(用户名|User name)\s*$/).fill(username);
  await page.getByLabel(/^\s*(密码|Password)\s*$/).fill(password);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
};

/**
 * Waits for the home page after a sign-in; when it does not come, fails with where the page is and what it says
 * (a sign-in refusal, a field's rule, a toast), not only with the timeout.
 */
export const waitForHome = async (page: Page): Promise<void> => {
  try {
    await page.waitForURL(/#\/index$/);
  } catch (error) {
    const shown = await page
      .locator('.bp6-callout, .bp6-toast, .bp6-form-helper-text, [role="alert"]')
      .allTextContents()
      .catch(() => []);
    await screenshot(page, 'no-home-page').catch(() => undefined);
    throw new Error(`no home page: at ${page.url()}, showing ${JSON.stringify(shown)}`, { cause: error });
  }
};

/** Opens the sign-in page of the server at `baseUrl`, signs in and waits for the home page. */
export const signInAt = async (page: Page, baseUrl: string, username: string, password: string): Promise<void> => {
  await page.goto(`${baseUrl}/#/login`);
  await submitSignIn(page, username, password);
  await waitForHome(page);
};

/** The page on show: visited pages stay mounted (hidden) in the tags bar's cache, each with its own buttons. */
export const activeView = (page: Page): Locator => page.locator('section.wo-view:not([hidden])');
