// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Concentrator, Meter } from '@waterops/shared/device';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { DeviceStatusPage } from './DeviceStatusPage.tsx';

const hub = {
  id: 3,
  concentratorCode: 'JZQ0003',
  areaName: '东四小区',
  reportRate: 15,
  online: false,
  lastReportTime: new Date(Date.now() - 3 * 3600_000).toISOString(),
  meterCount: 40,
} as Concentrator;
const meter = {
  id: 21,
  meterCode: 'SB00000021',
  areaName: '东四小区',
  online: true,
  lastReportTime: null,
  lastReading: 123.456,
  voltage: 3.61,
  csq: 22,
  rsrp: -95,
} as Meter;
const SUMMARY = {
  concentrators: { online: 9, offline: 1, total: 10 },
  collectors: { online: 0, offline: 0, total: 0 },
  meters: { online: 1500, offline: 500, total: 2000 },
};
const AREAS = [{ id: 11, areaName: '东四小区', regionId: 1, regionName: '东城片区' }];

const ui = {
  card: (name: string) => screen.findByRole('region', { name }),
  tab: (name: string) => screen.getByRole('tab', { name }),
  area: () => screen.getByLabelText('小区', { selector: 'select' }),
  state: () => screen.getByRole('combobox', { name: '在线状态' }),
  search: () => screen.getByRole('button', { name: '查询' }),
  stateTag: (text: string) => screen.getAllByText(text, { selector: '.bp6-tag > span' }),
};

/** Shows where the router is, so a test can see the detail drawer's address. */
function Where() {
  const location = useLocation();
  return <output aria-label="where">{location.search}</output>;
}

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderPage = () => {
  const calls = fakeUserServer(demoUser({ permissions: ['device:status:view'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/device/status/summary')) return { resp_code: 0, resp_msg: 'ok', datas: SUMMARY };
    if (path.endsWith('/device/concentrator/list')) return { code: 0, msg: 'ok', count: 1, data: [hub] };
    if (path.endsWith('/device/watermeter/list')) return { code: 0, msg: 'ok', count: 1, data: [meter] };
    if (path.endsWith('/device/collector/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    if (path.endsWith('/data/area/findList')) return { code: 0, msg: 'ok', count: 1, data: AREAS };
    return undefined;
  });
  const view = renderWithStore(
    <>
      <DeviceStatusPage />
      <Where />
    </>,
    { session: { signedIn: true } },
  );
  return { ...view, calls };
};

describe('the device status page', () => {
  it('shows online of total per kind, the offline count and the online share', async () => {
    renderPage();
    const meters = await ui.card('水表');
    await waitFor(() => expect(within(meters).getByText('1500 / 2000 在线')).toBeTruthy());
    expect(within(meters).getByText('500 离线')).toBeTruthy();
    expect(within(meters).getByText('在线率 75%')).toBeTruthy();
    expect(within(await ui.card('集中器')).getByText('9 / 10 在线')).toBeTruthy();
  });

  it('lists concentrators with their state and how long ago they reported; a code opens the drawer', async () => {
    renderPage();
    const code = await screen.findByRole('button', { name: 'JZQ0003' });
    expect(ui.stateTag('离线')).toHaveLength(1);
    expect(screen.getByText('3 小时前', { exact: false })).toBeTruthy();
    await userEvent.click(code);
    await waitFor(() =>
      expect(screen.getByLabelText('where').textContent).toBe(`?detail=${encodeURIComponent('concentrator:3')}`),
    );
  });

  it('lists meters on their tab, never reported ones said so; the state filter asks the meter list for offline ones', async () => {
    const { calls } = renderPage();
    await screen.findByRole('button', { name: 'JZQ0003' });
    await userEvent.click(ui.tab('水表'));
    expect(await screen.findByRole('button', { name: 'SB00000021' })).toBeTruthy();
    expect(screen.getByText('从未上报')).toBeTruthy();
    await userEvent.selectOptions(ui.state(), '离线');
    await userEvent.click(ui.search());
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/device/watermeter/list') && c.url.includes('online=false'))).toBe(true),
    );
  });

  it('narrows the cards and the list to the chosen area', async () => {
    const { calls } = renderPage();
    await screen.findByRole('button', { name: 'JZQ0003' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: '东四小区' }).length).toBeGreaterThan(0));
    await userEvent.selectOptions(ui.area(), '东四小区');
    await waitFor(() => {
      expect(calls.some((c) => c.url.includes('/device/status/summary?areaId=11'))).toBe(true);
      expect(calls.some((c) => c.url.includes('/device/concentrator/list') && c.url.includes('areaId=11'))).toBe(true);
    });
  });
});
