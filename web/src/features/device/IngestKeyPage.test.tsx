// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IngestKey } from '@waterops/shared/deviceStatus';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { IngestKeyPage } from './IngestKeyPage.tsx';

const KEY = 'wo_abcdefghijklmnopqrstuvwxyz012345';
const key: IngestKey = {
  id: 5,
  name: '头端系统',
  keyPrefix: 'wo_abcdefg',
  concentratorId: null,
  concentratorCode: null,
  enabled: true,
  createdBy: 'admin',
  createTime: '2026-11-01T08:00:00Z',
  lastUsedTime: null,
};

const ui = {
  create: () => screen.findByRole('button', { name: '新增密钥' }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  name: (dialog: HTMLElement) => within(dialog).getByLabelText('密钥名称'),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  enabled: () => screen.findByRole('checkbox', { name: '启用密钥 头端系统' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());
/** jsdom has no layout, so Table2 draws only its first columns: hide two to bring the switch into view. */
const showSwitch = () =>
  localStorage.setItem('columns:device.ingestKey', JSON.stringify({ 密钥前缀: false, 适用范围: false }));

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/ingest/keys')) return { code: 0, msg: 'ok', count: 1, data: [key] };
    if (path.endsWith('/ingest/keys/save'))
      return { resp_code: 0, resp_msg: 'ok', datas: { id: 6, key: KEY, keyPrefix: KEY.slice(0, 10) } };
    if (path.endsWith('/ingest/keys/enabled'))
      return { resp_code: 0, resp_msg: 'ok', datas: { ...key, enabled: false } };
    return undefined;
  });
  return { ...renderWithStore(<IngestKeyPage />, { session: { signedIn: true } }), calls };
};

describe('the ingestion key page', () => {
  it('lists keys by name and prefix only, a company key marked so', async () => {
    renderPage();
    expect(await screen.findByText('头端系统')).toBeTruthy();
    expect(screen.getByText('wo_abcdefg…')).toBeTruthy();
    expect(screen.getByText('公司')).toBeTruthy();
  });

  it('creates a key and shows it once with the header to send; a blank name is refused first, in its field', async () => {
    const { calls } = renderPage();
    await userEvent.click(await ui.create());
    const form = await ui.dialog('新增接入密钥');
    // the name is required (validateIngestKey), marked as every form marks it
    expect((ui.name(form) as HTMLInputElement).required).toBe(true);
    expect(ui.name(form).closest('.bp6-form-group')?.classList.contains('wo-required')).toBe(true);
    await userEvent.click(ui.ok(form));
    expect(await within(form).findByText('请输入密钥名称')).toBeTruthy();
    // the refused submit leaves the cursor in the field to correct, not on OK
    await waitFor(() => expect(document.activeElement).toBe(ui.name(form)));
    expect(calls.filter((c) => c.url.includes('/keys/save'))).toHaveLength(0);

    await userEvent.type(ui.name(form), ' 模拟器 ');
    await userEvent.click(ui.ok(form));
    const shown = await ui.dialog('密钥已生成');
    expect(calls.find((c) => c.url.includes('/keys/save'))?.body).toEqual({ name: '模拟器' });
    expect((within(shown).getByLabelText('密钥') as HTMLInputElement).value).toBe(KEY);
    expect((within(shown).getByLabelText('请求头') as HTMLInputElement).value).toBe(`Authorization: Device ${KEY}`);
    expect(within(shown).getByText(/只显示这一次/)).toBeTruthy();

    // closing forgets it: a new dialog starts empty and the key is nowhere on the page
    await userEvent.click(within(shown).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByDisplayValue(KEY)).toBeNull());
    await userEvent.click(await ui.create());
    expect((ui.name(await ui.dialog('新增接入密钥')) as HTMLInputElement).value).toBe('');
  });

  it('turns a key off with its switch', async () => {
    showSwitch();
    const { calls } = renderPage();
    await userEvent.click(await ui.enabled());
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/keys/enabled'))?.body).toEqual({ id: 5, enabled: false }),
    );
  });

  it('lets a viewer read the list but not create keys or switch them', async () => {
    showSwitch();
    renderPage(['device:ingestKey:view']);
    expect(await screen.findByText('头端系统')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增密钥' })).toBeNull();
    expect((await ui.enabled()).hasAttribute('disabled')).toBe(true);
  });
});
