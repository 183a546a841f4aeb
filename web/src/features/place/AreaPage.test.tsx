// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Area, Region } from '@waterops/shared/place';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { AreaPage } from './AreaPage.tsx';

const region = (id: number, regionName: string): Region => ({
  id,
  regionName,
  remark: null,
  areaCount: 1,
  createTime: '2024-05-01T08:00:00Z',
});
const area = (id: number, areaName: string): Area => ({
  id,
  areaName,
  regionId: 1,
  regionName: '东城片区',
  address: null,
  lng: null,
  lat: null,
  remark: null,
  createTime: '2024-05-01T08:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

const renderAreas = () => {
  const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/data/area/findList'))
      return { code: 0, msg: 'ok', count: 2, data: [area(11, '东四小区'), area(12, '和平里小区')] };
    if (path.endsWith('/data/region/list'))
      return { code: 0, msg: 'ok', count: 2, data: [region(1, '东城片区'), region(2, '西城片区')] };
    if (path.endsWith('/data/area/batchEdit')) return { resp_code: 0, resp_msg: 'ok', datas: null };
    return undefined;
  });
  return { ...renderWithStore(<AreaPage />, { session: { signedIn: true } }), calls };
};

describe('the area page', () => {
  it('moves the selected areas to a chosen region through batchEdit (spec §7), asking for the region first', async () => {
    const { calls } = renderAreas();
    await screen.findByText('东四小区');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择第 2 行' }));
    await userEvent.click(screen.getByRole('button', { name: '移至片区' }));
    const dialog = await screen.findByRole('dialog', { name: '移动 2 个小区到片区' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('请选择片区')).toBeTruthy();
    await within(dialog).findByRole('option', { name: '西城片区' });
    await userEvent.selectOptions(within(dialog).getByLabelText('目标片区'), '西城片区');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/data/area/batchEdit'))).toBe(true));
    const sent = calls.find((c) => c.url.includes('/data/area/batchEdit'))?.url ?? '';
    expect(new URL(sent, 'http://x').searchParams.get('ids')).toBe('11,12');
    expect(new URL(sent, 'http://x').searchParams.get('regionId')).toBe('2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
