// Device status, ingestion keys and blacklists in the browser: the administrator makes an ingestion key on its page
// (shown once, with the header to send), a "head-end" (this test) registers a concentrator and meters with it and
// sends reads; the device status page shows who is online and when each last reported; a meter put on the data-push
// blacklist on its page has its next read refused by ingestion; the status page in English.
import type { IngestReply } from '@waterops/shared/reading';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  activeView,
  newContext,
  openFromMainMenu,
  screenshot,
  signInAt,
  useServerAndBrowser,
  visible,
} from './harness.ts';

const env = useServerAndBrowser();
const SUFFIX = Date.now().toString(36).toUpperCase();
const HUB = `E2E-SJZQ-${SUFFIX}`;
const METERS = [1, 2, 3].map((i) => `E2E-SM${i}-${SUFFIX}`);

/** A tag on the page with exactly this text (the filters' options carry the same words). */
const tag = (view: Locator, text: string) => view.locator('.bp6-tag').filter({ hasText: new RegExp(`^${text}$`) });

/** A call signed with the ingestion key; fails the test unless it answers success. */
const ingest = async <T>(path: string, key: string, body: unknown): Promise<T> => {
  const res = await fetch(`${env.server().url}${path}`, {
    method: 'POST',
    headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { resp_code: number; datas: T };
  expect(json.resp_code, JSON.stringify(json)).toBe(0);
  return json.datas;
};

describe('device status, ingestion keys and blacklists', () => {
  it('a key made on its page feeds the status page; a blacklisted meter’s reads are refused (zh, en)', async () => {
    const context = await newContext(env.browser());
    const page = await context.newPage();
    await signInAt(page, env.server().url, 'admin', 'admin123');

    // the key, shown once with the header to send
    await openFromMainMenu(page, '接入密钥');
    await activeView(page).getByRole('button', { name: '新增密钥' }).click();
    const form = page.getByRole('dialog', { name: '新增接入密钥' });
    await form.getByLabel('密钥名称').fill(`e2e 头端 ${SUFFIX}`);
    await form.getByRole('button', { name: '确定' }).click();
    const shown = page.getByRole('dialog', { name: '密钥已生成' });
    const key = await shown.getByLabel('密钥', { exact: true }).inputValue();
    expect(await shown.getByLabel('请求头').inputValue()).toBe(`Authorization: Device ${key}`);
    await shown.getByRole('button', { name: '我已保存' }).click();
    await visible(activeView(page).getByText(`e2e 头端 ${SUFFIX}`));
    expect(await page.getByText(key).count()).toBe(0);

    // the head-end registers its devices and sends reads for two of the three meters
    await ingest('/api-workbench/ingest/archives', key, {
      concentrators: [{ code: HUB, areaName: '东四小区', reportRate: 15 }],
      meters: METERS.map((meterCode) => ({ meterCode, concentratorCode: HUB, areaName: '东四小区' })),
    });
    const reply = await ingest<IngestReply>('/api-workbench/ingest/readings', key, {
      concentratorCode: HUB,
      readings: METERS.slice(0, 2).map((meterCode, i) => ({
        meterCode,
        time: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        reading: 10 + i,
        voltage: 3.6,
        csq: 25,
        rsrp: -88,
      })),
    });
    expect(reply.accepted).toBe(2);

    // the status page: the hub online, two meters online with their status, the third never reported
    await openFromMainMenu(page, '设备状态');
    const status = activeView(page);
    await visible(status.getByRole('button', { name: HUB }));
    await status.getByRole('tab', { name: '水表' }).click();
    await status.getByLabel('编号').fill(SUFFIX);
    await status.getByRole('button', { name: '查询' }).click();
    await visible(status.getByRole('button', { name: METERS[0] }));
    expect(await tag(status, '在线').count()).toBe(2);
    expect(await tag(status, '离线').count()).toBe(1);
    await visible(status.getByText('从未上报'));
    await screenshot(page, 'device-status');

    // the first meter on the data-push blacklist: its next read is refused
    await openFromMainMenu(page, '黑名单');
    const lists = activeView(page);
    await lists.getByRole('button', { name: '新增' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('设备编号').fill(METERS[0] as string);
    await add.getByLabel('原因').fill('e2e');
    await add.getByRole('button', { name: '确定' }).click();
    await visible(lists.getByRole('button', { name: METERS[0] }));
    const refused = await ingest<IngestReply>('/api-workbench/ingest/readings', key, {
      readings: [{ meterCode: METERS[0], time: new Date().toISOString(), reading: 11 }],
    });
    expect(refused.accepted).toBe(0);
    expect(refused.rejected.map((r) => r.reason)).toEqual(['blacklisted']);
    await screenshot(page, 'device-blacklist');
    await context.close();

    const english = await newContext(env.browser(), 'en');
    const enPage = await english.newPage();
    await signInAt(enPage, env.server().url, 'admin', 'admin123');
    await openFromMainMenu(enPage, 'Device status');
    await visible(activeView(enPage).getByRole('heading', { name: 'Device status' }));
    await visible(activeView(enPage).getByRole('button', { name: HUB }));
    await screenshot(enPage, 'device-status-en');
    await english.close();
  });
});
