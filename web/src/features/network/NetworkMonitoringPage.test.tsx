// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NetworkMonitoring } from '@waterops/shared/network';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { NetworkMonitoringPage } from './NetworkMonitoringPage.tsx';

const SUMMARY: NetworkMonitoring = {
  districtId: null,
  pipelineCount: 117,
  totalLengthM: 12345.6,
  byMaterial: [
    { material: 'DI', count: 40, lengthM: 8000 },
    { material: null, count: 77, lengthM: 4345.6 },
  ],
  byDiameter: [
    { diameterClass: 'lt100', count: 0, lengthM: 0 },
    { diameterClass: 'dn100to300', count: 77, lengthM: 4345.6 },
    { diameterClass: 'dn300to600', count: 30, lengthM: 5000 },
    { diameterClass: 'ge600', count: 10, lengthM: 3000 },
    { diameterClass: 'unknown', count: 0, lengthM: 0 },
  ],
  wellCount: 97,
  wellsByType: [
    { wellType: 4, count: 92 },
    { wellType: 5, count: 3 },
  ],
  valves: { open: 5, closed: 2 },
  meteredPipes: [
    {
      pipelineId: 1,
      pipeCode: 'N3-101',
      end: 'start',
      meterId: 9,
      meterCode: 'DMA-IN-01',
      online: true,
      lastReadTime: '2026-11-26T01:00:00Z',
      lastReading: 102.5,
      flowM3h: 10,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

const renderPage = () => {
  const calls = fakeUserServer(demoUser({ permissions: ['network:pipeline:view'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/pipeNetWorkMonitoring')) return { resp_code: 0, resp_msg: 'ok', datas: SUMMARY };
    if (path.endsWith('/dma/district/findList'))
      return { code: 0, msg: 'ok', count: 1, data: [{ id: 7, districtName: '东城分区' }] };
    return undefined;
  });
  return { ...renderWithStore(<NetworkMonitoringPage />, { session: { signedIn: true } }), calls };
};

describe('the network monitoring page', () => {
  it('shows the cards, the tables by diameter and material, and the metered pipe with its flow', async () => {
    renderPage();
    expect(await screen.findByText('117')).toBeTruthy();
    expect(screen.getByText('12.35 km')).toBeTruthy();
    expect(screen.getByText('开 5 / 关 2')).toBeTruthy();
    const byMaterial = screen.getByRole('table', { name: '按材质' });
    expect(within(byMaterial).getByText('未填材质')).toBeTruthy();
    expect(within(byMaterial).getByText('8.00')).toBeTruthy();
    const byDiameter = screen.getByRole('table', { name: '按管径' });
    expect(within(byDiameter).getByText('DN300–600')).toBeTruthy();
    const metered = screen.getByRole('table', { name: '计量管线' });
    expect(within(metered).getByText('DMA-IN-01')).toBeTruthy();
    expect(within(metered).getByText('在线')).toBeTruthy();
    expect(within(metered).getByText('10.000')).toBeTruthy();
    expect(screen.getByRole('img', { name: '各管径等级的管线长度(km)' })).toBeTruthy();
  });

  it('says what the bars measure and in which unit: the length column of the table beside it, in km', async () => {
    renderPage();
    const chart = await screen.findByRole('img', { name: '各管径等级的管线长度(km)' });
    // the measure is written where a sighted user sees it, not only in the accessible name
    expect(screen.getByText('各管径等级的管线长度(km)', { selector: 'p' })).toBeTruthy();
    // the value axis carries its unit
    expect(chart.querySelector('.wo-chart-unit')?.textContent).toBe('km');
    // each bar's words are the table's length (km), not its count: DN100–300 is 77 pipes, 4.35 km
    const bars = [...chart.querySelectorAll('title')].map((el) => el.textContent);
    expect(bars).toContain('DN100–300 4.35 km');
    expect(bars).toContain('DN300–600 5.00 km');
    const row = within(screen.getByRole('table', { name: '按管径' }))
      .getByText('DN100–300')
      .closest('tr');
    expect(within(row as HTMLElement).getByText('4.35')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('77')).toBeTruthy();
  });

  it('asks for one district when it is chosen', async () => {
    const { calls } = renderPage();
    await screen.findByText('117');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '分区' }), '东城分区');
    await waitFor(() => expect(calls.some((c) => c.url.includes('pipeNetWorkMonitoring?districtId=7'))).toBe(true));
  });
});
