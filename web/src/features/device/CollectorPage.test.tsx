// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Collector } from '@waterops/shared/device';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { CollectorPage } from './CollectorPage.tsx';

const collector = (id: number, collectorCode: string, linkKind: number): Collector => ({
  id,
  collectorCode,
  linkKind,
  collectorTypeId: null,
  collectorTypeName: null,
  concentratorId: 21,
  concentratorCode: 'JZQ0001',
  areaId: 11,
  areaName: '和平里小区',
  address: null,
  ip: null,
  port: null,
  uploadFrequency: 60,
  channel: null,
  installDate: null,
  online: false,
  lastReportTime: null,
  remark: null,
  createTime: '2024-05-01T08:00:00Z',
  meterCount: 0,
});
const WIRED = [collector(31, 'CJQ-W1', 1), collector(32, 'CJQ-W2', 1)];
const WIRELESS = [collector(41, 'CJQ-R1', 2)];

const ui = {
  tab: (name: string) => screen.getByRole('tab', { name }),
  batchDelete: () => screen.getByRole('button', { name: '批量删除' }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: keep the code column near the selection
beforeEach(() => localStorage.setItem('columns:device.collector', JSON.stringify({ 集中器: false, 小区: false })));

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/device/collector/findWiredList')) return { code: 0, msg: 'ok', count: 2, data: WIRED };
    if (path.endsWith('/device/collector/findWirelessList')) return { code: 0, msg: 'ok', count: 1, data: WIRELESS };
    if (path.endsWith('/device/concentrator/list') || path.endsWith('/data/area/findList'))
      return { code: 0, msg: 'ok', count: 0, data: [] };
    if (path.endsWith('/device/collector/batchDelete')) return { resp_code: 0, resp_msg: 'ok', datas: null };
    return undefined;
  });
  return { ...renderWithStore(<CollectorPage />, { session: { signedIn: true } }), calls };
};

describe('the collector page', () => {
  it('lists wired collectors first and wireless ones on the second tab, each from its own list', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('CJQ-W1')).toBeTruthy();
    expect(screen.queryByText('CJQ-R1')).toBeNull();
    await userEvent.click(ui.tab('无线采集器'));
    expect(await screen.findByText('CJQ-R1')).toBeTruthy();
    expect(screen.queryByText('CJQ-W1')).toBeNull();
    expect(calls.some((c) => c.url.includes('/findWiredList'))).toBe(true);
    expect(calls.some((c) => c.url.includes('/findWirelessList'))).toBe(true);
  });

  it('deletes the selected collectors in one batch after confirmation', async () => {
    const { calls } = renderPage();
    await screen.findByText('CJQ-W1');
    const checks = screen.getAllByRole('checkbox');
    // the first checkbox selects all rows of the page
    await userEvent.click(checks[0] as HTMLElement);
    await userEvent.click(ui.batchDelete());
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('确定删除选中的 2 个采集器吗?')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/batchDelete'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/batchDelete'))?.body).toEqual({ ids: [31, 32] });
  });

  it('offers no batch delete to a user who may only view', async () => {
    renderPage(['device:collector:view']);
    await screen.findByText('CJQ-W1');
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
  });
});
