// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlacklistEntry } from '@waterops/shared/blacklist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { BlacklistPage } from './BlacklistPage.tsx';

const entry = (listKind: number, code: string): BlacklistEntry => ({
  id: listKind * 10,
  listKind,
  deviceKind: 3,
  deviceId: 21,
  deviceCode: code,
  areaName: '东四小区',
  reason: '窃水',
  createdBy: 'admin',
  createTime: '2026-11-01T08:00:00Z',
});

const ui = {
  tab: (name: string) => screen.getByRole('tab', { name }),
  create: () => screen.findByRole('button', { name: '新增' }),
  dialog: () => screen.findByRole('dialog'),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderPage = (permissions = ['admin'], save?: () => unknown) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/datapush/blacklist/list')) return { code: 0, msg: 'ok', count: 1, data: [entry(1, 'SB-PUSH')] };
    if (path.endsWith('/datasync/blacklist/list')) return { code: 0, msg: 'ok', count: 1, data: [entry(2, 'SB-SYNC')] };
    if (path.endsWith('/devicecommand/filter/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    if (path.endsWith('/save')) return save?.() ?? { resp_code: 0, resp_msg: 'ok', datas: null };
    return undefined;
  });
  return { ...renderWithStore(<BlacklistPage />, { session: { signedIn: true } }), calls };
};

describe('the blacklist page', () => {
  it('shows each list on its own tab, with what the list does', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'SB-PUSH' })).toBeTruthy();
    expect(screen.getByText('名单中设备推送的数据将被拒收。')).toBeTruthy();
    await userEvent.click(ui.tab('抄表同步黑名单'));
    expect(await screen.findByRole('button', { name: 'SB-SYNC' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'SB-PUSH' })).toBeNull();
    expect(screen.getByText('名单中设备的读数照常保存,但月末冻结抄表底数时跳过。')).toBeTruthy();
  });

  it('adds a device to the command filter by kind and code; a blank code is refused before sending', async () => {
    const { calls } = renderPage();
    await screen.findByRole('button', { name: 'SB-PUSH' });
    await userEvent.click(ui.tab('设备命令过滤'));
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入设备编号')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/save'))).toHaveLength(0);

    await userEvent.selectOptions(within(dialog).getByRole('combobox'), '集中器');
    await userEvent.type(ui.field(dialog, '设备编号'), ' JZQ0001 ');
    await userEvent.type(ui.field(dialog, '原因'), '调试中');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/devicecommand/filter/save'))?.body).toEqual({
        deviceKind: 1,
        deviceCode: 'JZQ0001',
        reason: '调试中',
      }),
    );
  });

  it('adds a water meter unless told otherwise; the server’s message for an unknown code shows under the field', async () => {
    const { calls } = renderPage(['admin'], () => [
      400,
      { resp_code: 400, resp_msg: '水表 NOPE 不存在', field: 'deviceCode' },
    ]);
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    await userEvent.type(ui.field(dialog, '设备编号'), 'NOPE');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('水表 NOPE 不存在')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/datapush/blacklist/save'))?.body).toMatchObject({ deviceKind: 3 });
  });

  it('offers a viewer the lists but no add', async () => {
    renderPage(['device:blacklist:view']);
    expect(await screen.findByRole('button', { name: 'SB-PUSH' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});
