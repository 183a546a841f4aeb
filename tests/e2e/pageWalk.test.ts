// A new user's walk through every page (issue 16): the administrator opens every page of the menu the server gives
// them, in Chinese and in English, and looks at each at 1440, 1920, 900 and 390 px. A page fails the walk on a
// console error or an uncaught exception, a request answered 400 or more, a raw message key on screen (a missing
// translation shows its key), or a page wider than the window (a horizontal scroll bar of the whole page).
// WALK_SCREENSHOTS=1 keeps a screenshot of every page at every width in tests/e2e/screenshots/walk/ to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type MenuEntry, USER_PATHS } from '@waterops/shared/user';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, signInOverHttp } from '../fixtures/gatewayProcess.ts';
import { activeView, newContext, signInAt, useServerAndBrowser } from './harness.ts';

const env = useServerAndBrowser();
const WIDTHS = [1440, 1920, 900, 390] as const;
const SHOTS = process.env.WALK_SCREENSHOTS === '1' ? join(REPO_ROOT, 'tests/e2e/screenshots/walk') : null;

/** The pages of the signed-in user's menu (type 0, shown, inside the app: not a link opening its own tab). */
const menuPages = async (baseUrl: string, token: string): Promise<{ url: string; name: string }[]> => {
  const res = await fetch(`${baseUrl}${USER_PATHS.currentMenus}`, { headers: { authorization: `bearer ${token}` } });
  const roots = ((await res.json()) as { datas: MenuEntry[] }).datas;
  const pages: { url: string; name: string }[] = [];
  const walk = (entries: MenuEntry[]) => {
    for (const e of entries) {
      if (e.hidden) continue;
      if (e.type === 0 && e.url.startsWith('/') && e.target !== '_blank') pages.push({ url: e.url, name: e.name });
      walk(e.subMenus ?? []);
    }
  };
  walk(roots);
  return pages;
};

/**
 * A message key on screen (a missing translation shows its key, e.g. "alarmConsole.load.none", or a code shown raw,
 * e.g. "alarm.csq"): dotted lower-camel identifiers standing alone; file names and host names are not keys.
 */
const RAW_KEY = /(?:^|[\s(（:：,，])([a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9]*)+)(?=$|[\s)）:：,，。])/gm;
const NOT_A_KEY = /\.(xlsx|xls|csv|png|jpe?g|pdf|json|txt|zip|com|cn|net|org|js|ts|html)$/;
const rawKeysIn = (text: string): string[] =>
  [...text.matchAll(RAW_KEY)].map((m) => m[1] as string).filter((k) => !NOT_A_KEY.test(k));

/** Resolves when the page has had no request in flight for `quietMs` (the live socket does not count). */
const settled = (page: Page, inFlight: () => number, quietMs = 400) =>
  expect
    .poll(
      async () => {
        if (inFlight() > 0) return false;
        await page.waitForTimeout(quietMs);
        return inFlight() === 0;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);

describe.each(['zh-CN', 'en'] as const)('every page of the menu in %s', (locale) => {
  it('opens without an error, a failed request, a raw key or a page wider than the window', async () => {
    const { url } = env.server();
    const context = await newContext(env.browser(), locale);
    const page = await context.newPage();
    await signInAt(page, url, 'admin', 'admin123');
    const problems: string[] = [];
    let where = 'sign-in';
    let inFlight = 0;
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${where}: console error: ${m.text().slice(0, 300)}`);
    });
    page.on('pageerror', (e) => problems.push(`${where}: uncaught: ${e.message.slice(0, 300)}`));
    const counts = (u: string) => !u.includes('/socket.io') && !u.startsWith('data:');
    page.on('request', (r) => {
      if (counts(r.url())) inFlight++;
    });
    const done = (u: string) => {
      if (counts(u)) inFlight = Math.max(0, inFlight - 1);
    };
    page.on('requestfinished', (r) => done(r.url()));
    page.on('requestfailed', (r) => done(r.url()));
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${where}: ${r.status()} ${r.request().method()} ${r.url()}`);
    });

    const pages = await menuPages(url, await signInOverHttp(url));
    expect(pages.length).toBeGreaterThan(20);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    for (const p of pages) {
      where = `${p.name} (${p.url})`;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${url}/#${p.url}`);
      await activeView(page).waitFor({ state: 'visible' });
      await settled(page, () => inFlight);
      const text = await page.evaluate(() => document.body.innerText);
      for (const key of new Set(rawKeysIn(text))) problems.push(`${where}: raw message key "${key}"`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        await page.waitForTimeout(150);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 1) problems.push(`${where} at ${width} px: the page is ${overflow} px wider than the window`);
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `${locale}-${width}-${p.url.replaceAll('/', '_')}.png`) });
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 900_000);
});
