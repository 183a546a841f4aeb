// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Meter } from '@waterops/shared/device';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterPage } from './MeterPage.tsx';

const meter: Meter = {
  id: 21,
  meterCode: 'SB00000021',
  meterKind: 'household',
  remoteCode: 'R21',
  collectorId: 5,
  collectorCode: 'K-005',
  concentratorId: 3,
  concentratorCode: 'C-003',
  manufacturerId: null,
  manufacturerName: null,
  meterModelId: null,
  meterModelName: null,
  caliber: 20,
  valveControl: false,
  steelSeal: 'GY-21',
  leadSealNo: null,
  maxReading: 99999,
  baseReading: 1.5,
  precision: null,
  parentMeterId: null,
  parentMeterCode: null,
  areaId: 11,
  areaName: '东四小区',
  address: '1号楼',
  installDate: '2024-05-01',
  operationYears: 8,
  used: true,
  lng: null,
  lat: null,
  online: true,
  lastReportTime: null,
  residentId: null,
  residentCode: null,
  residentName: null,
  remark: null,
  createTime: '2024-05-02T08:00:00Z',
};

const ui = {
  code: () => screen.findByRole('button', { name: 'SB00000021' }),
  create: () => screen.findByRole('button', { name: '新增' }),
  dialog: () => screen.findByRole('dialog', { name: '新增水表' }),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  rowCheck: () => screen.getByRole('checkbox', { name: '选择第 1 行' }),
  untie: () => screen.getByRole('button', { name: '解除采集器关联' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderMeters = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/device/watermeter/list')) return { code: 0, msg: 'ok', count: 1, data: [meter] };
    if (path.endsWith('/exist')) return { resp_code: 0, resp_msg: 'ok', datas: false };
    if (path.endsWith('/waterMeterCode')) return { resp_code: 0, resp_msg: 'ok', datas: 'SB00000042' };
    if (path.endsWith('/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });
  return { ...renderWithStore(<MeterPage />, { session: { signedIn: true } }), calls };
};

describe('the water meter page', () => {
  it('lists meters with their body code as a link; the rarely used columns wait in the column chooser', async () => {
    renderMeters();
    expect(await ui.code()).toBeTruthy();
    expect(screen.queryByText('GY-21')).toBeNull();
    expect(screen.queryByText('钢印号')).toBeNull();
  });

  it('shows the spec §5 messages: body code required, "base must be a number", operation years 0–20', async () => {
    const { calls } = renderMeters();
    await ui.code();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入表身号')).toBeTruthy();
    expect(within(dialog).getByText('请选择小区')).toBeTruthy();
    await userEvent.type(ui.field(dialog, '底数'), 'abc');
    await userEvent.type(ui.field(dialog, '运行年限'), '21');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('底数必须为数字')).toBeTruthy();
    expect(within(dialog).getByText('运行年限应为0到20的整数')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/watermeter/save'))).toHaveLength(0);
  });

  it('asks a household meter for its area; a district meter may have none and saves with its kind (issue 19)', async () => {
    const { calls } = renderMeters();
    await ui.code();
    expect(screen.getAllByRole('columnheader', { name: /水表类别/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('户表').length).toBeGreaterThan(0);
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    const kind = within(dialog).getByLabelText('水表类别', { selector: 'select' });
    const areaGroup = () => within(dialog).getByText('小区', { selector: 'label' }).closest('.bp6-form-group');
    expect((kind as HTMLSelectElement).value).toBe('household');
    expect(areaGroup()?.classList.contains('wo-required')).toBe(true);
    await userEvent.selectOptions(kind, '分区表');
    expect(areaGroup()?.classList.contains('wo-required')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('表身号'), 'DM-IN-1');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/watermeter/save'))?.body).toMatchObject({
        meterCode: 'DM-IN-1',
        meterKind: 'district',
        areaId: null,
      }),
    );
    expect(within(dialog).queryByText('请选择小区')).toBeNull();
  });

  it('fills the body code with the next code of the code rules (waterMeterCode)', async () => {
    const { calls } = renderMeters();
    await ui.code();
    await userEvent.click(await ui.create());
    const dialog = await ui.dialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '自动生成' }));
    await waitFor(() => expect((within(dialog).getByLabelText('表身号') as HTMLInputElement).value).toBe('SB00000042'));
    expect(calls.filter((c) => c.url.includes('/waterMeterCode'))).toHaveLength(1);
  });

  it('detaches the selected meters from their collectors (batchUntie with their ids)', async () => {
    const { calls } = renderMeters();
    await ui.code();
    expect(ui.untie()).toHaveProperty('disabled', true);
    await userEvent.click(ui.rowCheck());
    await userEvent.click(ui.untie());
    await waitFor(() => expect(calls.find((c) => c.url.includes('/batchUntie'))?.body).toEqual({ ids: [21] }));
  });

  it('offers no create, import or untie to a user who may only view meters', async () => {
    renderMeters(['device:meter:view']);
    await ui.code();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '解除采集器关联' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
