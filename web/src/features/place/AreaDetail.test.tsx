// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { Area } from '@waterops/shared/place';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { AreaDetail } from './AreaDetail.tsx';

const area = {
  id: 11,
  areaName: '东四小区',
  regionId: 1,
  regionName: '东城片区',
  address: '东城区东四北大街',
  lng: 116.4238,
  lat: 39.9372,
  remark: null,
  createTime: '2026-11-01T08:00:00Z',
} satisfies Area;

afterEach(() => vi.unstubAllGlobals());

describe('the residential-area drawer', () => {
  it('shows the area, its region, position and how many meters and residents it holds', async () => {
    const calls = fakeFetch((url) => {
      if (url.includes('/data/area/water/list'))
        return {
          code: 0,
          msg: 'ok',
          count: 2,
          data: [
            {
              areaId: 12,
              areaName: '东四小区北',
              regionId: 1,
              regionName: '东城片区',
              meterCount: 9,
              residentCount: 9,
            },
            {
              areaId: 11,
              areaName: '东四小区',
              regionId: 1,
              regionName: '东城片区',
              meterCount: 42,
              residentCount: 37,
            },
          ],
        };
      if (url.includes('/data/area/11')) return { resp_code: 0, resp_msg: 'ok', datas: area };
      return [404, { resp_code: 404, resp_msg: '记录不存在' }];
    });
    renderWithStore(<AreaDetail id={11} />);
    expect(await screen.findByRole('heading', { name: '东四小区' })).toBeTruthy();
    expect(screen.getByText('东城片区')).toBeTruthy();
    expect(screen.getByText('116.4238, 39.9372')).toBeTruthy();
    // the row of this area, not of another whose name contains it
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('areaName=%E4%B8%9C%E5%9B%9B%E5%B0%8F%E5%8C%BA'))).toBe(true);
  });

  it('says so when the area is not there (another tenant, deleted)', async () => {
    fakeFetch(() => [404, { resp_code: 404, resp_msg: '记录不存在' }]);
    renderWithStore(<AreaDetail id={99} />);
    expect(await screen.findByText('未找到该记录')).toBeTruthy();
  });
});
