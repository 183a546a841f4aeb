// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Well } from '@waterops/shared/network';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { WellPage } from './WellPage.tsx';

const well = (id: number, wellCode: string, wellType: number): Well => ({
  id,
  wellCode,
  name: null,
  wellType,
  depthM: null,
  elevationM: 12.5,
  lng: 116.404,
  lat: 39.915,
  districtId: null,
  districtName: null,
  address: null,
  remark: null,
  createTime: '2026-11-01T08:00:00Z',
});
const WELLS = [well(1, 'N3-10', 4), well(2, 'N3-Lake', 6)];

afterEach(() => vi.unstubAllGlobals());

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/pipeNetWell/list')) return { code: 0, msg: 'ok', count: 2, data: WELLS };
    if (path.endsWith('/dma/district/findList'))
      return { code: 0, msg: 'ok', count: 1, data: [{ id: 7, districtName: '东城分区' }] };
    if (path.endsWith('/pipeNetWell/saveOrUpdate')) return { resp_code: 0, resp_msg: 'ok', datas: WELLS[0] };
    return undefined;
  });
  return { ...renderWithStore(<WellPage />, { session: { signedIn: true } }), calls };
};

describe('the well page', () => {
  it('lists wells with their type in words and filters by type', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('N3-10')).toBeTruthy();
    expect(screen.getAllByText('节点').length).toBeGreaterThan(0);
    expect(screen.getAllByText('水源').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '井类型' }), '水池');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('wellType=5'))).toBe(true));
  });

  it('a new well needs a code and both halves of its position; then it is saved with its district', async () => {
    const { calls } = renderPage();
    await screen.findByText('N3-10');
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('经度(BD-09)'), '116.41');
    await userEvent.click(within(dialog).getByRole('button', { name: /确定|保存/ }));
    expect(await within(dialog).findByText('请输入井编码')).toBeTruthy();
    expect(within(dialog).getByText('经度和纬度需同时填写')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/saveOrUpdate'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('井编码'), 'W-1');
    await userEvent.type(within(dialog).getByLabelText('纬度(BD-09)'), '39.92');
    await userEvent.selectOptions(within(dialog).getByLabelText('所属分区'), '东城分区');
    await userEvent.click(within(dialog).getByRole('button', { name: /确定|保存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/saveOrUpdate'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/saveOrUpdate'))?.body).toMatchObject({
      wellCode: 'W-1',
      wellType: 1,
      lng: '116.41',
      lat: '39.92',
      districtId: 7,
    });
  });
});
