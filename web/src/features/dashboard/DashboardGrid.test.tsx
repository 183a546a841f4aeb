// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeLayout, OverviewFigures, WidgetId, WidgetItem } from '@waterops/shared/dashboard';
import { channelKey } from '@waterops/shared/live';
import type { MenuEntry } from '@waterops/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { anAlarm, minutesAgo } from '../monitoring/alarmTestData.ts';
import { DashboardGrid } from './DashboardGrid.tsx';

const ui = {
  widget: (name: string) => screen.findByRole('region', { name }),
  queryWidget: (name: string) => screen.queryByRole('region', { name }),
  widgetNames: () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent),
  customise: () => screen.getByRole('button', { name: '自定义看板' }),
  dialog: () => screen.findByRole('dialog', { name: '自定义看板' }),
  show: (title: string) => screen.getByRole('checkbox', { name: `显示${title}` }),
  moveUp: (title: string) => screen.getByRole('button', { name: `上移${title}` }),
  save: () => screen.getByRole('button', { name: '保存' }),
};

const OVERVIEW: OverviewFigures = {
  meters: 12_480,
  metersOnline: 12_001,
  onlineRate: 96.2,
  concentrators: 40,
  concentratorsOnline: 39,
  collectors: 112,
  residents: 11_950,
  districts: 6,
};

const page = (id: number, name: string, component: string, url: string): MenuEntry => ({
  id,
  parentId: 0,
  name,
  path: component,
  url,
  css: 'dashboard',
  type: 0,
  hidden: false,
  sort: id,
  subMenus: [],
});

let sockets: FakeLiveSocket[] = [];
const socket = () => sockets[sockets.length - 1] as FakeLiveSocket;

beforeEach(() => {
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

type SetUp = { permissions?: string[]; menus?: MenuEntry[]; layout?: HomeLayout | null };

const setUp = ({ permissions = ['admin'], menus = [], layout = null }: SetUp = {}) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url, init) => {
    if (url.includes('/menus/current')) return { resp_code: 0, resp_msg: 'ok', datas: menus };
    if (url.includes('/home/layout'))
      return init.method === 'POST'
        ? { resp_code: 0, resp_msg: 'ok', datas: JSON.parse(String(init.body)) }
        : { resp_code: 0, resp_msg: 'ok', datas: layout };
    return undefined;
  });
  const view = renderWithStore(<DashboardGrid />, { session: { signedIn: true } });
  const connect = async () => {
    await waitFor(() => expect(sockets.length).toBe(1));
    act(() => socket().connect());
  };
  const key = (widget: WidgetId) => channelKey({ topic: 'dashboard', params: { widget } });
  const serve = async <W extends WidgetId>(item: WidgetItem<W>, seq = 1) => {
    await waitFor(() =>
      expect(socket().sentOf('subscribe')).toContainEqual({ topic: 'dashboard', params: { widget: item.id } }),
    );
    act(() => socket().push('snapshot', { topic: 'dashboard', key: key(item.id), seq, items: [item] }));
  };
  const patch = <W extends WidgetId>(item: WidgetItem<W>, seq: number) =>
    act(() => socket().push('patch', { topic: 'dashboard', key: key(item.id), seq, upserts: [item], removes: [] }));
  const posted = () => calls.filter((c) => c.method === 'POST' && c.url.includes('/home/layout')).map((c) => c.body);
  return { ...view, calls, connect, serve, patch, key, posted };
};

describe('the home dashboards', () => {
  it('shows a skeleton while connecting, then the figures the live topic pushes, and follows a patch', async () => {
    const home = setUp();
    const overview = await ui.widget('平台概览');
    expect(overview.getAttribute('aria-busy')).toBe('true');
    await home.connect();
    await home.serve({ id: 'overview', asOf: '2026-12-07T02:30:00Z', figures: OVERVIEW });
    await waitFor(() => expect(within(overview).getByText('12,480')).toBeTruthy());
    expect(overview.getAttribute('aria-busy')).toBe('false');
    expect(within(overview).getByText('96.2 %')).toBeTruthy();
    expect(within(overview).getByText('12,001 台在线')).toBeTruthy();
    expect(within(overview).getByText(/^数据截至 /)).toBeTruthy();

    home.patch(
      { id: 'overview', asOf: '2026-12-07T02:31:00Z', figures: { ...OVERVIEW, meters: 12_481, onlineRate: 95 } },
      2,
    );
    await waitFor(() => expect(within(overview).getByText('12,481')).toBeTruthy());
    expect(within(overview).getByText('95.0 %')).toBeTruthy();
  });

  it('keeps the last figures with their "as of" badge, muted, while the channel is degraded or offline', async () => {
    const home = setUp();
    await home.connect();
    await home.serve({ id: 'overview', asOf: '2026-12-07T02:30:00Z', figures: OVERVIEW });
    const overview = await ui.widget('平台概览');
    await waitFor(() => expect(within(overview).getByText('12,480')).toBeTruthy());
    expect(overview.className).not.toContain('wo-dash-stale');

    act(() =>
      socket().push('degraded', { topic: 'dashboard', key: home.key('overview'), reason: 'db', since: minutesAgo(1) }),
    );
    await waitFor(() => expect(overview.className).toContain('wo-dash-stale'));
    expect(within(overview).getByText('12,480')).toBeTruthy();
    expect(within(overview).getByTitle('连接中断或数据源异常，显示的是最后一次收到的数据').textContent).toMatch(
      /^数据截至 /,
    );

    act(() => socket().push('recovered', { topic: 'dashboard', key: home.key('overview') }));
    await waitFor(() => expect(overview.className).not.toContain('wo-dash-stale'));
    act(() => socket().drop());
    await waitFor(() => expect(overview.className).toContain('wo-dash-stale'));
    expect(within(overview).getByText('12,480')).toBeTruthy();
  });

  it('shows only the widgets the user may see, each linking to its page only when the user can open it', async () => {
    const home = setUp({
      permissions: ['reading:rate:view', 'monitoring:alarm:view'],
      menus: [
        page(1, '抄表率', 'reading/ReadingRatePage', '/reading/rate'),
        // in the menus, but its page permission (device:status:view) the user lacks: no link
        page(2, '设备状态', 'device/DeviceStatusPage', '/device/status'),
      ],
    });
    const rate = await ui.widget('抄表率');
    expect(within(rate).getByRole('link', { name: '抄表率' }).getAttribute('href')).toBe('/reading/rate');
    // the alarm console is not in their menus: the widget shows, without a link
    const alarms = await ui.widget('实时告警');
    expect(within(alarms).queryByRole('link')).toBeNull();
    expect(ui.widgetNames()).toEqual(['抄表率', '实时告警', '实时消息']);
    expect(ui.queryWidget('平台概览')).toBeNull();
    expect(ui.queryWidget('工单状态')).toBeNull();

    await home.connect();
    expect(socket().sentOf('subscribe')).not.toContainEqual({ topic: 'dashboard', params: { widget: 'overview' } });
  });

  it('links each figure to the page it comes from, narrowed to it, when the user can open that page', async () => {
    const home = setUp({
      menus: [
        page(1, '水表管理', 'device/MeterPage', '/device/meter'),
        page(2, '产销差分析', 'dma/WaterBalancePage', '/dma/balance'),
      ],
    });
    await home.connect();
    await home.serve({ id: 'overview', asOf: '2026-12-07T02:30:00Z', figures: OVERVIEW });
    const overview = await ui.widget('平台概览');
    const meters = await within(overview).findByRole('link', { name: '12,480' });
    expect(meters.getAttribute('href')).toBe('/device/meter');
    expect(meters.getAttribute('title')).toBe('查看水表');
    // the concentrator list is not in their menus: its count is plain text
    expect(within(overview).getByText('40').closest('a')).toBeNull();

    await home.serve({
      id: 'waterLoss',
      asOf: '2026-12-07T02:30:00Z',
      figures: {
        month: '2026-12',
        districts: [
          {
            districtId: 7,
            districtName: '东区',
            suppliedM3: 1000,
            billedM3: 880,
            lossRate: 0.12,
            assessedLossRate: 0.1,
            grade: 'first',
            nightline: 3.2,
            nightLeakage: 1.4,
            openLeakEvents: 0,
          },
        ],
      },
    });
    const loss = await ui.widget('水损');
    const district = await within(loss).findByRole('link', { name: '东区' });
    expect(district.getAttribute('href')).toBe('/dma/balance?districtId=7&month=2026-12');
    // the night-flow page is not theirs: the leakage is plain text
    expect(within(loss).getByText('1.4').closest('a')).toBeNull();
  });

  it('draws the reading rate, the alarms by level and the latest alarms newest first', async () => {
    const home = setUp();
    await home.connect();
    await home.serve({
      id: 'readingRate',
      asOf: '2026-12-07T02:30:00Z',
      figures: {
        day: '2026-12-07',
        today: { meters: 100, expected: 100, read: 87, rate: 87 },
        days: ['01', '02', '03', '04', '05', '06', '07'].map((d, i) => ({ day: `2026-12-${d}`, rate: 90 + i })),
      },
    });
    const rate = await ui.widget('抄表率');
    await waitFor(() => expect(within(rate).getByText('87.0 %')).toBeTruthy());
    expect(within(rate).getByText('已抄 87 / 应抄 100')).toBeTruthy();
    expect(within(rate).getByRole('img', { name: '近 7 天抄表率' }).querySelectorAll('circle')).toHaveLength(7);

    await home.serve({
      id: 'alarms',
      asOf: '2026-12-07T02:30:00Z',
      figures: {
        total: 5,
        byLevel: [
          { level: 'urgent', count: 2 },
          { level: 'general', count: 3 },
        ],
        raisedToday: 4,
      },
    });
    const alarms = await ui.widget('实时告警');
    await waitFor(() => expect(within(alarms).getByText('今日新增 4 条')).toBeTruthy());
    const levels = within(within(alarms).getByRole('list', { name: '按级别' })).getAllByRole('listitem');
    expect(levels.map((l) => l.textContent)).toEqual(['紧急 2', '严重 0', '告警 0', '一般 3']);

    await waitFor(() => expect(socket().sentOf('subscribe')).toContainEqual({ topic: 'alarms' }));
    act(() =>
      socket().push('snapshot', {
        topic: 'alarms',
        key: 'alarms',
        seq: 1,
        items: [
          anAlarm({ id: 1, raisedAt: minutesAgo(30), sourceCode: 'SB-OLD', alarmType: 'voltage' }),
          anAlarm({ id: 2, raisedAt: minutesAgo(5), sourceCode: 'SB-NEW', alarmType: 'offline', level: 'urgent' }),
        ],
      }),
    );
    const messages = await ui.widget('实时消息');
    const rows = await within(messages).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^\d\d-\d\d \d\d:\d\dSB-NEW离线$/),
      expect.stringMatching(/SB-OLD低电压$/),
    ]);
    // the type tag in its level's colour, the level named in its title
    expect(within(rows[0] as HTMLElement).getByTitle('紧急').className).toContain('bp6-intent-danger');
  });

  it('draws work orders by status and deadline, water loss with its grade, the radar and the ranking', async () => {
    const home = setUp();
    await home.connect();
    const asOf = '2026-12-07T02:30:00Z';
    await home.serve({
      id: 'workOrders',
      asOf,
      figures: {
        open: 6,
        byStatus: { processing: 2, pending: 4 },
        deadline: { overdue: 1, onTime: 5 },
        completedToday: 3,
      },
    });
    const orders = await ui.widget('工单状态');
    await waitFor(() => expect(within(orders).getByText('今日完成 3 单')).toBeTruthy());
    const tags = (list: string) =>
      within(within(orders).getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((l) => l.textContent);
    // the work-order pages' own labels, in the enums' order
    expect(tags('按状态')).toEqual(['待处理 4', '处理中 2']);
    expect(tags('按时限')).toEqual(['正常 5', '已超期 1']);

    await home.serve({
      id: 'waterLoss',
      asOf,
      figures: {
        month: '2026-12',
        districts: [
          {
            districtId: 1,
            districtName: '东区',
            suppliedM3: 1000,
            billedM3: 850,
            lossRate: 0.15,
            assessedLossRate: 0.13,
            grade: 'exceeded',
            nightline: 12.5,
            nightLeakage: 4.2,
            openLeakEvents: 1,
          },
          {
            districtId: 2,
            districtName: '西区',
            suppliedM3: null,
            billedM3: null,
            lossRate: null,
            assessedLossRate: null,
            grade: null,
            nightline: null,
            nightLeakage: null,
            openLeakEvents: 0,
          },
        ],
      },
    });
    const loss = await ui.widget('水损');
    await waitFor(() => expect(within(loss).getByRole('row', { name: /东区/ })).toBeTruthy());
    expect(within(loss).getByRole('row', { name: /东区/ }).textContent).toBe('东区15.00 %超标4.2');
    expect(within(loss).getByRole('row', { name: /西区/ }).textContent).toBe('西区———');

    await home.serve({
      id: 'dataRadar',
      asOf,
      figures: {
        from: '2026-11-30',
        to: '2026-12-06',
        axes: { completeness: 99, timeliness: 95.5, validity: 98, onlineRate: null, readingRate: 90 },
      },
    });
    const radar = await ui.widget('数据雷达图');
    const chart = await within(radar).findByRole('img', { name: '数据质量雷达图（2026-11-30 至 2026-12-06）' });
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '完整性99.0 %',
      '及时性95.5 %',
      '有效性98.0 %',
      '在线率—',
      '抄表率90.0 %',
    ]);
    // the axis without a figure gets no dot
    expect(chart.querySelectorAll('circle')).toHaveLength(4);

    await home.serve({
      id: 'communityRanking',
      asOf,
      figures: {
        month: '2026-12',
        areas: [
          { areaId: 11, areaName: '东四小区', volumeM3: 2400 },
          { areaId: 12, areaName: '望京小区', volumeM3: 600 },
        ],
      },
    });
    const ranking = await ui.widget('小区用水排行');
    const areas = await within(ranking).findAllByRole('listitem');
    expect(areas.map((a) => a.textContent)).toEqual(['1东四小区2,400.0', '2望京小区600.0']);
    expect(areas.map((a) => (a.querySelector('.wo-dash-ranking-bar') as HTMLElement).style.width)).toEqual([
      '100%',
      '25%',
    ]);
  });

  it('shows the advert strip only once there are adverts', async () => {
    const home = setUp();
    await home.connect();
    await home.serve({ id: 'adverts', asOf: '2026-12-07T02:30:00Z', figures: { items: [] } });
    await ui.widget('平台概览');
    expect(ui.queryWidget('公告')).toBeNull();
    home.patch(
      { id: 'adverts', asOf: '2026-12-07T02:31:00Z', figures: { items: [{ title: '停水通知', url: '/notice' }] } },
      2,
    );
    const strip = await ui.widget('公告');
    expect(within(strip).getByRole('link', { name: '停水通知' })).toBeTruthy();
  });

  it('speaks English', async () => {
    fakeUserServer(demoUser({ permissions: ['workorder:view'] }), () => undefined);
    renderWithStore(<DashboardGrid />, { session: { signedIn: true } }, 'en');
    expect(await screen.findByRole('region', { name: 'Work-order status' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dashboards' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Customise' })).toBeTruthy();
  });

  it('renders the saved layout, and the customise dialog saves the chosen one', async () => {
    const home = setUp({
      layout: {
        widgets: [
          { id: 'messages', hidden: false },
          { id: 'overview', hidden: true },
        ],
      },
    });
    await ui.widget('实时消息');
    // saved order first, the widgets it does not name after it; the hidden one left out
    expect(ui.widgetNames().slice(0, 3)).toEqual(['实时消息', '抄表率', '实时告警']);
    expect(ui.queryWidget('平台概览')).toBeNull();

    await userEvent.click(ui.customise());
    await ui.dialog();
    expect((ui.show('平台概览') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(ui.show('平台概览'));
    await userEvent.click(ui.show('实时消息'));
    await userEvent.click(ui.moveUp('抄表率'));
    await userEvent.click(ui.save());

    await waitFor(() => expect(home.posted()).toHaveLength(1));
    const sent = home.posted()[0] as HomeLayout;
    expect(sent.widgets.slice(0, 4)).toEqual([
      { id: 'messages', hidden: true },
      { id: 'readingRate', hidden: false },
      { id: 'overview', hidden: false },
      { id: 'alarms', hidden: false },
    ]);
    expect(sent.widgets).toHaveLength(9);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the page follows the saved layout without a reload
    await waitFor(() => expect(ui.widgetNames().slice(0, 2)).toEqual(['抄表率', '平台概览']));
    expect(ui.queryWidget('实时消息')).toBeNull();
  });
});
