// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import type { MapDistrict } from '@waterops/shared/dma';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../../test/renderDialog.tsx';
import { renderWithStore } from '../../../test/renderWithStore.tsx';
import { MapDetailPanel } from './MapDetailPanel.tsx';
import { MapLegend } from './MapLegend.tsx';

const district: MapDistrict = {
  id: 7,
  districtName: '和平里计量区',
  kind: 1,
  parentId: null,
  polygon: [],
  lossRate: 0.153,
  month: '2026-10',
  nightFlowStatus: 'leak',
  nightline: 4.257,
  openLeakEvents: 1,
  inletCount: 2,
  memberMeterCount: 340,
};

describe('MapDetailPanel', () => {
  it("shows a district's figures, its last 30 nights and links to its night flow, water balance and record (zh)", async () => {
    const asked: string[] = [];
    fakeUserServer(demoUser({ permissions: ['dma:district:view', 'dma:analysis:view'] }), (url) => {
      if (!url.includes('/dma/nightFlow')) return undefined;
      asked.push(url);
      const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`;
      const days = [1, 2, 3].map((n) => ({
        day: day(n),
        nightline: n === 3 ? 6 : 4,
        minAt: null,
        points: 96,
        expected: 96,
        legitimate: 1,
        leakage: 3,
        meanFlow: 10,
        baseline: 4,
        cusum: 0,
      }));
      const series = { districtId: 7, districtName: '和平里计量区', intervalMinutes: 15, days, events: [] };
      return { resp_code: 0, resp_msg: 'ok', datas: series };
    });
    const onClose = vi.fn();
    renderWithStore(<MapDetailPanel picked={{ kind: 'district', district }} meter={() => null} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: '和平里计量区' })).toBeTruthy();
    expect(screen.getByText('15.3%')).toBeTruthy();
    expect(screen.getByText('4.26 m³/h')).toBeTruthy();
    expect(screen.getByText('疑似漏损')).toBeTruthy();
    expect(screen.getByRole('link', { name: '夜间流量分析' }).getAttribute('href')).toBe('/dma/nightFlow?districtId=7');
    expect(screen.getByRole('link', { name: '水量平衡' }).getAttribute('href')).toBe(
      '/dma/waterBalance?districtId=7&month=2026-10',
    );
    expect(await screen.findByRole('img', { name: '近 30 天夜间最小流量' })).toBeTruthy();
    expect(new URL(asked[0] ?? '', 'http://x').searchParams.get('districtId')).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a meter and a pipe in English', () => {
    renderWithStore(
      <MapDetailPanel
        picked={{ kind: 'meter', index: 0 }}
        meter={() => ({ code: 'M-0001', status: 2 })}
        onClose={() => undefined}
      />,
      undefined,
      'en',
    );
    expect(screen.getByText('M-0001')).toBeTruthy();
    expect(screen.getByText('In alarm')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the meter' }).getAttribute('href')).toBe(
      '/device/meter?meterCode=M-0001',
    );
  });

  it('gives a pipe its DN, material and length', () => {
    renderWithStore(
      <MapDetailPanel
        picked={{
          kind: 'pipe',
          pipe: {
            id: 1,
            code: 'P-9',
            diameterMm: 300,
            material: 'DI',
            status: 1,
            path: [
              [116, 39],
              [116, 39.001],
            ],
          },
        }}
        meter={() => null}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('DN300')).toBeTruthy();
    expect(screen.getByText('111 m')).toBeTruthy();
  });
});

describe('MapLegend', () => {
  it('lists the loss-rate buckets or the night-flow statuses', () => {
    const { rerender } = renderWithStore(<MapLegend colouring="lossRate" />);
    expect(screen.getByText('> 20%')).toBeTruthy();
    rerender(<MapLegend colouring="nightFlow" />);
    expect(screen.getByText('无夜间流量数据')).toBeTruthy();
  });
});
