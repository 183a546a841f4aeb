// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Manufacturer, MeterModel } from '@waterops/shared/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterModelPage } from './MeterModelPage.tsx';

const maker: Manufacturer = {
  id: 5,
  name: '宁波水表',
  code: 'NB',
  contact: null,
  phone: null,
  address: null,
  remark: null,
  createTime: '2024-05-01T08:00:00Z',
};
const model: MeterModel = {
  id: 21,
  typeName: 'LXS-20E',
  manufacturerId: 5,
  manufacturerName: '宁波水表',
  meterKind: 4,
  caliber: 20,
  maxReading: 99999,
  precision: 3,
  valveControl: true,
  remark: null,
  createTime: '2024-05-02T08:00:00Z',
};

const ui = {
  row: () => screen.findByText('LXS-20E'),
  create: () => screen.findByRole('button', { name: '新增' }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide the numbers to bring kind and valve into view
beforeEach(() =>
  localStorage.setItem(
    'columns:catalogue.meterModel',
    JSON.stringify({ '口径(DN)': false, 最大读数: false, 小数位数: false }),
  ),
);

const renderModels = (taken = false) => {
  const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/device/meterModel/list')) return { code: 0, msg: 'ok', count: 1, data: [model] };
    if (path.endsWith('/data/manufacturer/list')) return { code: 0, msg: 'ok', count: 1, data: [maker] };
    if (path.endsWith('/exist')) return { resp_code: 0, resp_msg: 'ok', datas: taken };
    return undefined;
  });
  return { ...renderWithStore(<MeterModelPage />, { session: { signedIn: true } }), calls };
};
const saves = (calls: ReturnType<typeof renderModels>['calls']) =>
  calls.filter((c) => c.url.includes('/device/meterModel/save'));

describe('the meter model page', () => {
  it('shows the kind and valve control in words, with the manufacturer name', async () => {
    renderModels();
    await ui.row();
    expect(screen.getAllByText('宁波水表').length).toBeGreaterThan(0);
    // in a table cell, not only among the kind filter's options
    const cells = (text: string) => screen.getAllByText(text).filter((el) => el.tagName !== 'OPTION');
    expect(cells('NB-IoT表')).toHaveLength(1);
    expect(cells('是')).toHaveLength(1);
  });

  it('creates a model of a chosen manufacturer, sending numbers as numbers', async () => {
    const { calls } = renderModels();
    await ui.row();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog('新增表型');
    await userEvent.type(ui.field(dialog, '类型名称'), ' LXS-25E ');
    await within(dialog).findByRole('option', { name: '宁波水表' });
    await userEvent.selectOptions(ui.field(dialog, '厂家'), '宁波水表');
    await userEvent.selectOptions(ui.field(dialog, '水表种类'), '无线远传表');
    await userEvent.type(ui.field(dialog, '口径(DN)'), '25');
    await userEvent.type(ui.field(dialog, '最大读数'), '99999.9');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toEqual({
      typeName: 'LXS-25E',
      manufacturerId: 5,
      meterKind: 3,
      caliber: 25,
      maxReading: 99999.9,
      precision: null,
      valveControl: false,
      remark: null,
    });
  });

  it('shows the shared rules under their fields and sends nothing while one is broken', async () => {
    const { calls } = renderModels();
    await ui.row();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog('新增表型');
    await userEvent.type(ui.field(dialog, '类型名称'), 'X');
    await userEvent.type(ui.field(dialog, '最大读数'), '0');
    await userEvent.type(ui.field(dialog, '小数位数'), '5');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('最大读数应为大于0且不超过99999999999的数字')).toBeTruthy();
    expect(within(dialog).getByText('小数位数应为0到3')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
  });

  it('refuses a type name the server says is taken (spec §5 "type name must be unique")', async () => {
    const { calls } = renderModels(true);
    await ui.row();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog('新增表型');
    await userEvent.type(ui.field(dialog, '类型名称'), 'LXS-20E');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText(/类型名称.*存在/)).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
  });
});
