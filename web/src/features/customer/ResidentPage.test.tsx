// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resident } from '@waterops/shared/customer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ResidentPage } from './ResidentPage.tsx';

const resident: Resident = {
  id: 7,
  residentId: 7,
  residentCode: 'YH000007',
  residentName: '张三',
  address: '和平里北街 1 号',
  phone: '13800138000',
  idCard: '11010519491231002X',
  bankCard: null,
  categoryId: null,
  categoryName: null,
  chargeFee: true,
  taxNumber: null,
  invoiceName: null,
  areaId: 11,
  areaName: '和平里小区',
  regionId: 1,
  regionName: '东城片区',
  floor: null,
  residentsCount: 3,
  originalAccountNo: null,
  openDate: '2024-05-01',
  status: 1,
  appUsername: null,
  meterCodes: ['SB00000021'],
  remark: null,
  createTime: '2024-05-02T08:00:00Z',
};

const ui = {
  code: () => screen.findByRole('button', { name: 'YH000007' }),
  create: () => screen.findByRole('button', { name: '新增' }),
  createDialog: () => screen.findByRole('dialog', { name: '新增用户' }),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  rowCheck: () => screen.getByRole('checkbox', { name: '选择第 1 行' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderResidents = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/data/resident/list')) return { code: 0, msg: 'ok', count: 1, data: [resident] };
    if (path.endsWith('/data/resident/water/list'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: [
          {
            residentId: 7,
            meterId: 21,
            meterCode: 'SB00000021',
            remoteCode: null,
            boundAt: '2024-05-03T08:00:00Z',
            lastReading: null,
            lastReadTime: null,
          },
        ],
      };
    if (path.endsWith('/unBoundWaterMeter'))
      return {
        code: 0,
        msg: 'ok',
        count: 1,
        data: [{ id: 22, meterCode: 'SB00000022', remoteCode: null, areaId: 11, address: null }],
      };
    if (path.endsWith('/batchGenerateAppAccount'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: [{ residentId: 7, residentCode: 'YH000007', username: 'YH000007', password: 'Abc234xyz9' }],
      };
    if (path.endsWith('/exist')) return { resp_code: 0, resp_msg: 'ok', datas: false };
    if (path.endsWith('/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });
  return { ...renderWithStore(<ResidentPage />, { session: { signedIn: true } }), calls };
};

describe('the resident page', () => {
  it('lists residents with the code as a link; rare columns wait in the column chooser', async () => {
    renderResidents();
    expect(await ui.code()).toBeTruthy();
    expect(screen.getByText('和平里小区')).toBeTruthy();
    expect(screen.queryByText('11010519491231002X')).toBeNull();
    expect(screen.queryByText('身份证号')).toBeNull();
  });

  it('shows the spec messages: name required, area chosen, "fee-free/charged choice required", phone format', async () => {
    const { calls } = renderResidents();
    await ui.code();
    await userEvent.click(await ui.create());
    const dialog = await ui.createDialog();
    await userEvent.type(ui.field(dialog, '电话'), '12345');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('用户名称不能为空')).toBeTruthy();
    expect(within(dialog).getByText('请选择小区')).toBeTruthy();
    expect(within(dialog).getByText('请选择收费或免费')).toBeTruthy();
    expect(within(dialog).getByText('电话号码格式不对,请输入手机号码或带区号的固定电话')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/data/resident/save'))).toHaveLength(0);
  });

  it('deletes the selected residents after a confirmation (deleteBatchById with their ids)', async () => {
    const { calls } = renderResidents();
    await ui.code();
    await userEvent.click(ui.rowCheck());
    const toolbarDelete = screen.getAllByRole('button', { name: '删除' })[0] as HTMLElement;
    await userEvent.click(toolbarDelete);
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('确定删除用户 YH000007?')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/deleteBatchById'))?.body).toEqual({ ids: [7] }));
  });

  it('generates app accounts on request and shows the initial password once', async () => {
    const { calls } = renderResidents();
    await ui.code();
    await userEvent.click(ui.rowCheck());
    await userEvent.click(screen.getByRole('button', { name: '生成 App 账号' }));
    const dialog = await screen.findByRole('dialog', { name: '生成 App 账号' });
    expect(calls.some((c) => c.url.includes('/batchGenerateAppAccount'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '生成' }));
    expect(await within(dialog).findByText('Abc234xyz9')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/batchGenerateAppAccount'))?.body).toEqual({ ids: [7] });
  });

  it('offers no create, binding or batch actions to a user who may only view residents', async () => {
    renderResidents(['data:resident:view']);
    await ui.code();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '水表绑定' })).toBeNull();
    expect(screen.queryByRole('button', { name: '生成 App 账号' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
