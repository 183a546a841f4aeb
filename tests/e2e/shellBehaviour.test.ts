// What the shell does around the pages: cached views keep a page's state across tabs, a sign-out in one browser
// tab signs out the others, errors land in the error-log panel, and on a phone the menu drawer closes on navigation.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { absent, mainMenu, newContext, openFromMainMenu, signInAt, useServerAndBrowser, visible } from './harness.ts';

const env = useServerAndBrowser();

const signIn = (page: Page) => signInAt(page, env.server().url, 'admin', 'admin123');

describe('the shell around the pages', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(env.browser(), 'zh-CN');
    page = await context.newPage();
    await signIn(page);
  });

  it('keeps a visited page as it was (cached view) when the user comes back to its tab', async () => {
    await openFromMainMenu(page, '操作日志');
    const filter = page.getByPlaceholder('按用户名筛选');
    await filter.fill('operator');
    await openFromMainMenu(page, '个人中心');
    await page.waitForURL(/#\/personalCenter$/);
    await page.getByRole('navigation', { name: '标签栏' }).getByRole('link', { name: '操作日志' }).click();
    await page.waitForURL(/#\/system\/operationLog$/);
    await expect.poll(() => page.getByPlaceholder('按用户名筛选').inputValue()).toBe('operator');
  });

  it('lists a page error in the error-log panel until it is dismissed', async () => {
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: a broken widget');
      });
    });
    const bug = page.getByRole('button', { name: /^异常日志 \(1\)$/ });
    await visible(bug);
    await bug.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('捕获的异常(错误必须修复)'));
    await visible(dialog.getByText('e2e: a broken widget'));
    await dialog.getByRole('button', { name: '暂不显示' }).click();
    await absent(page.getByRole('button', { name: /^异常日志/ }));
  });

  it('signs out every tab when one tab signs out', async () => {
    const other = await context.newPage();
    await other.goto(`${env.server().url}/#/personalCenter`);
    await visible(other.getByText('账号概览'));
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/#\/login/);
    // the other tab saw the token go (storage event), reloaded and is now on the sign-in page
    await other.waitForURL(/#\/login/);
    await other.close();
  });
});

describe('on a phone', () => {
  it('shows the menu as a drawer that closes when a page is chosen', async () => {
    const context = await env.browser().newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await signIn(page);
    await absent(mainMenu(page));
    await page.getByRole('button', { name: '打开菜单' }).click();
    await mainMenu(page).getByRole('link', { name: '个人中心' }).click();
    await page.waitForURL(/#\/personalCenter$/);
    await absent(mainMenu(page));
    await context.close();
  });
});
