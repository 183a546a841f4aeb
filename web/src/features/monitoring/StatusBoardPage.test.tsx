// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceStatusCell } from '@waterops/shared/monitoring';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { StatusBoardPage } from './StatusBoardPage.tsx';

const cell = (kind: DeviceStatusCell['kind'], areaId: number, areaName: string, online: number, total: number) => ({
  id: `${kind}:${areaId}`,
  kind,
  areaId,
  areaName,
  online,
  offline: total - online,
  total,
});
const REST_CELLS = [
  cell('concentrator', 11, '东四小区', 2, 2),
  cell('meter', 11, '东四小区', 150, 200),
  cell('meter', 12, '望京小区', 100, 100),
];

const ui = {
  card: (name: string) => screen.findByRole('region', { name }),
  table: () => screen.getByRole('table', { name: '各小区设备在线情况' }),
  row: (area: string) => screen.getByRole('row', { name: new RegExp(`^${area}`) }),
};

let sockets: FakeLiveSocket[] = [];
const socket = () => sockets[sockets.length - 1] as FakeLiveSocket;

beforeEach(() => {
  localStorage.clear();
  sockets = [];
  setAppLiveClient(
    createLiveClient({
      getToken: () => 'token',
      createSocket: () => {
        const s = new FakeLiveSocket('token');
        sockets.push(s);
        return s;
      },
      onSessionEnded: () => undefined,
    }),
  );
});
afterEach(() => {
  setAppLiveClient(null);
  vi.unstubAllGlobals();
});

const renderPage = () => {
  const calls = fakeUserServer(demoUser({ permissions: ['monitoring:stats:view'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/monitoring/statusBoard')) return { resp_code: 0, resp_msg: 'ok', datas: REST_CELLS };
    if (path.endsWith('/monitoring/meters'))
      return {
        code: 0,
        msg: 'ok',
        count: 1,
        data: [
          {
            id: 21,
            meterCode: 'SB00000021',
            areaId: 11,
            areaName: '东四小区',
            online: false,
            lastReportTime: null,
            concentratorCode: 'JZQ0003',
            collectorCode: null,
            lastReading: 1.5,
            voltage: 3.2,
            csq: 9,
            rsrp: -112,
            valveControl: false,
            valveState: null,
          },
        ],
      };
    return undefined;
  });
  renderWithStore(<StatusBoardPage />, { session: { signedIn: true } });
  return { calls };
};

describe('the status board', () => {
  it('shows the online rate and offline count per kind, and the same per area, from the REST answer first', async () => {
    renderPage();
    const meters = await ui.card('水表');
    await waitFor(() => expect(within(meters).getByText('83.3%')).toBeTruthy());
    expect(within(meters).getByText('250 / 300 在线')).toBeTruthy();
    expect(within(meters).getByRole('button', { name: '查看全部小区离线水表' }).textContent).toBe('50 台离线');
    expect(within(await ui.card('集中器')).getByText('全部在线')).toBeTruthy();
    // the area with offline devices first
    const rows = within(ui.table()).getAllByRole('row').slice(2);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['东四小区', '望京小区']);
    // an area name keeps to one line, cut with an ellipsis on a narrow screen: its full name is in the title
    expect(rows.map((r) => r.querySelector('th')?.getAttribute('title'))).toEqual(['东四小区', '望京小区']);
    expect(within(ui.row('东四小区')).getByTitle('在线率 75%').textContent).toBe('75%');
  });

  it('follows the live topic: the snapshot replaces the REST cells and a patch moves a count without a reload', async () => {
    renderPage();
    await ui.card('水表');
    await waitFor(() => expect(sockets.length).toBe(1));
    act(() => socket().connect());
    await waitFor(() => expect(socket().sentOf('subscribe')).toEqual([{ topic: 'devices.status' }]));
    act(() =>
      socket().push('snapshot', {
        topic: 'devices.status',
        key: 'devices.status',
        seq: 1,
        items: [cell('meter', 11, '东四小区', 199, 200)],
      }),
    );
    await waitFor(() => expect(screen.getByText('实时')).toBeTruthy());
    const meters = await ui.card('水表');
    await waitFor(() => expect(within(meters).getByText('199 / 200 在线')).toBeTruthy());
    act(() =>
      socket().push('patch', {
        topic: 'devices.status',
        key: 'devices.status',
        seq: 2,
        upserts: [cell('meter', 11, '东四小区', 190, 200)],
        removes: [],
      }),
    );
    await waitFor(() => expect(within(meters).getByText('190 / 200 在线')).toBeTruthy());
    expect(within(ui.row('东四小区')).getByRole('button', { name: '查看东四小区离线水表' }).textContent).toBe('10');
  });

  it('an offline count opens the offline devices of that kind and area', async () => {
    const { calls } = renderPage();
    await ui.card('水表');
    await waitFor(() => expect(ui.row('东四小区')).toBeTruthy());
    await userEvent.click(within(ui.row('东四小区')).getByRole('button', { name: '查看东四小区离线水表' }));
    expect(await screen.findByRole('button', { name: 'SB00000021' })).toBeTruthy();
    expect(screen.getByText('水表 · 东四小区')).toBeTruthy();
    const asked = calls.find((c) => c.url.includes('/monitoring/meters'))?.url ?? '';
    expect(asked).toContain('online=false');
    expect(asked).toContain('areaId=11');
  });

  it('speaks English', async () => {
    fakeUserServer(demoUser({ permissions: ['monitoring:stats:view'] }), (url) =>
      url.includes('/monitoring/statusBoard') ? { resp_code: 0, resp_msg: 'ok', datas: REST_CELLS } : undefined,
    );
    renderWithStore(<StatusBoardPage />, { session: { signedIn: true } }, 'en');
    const meters = await screen.findByRole('region', { name: 'Meters' });
    await waitFor(() => expect(within(meters).getByText('250 / 300 online')).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Status board' })).toBeTruthy();
  });
});
