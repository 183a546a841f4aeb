// A newcomer registers in the browser: fills the form, types the image code, asks for the SMS code (the button counts
// down), the administrator reads the code on the SMS outbox page, the newcomer registers, lands on sign-in with the
// user name filled in and signs in. The server runs in this process, so the test can set the image code it cannot
// read from the picture (only its hash is stored).
import { join } from 'node:path';
import { hashCaptcha, saveCaptcha } from '@waterops/gateway/src/services/uaa/signInRepository.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { launchBrowser, mainMenu, newContext, screenshot, submitSignIn, visible, waitForHome } from './harness.ts';

let t: TestApp;
let url: string;
let browser: Browser;

beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST_DIR: join(REPO_ROOT, 'web/dist') } });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * Follows the image-code pictures a page loads; `set` makes the code of the one shown now `code`, as if the person
 * read the picture. (Call it right before the code is used: a fresh picture would replace the code set here.)
 */
const imageCodes = (page: Page, code = 'K7PX') => {
  let last: Promise<string> | undefined;
  page.on('request', (request) => {
    if (!request.url().includes('/api-uaa/validata/code?')) return;
    last = request
      .response()
      .then((response) => response?.finished())
      .then(() => new URL(request.url()).searchParams.get('deviceId') as string);
  });
  return {
    code,
    set: async () => {
      const deviceId = await (last ?? Promise.reject(new Error('no image code was loaded')));
      const at = t.clock.now();
      await saveCaptcha(t.app.db, deviceId, hashCaptcha(deviceId, code), new Date(at.getTime() + 5 * 60_000), at);
    },
  };
};

describe('self-registration', () => {
  it('registers a newcomer with the SMS code from the outbox, then signs them in', async () => {
    const page = await (await newContext(browser, 'zh-CN')).newPage();
    const image = imageCodes(page);
    await page.goto(`${url}/#/register`);

    // the rules speak before anything is sent
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await visible(page.getByText('用户名不能为空'));
    await visible(page.getByText('密码长度至少为6位'));
    await visible(page.getByText('请输入手机号码'));
    await page.getByLabel('手机号码').fill('1381234');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await visible(page.getByText('手机号码格式不对'));
    await visible(page.getByText('请输入验证码', { exact: true }));

    await page.getByLabel('用户名').fill('newcomer');
    await page.getByLabel('密码', { exact: true }).fill('tide7pump');
    await page.getByLabel('手机号码').fill('13812345678');
    await page.getByLabel('验证码', { exact: true }).fill(image.code);
    await image.set();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await visible(page.getByText('验证码已发送'));
    const countdown = page.getByRole('button', { name: /^\d+ 秒后重新获取$/ });
    await visible(countdown);
    expect(await countdown.isDisabled()).toBe(true);
    await screenshot(page, 'register-code-sent');

    // the administrator finds the message on the SMS outbox page
    const admin = await (await newContext(browser, 'zh-CN')).newPage();
    await admin.goto(`${url}/#/login`);
    await submitSignIn(admin, 'admin', 'admin123');
    await waitForHome(admin);
    await mainMenu(admin).getByRole('button', { name: '系统管理' }).click();
    await mainMenu(admin).getByRole('link', { name: '短信发件箱' }).click();
    await admin.waitForURL(/#\/system\/smsOutbox$/);
    await admin.getByPlaceholder('输入手机号码查询').fill('13812345678');
    await admin.getByRole('button', { name: '查询' }).click();
    const message = admin.getByRole('cell', { name: /注册验证码为 \d{6}/ });
    await visible(message);
    await visible(admin.getByRole('cell', { name: '13812345678' }));
    await screenshot(admin, 'sms-outbox');
    const smsCode = /注册验证码为 (\d{6})/.exec((await message.first().textContent()) ?? '')?.[1] as string;

    await page.getByLabel('短信验证码').fill(smsCode);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL(/#\/login$/);
    // the sign-in form itself, not the register form the router may still show while the page's code loads
    await visible(page.getByRole('button', { name: '登录', exact: true }));
    await visible(page.getByText('注册成功,请登录'));
    expect(await page.getByLabel('用户名').inputValue()).toBe('newcomer');
    await page.getByLabel('密码', { exact: true }).fill('tide7pump');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await waitForHome(page);
    await visible(page.getByText('newcomer').first());
  });

  it('shows the server’s refusal of a wrong SMS code, in English too', async () => {
    const page = await (await newContext(browser, 'en')).newPage();
    const image = imageCodes(page);
    await page.goto(`${url}/#/register`);
    await page.getByLabel('User name').fill('second');
    await page.getByLabel('Password', { exact: true }).fill('tide7pump');
    await page.getByLabel('Mobile number').fill('13812345679');
    await page.getByLabel('Verification code', { exact: true }).fill(image.code);
    await image.set();
    await page.getByRole('button', { name: 'Get code' }).click();
    await visible(page.getByRole('button', { name: /^Resend in \d+ s$/ }));
    const stored = await t.app.db
      .selectFrom('sms_outbox')
      .select('text')
      .where('mobile', '=', '13812345679')
      .executeTakeFirstOrThrow();
    const right = /\d{6}/.exec(stored.text)?.[0];
    await page.getByLabel('SMS code').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page.getByText('Wrong SMS code'));
    expect(page.url()).toMatch(/#\/register$/);
  });
});
