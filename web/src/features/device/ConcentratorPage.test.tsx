// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Concentrator } from '@waterops/shared/device';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ConcentratorPage } from './ConcentratorPage.tsx';

const hub: Concentrator = {
  id: 21,
  concentratorCode: 'JZQ0001',
  name: '一号集中器',
  manufacturerId: null,
  manufacturerName: null,
  areaId: 11,
  areaName: '和平里小区',
  address: null,
  ip: '10.0.0.8',
  port: 9000,
  simCard: null,
  reportRate: 60,
  installDate: null,
  used: true,
  lng: null,
  lat: null,
  online: true,
  lastReportTime: null,
  remark: null,
  createTime: '2024-05-01T08:00:00Z',
  collectorCount: 2,
  meterCount: 40,
};
const AREAS = [{ id: 11, areaName: '和平里小区', regionId: 1, regionName: '东城片区' }];

const ui = {
  row: () => screen.findByText('JZQ0001'),
  create: () => screen.findByRole('button', { name: '新增' }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

/** A second submit within 500 ms of the first is dropped (spec §9 debounce): a person corrects, then saves later. */
const pastSubmitDebounce = () => new Promise((resolve) => setTimeout(resolve, 550));

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide some to bring the actions into view
beforeEach(() =>
  localStorage.setItem(
    'columns:device.concentrator',
    JSON.stringify({
      名称: false,
      小区: false,
      最后上报时间: false,
      采集器数: false,
      水表数: false,
      IP地址: false,
      端口: false,
      安装地址: false,
    }),
  ),
);

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/device/concentrator/list')) return { code: 0, msg: 'ok', count: 1, data: [hub] };
    if (path.endsWith('/data/area/findList') || path.endsWith('/data/area/findListByAreaName'))
      return { code: 0, msg: 'ok', count: AREAS.length, data: AREAS };
    if (path.endsWith('/device/concentrator/exist')) return { resp_code: 0, resp_msg: 'ok', datas: false };
    if (path.endsWith('/device/concentrator/params/21'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: { id: 21, ip: '10.0.0.8', port: 9000, reportRate: 60, simCard: null },
      };
    if (path.endsWith('/device/concentrator/save') || path.endsWith('/device/concentrator/params'))
      return { resp_code: 0, resp_msg: 'ok', datas: null };
    return undefined;
  });
  return { ...renderWithStore(<ConcentratorPage />, { session: { signedIn: true } }), calls };
};

describe('the concentrator page', () => {
  it('lists concentrators with their online state', async () => {
    renderPage();
    await ui.row();
    expect(screen.getAllByText('在线').length).toBeGreaterThan(0);
  });

  it('checks the shared rules before saving, then sends the chosen area and the typed values', async () => {
    const { calls } = renderPage();
    await ui.row();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog('新增集中器');
    await userEvent.type(ui.field(dialog, '集中器编号'), ' JZQ0002 ');
    await userEvent.type(ui.field(dialog, 'IP地址'), '10.0.0');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('IP地址格式不对')).toBeTruthy();
    expect(within(dialog).getByText('请选择小区')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/concentrator/save'))).toHaveLength(0);

    await userEvent.type(ui.field(dialog, 'IP地址'), '.9');
    await pastSubmitDebounce();
    await userEvent.click(ui.field(dialog, '小区'));
    await userEvent.type(ui.field(dialog, '小区'), '和平里');
    await userEvent.click(await within(await screen.findByRole('listbox', { name: '小区' })).findByText('和平里小区'));
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/concentrator/save'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/concentrator/save'))?.body).toMatchObject({
      concentratorCode: 'JZQ0002',
      areaId: 11,
      ip: '10.0.0.9',
      port: null,
      used: true,
    });
  });

  it('stores the parameters from the settings dialog, refusing a port out of range', async () => {
    const { calls } = renderPage();
    await ui.row();
    await userEvent.click(screen.getByRole('button', { name: '参数设置' }));
    const dialog = await ui.dialog('集中器参数 - JZQ0001');
    const port = await within(dialog).findByLabelText('端口');
    await waitFor(() => expect((port as HTMLInputElement).value).toBe('9000'));
    await userEvent.clear(port);
    await userEvent.type(port, '70000');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('端口应为1到65535的整数')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/concentrator/params'))).toHaveLength(0);
    await userEvent.clear(port);
    await userEvent.type(port, '7000');
    await pastSubmitDebounce();
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/concentrator/params'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/concentrator/params'))?.body).toEqual({
      id: 21,
      ip: '10.0.0.8',
      port: 7000,
      reportRate: 60,
      simCard: null,
    });
  });

  it('offers neither create nor the settings to a user who may only view', async () => {
    renderPage(['device:concentrator:view']);
    await ui.row();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '参数设置' })).toBeNull();
    expect(screen.getByRole('button', { name: '详情' })).toBeTruthy();
  });
});
