// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { lastDays } from '../reading/ReadingDayRange.tsx';
import { MonitoringOverviewPage } from './MonitoringOverviewPage.tsx';

const TYPE_COUNT = {
  total: 7,
  byType: [
    { alarmType: 'voltage', count: 4 },
    { alarmType: 'offline', count: 3 },
  ],
  byLevel: [
    { level: 'urgent', count: 1 },
    { level: 'severe', count: 2 },
    { level: 'alarm', count: 4 },
    { level: 'general', count: 0 },
  ],
};
const day = (d: string, total: number) => ({ day: d, total, urgent: 0, severe: 0, alarm: total, general: 0 });
const TOP = [
  { areaId: 11, areaName: '东四小区', count: 5, urgent: 1, severe: 1, alarm: 3, general: 0 },
  { areaId: 12, areaName: '望京小区', count: 2, urgent: 0, severe: 0, alarm: 2, general: 0 },
];
const AREAS = [{ id: 11, areaName: '东四小区', regionId: 1, regionName: '东城片区' }];

const ui = {
  live: () => screen.findByRole('region', { name: '当前告警' }),
  trend: () => screen.findByRole('region', { name: '告警趋势' }),
  top: () => screen.queryByRole('region', { name: '告警最多的小区（前十）' }),
  area: () => screen.getByLabelText('小区', { selector: 'select' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const NO_LIVE = {
  total: 0,
  byType: [{ alarmType: 'voltage', count: 0 }],
  byLevel: TYPE_COUNT.byLevel.map((l) => ({ ...l, count: 0 })),
};

const renderPage = (trendDays = [day('2026-11-01', 0), day('2026-11-02', 3)], typeCount = TYPE_COUNT) => {
  const calls = fakeUserServer(demoUser({ permissions: ['monitoring:stats:view'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: 'ok', datas });
    if (path.endsWith('/monitoring/typeCount')) return ok(typeCount);
    if (path.endsWith('/monitoring/trend')) return ok({ from: '2026-11-01', to: '2026-11-02', days: trendDays });
    if (path.endsWith('/monitoring/topTenArea')) return ok(TOP);
    if (path.endsWith('/data/area/findList')) return { code: 0, msg: 'ok', count: 1, data: AREAS };
    return undefined;
  });
  renderWithStore(<MonitoringOverviewPage />, { session: { signedIn: true } });
  return { calls };
};

describe('the monitoring overview', () => {
  it('shows live alarms per level, the daily trend chart and the ten areas with most alarms', async () => {
    renderPage();
    const live = await ui.live();
    await waitFor(() => expect(within(live).getByText('当前告警 7 条')).toBeTruthy());
    expect(within(live).getByText('紧急 1')).toBeTruthy();
    expect(within(live).getByText('严重 2')).toBeTruthy();
    expect(within(live).getByRole('img', { name: '按类型' })).toBeTruthy();
    const trend = await ui.trend();
    await waitFor(() => expect(within(trend).getByRole('img', { name: '每日告警数' })).toBeTruthy());
    const top = await screen.findByRole('table', { name: '告警最多的小区（前十）' });
    const rows = within(top).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['东四小区', '望京小区']);
  });

  it('says so when nothing was raised in the chosen days', async () => {
    renderPage([day('2026-11-01', 0)]);
    const trend = await ui.trend();
    await waitFor(() => expect(within(trend).getByText('所选时间内没有告警')).toBeTruthy());
  });

  it('says so when no alarm is live instead of drawing an empty chart', async () => {
    renderPage(undefined, NO_LIVE);
    const live = await ui.live();
    await waitFor(() => expect(within(live).getByText('当前没有告警')).toBeTruthy());
    expect(within(live).getByText('当前告警 0 条')).toBeTruthy();
    expect(within(live).queryByRole('img', { name: '按类型' })).toBeNull();
  });

  it('narrows the figures to the chosen area (the top ten then has nothing to rank)', async () => {
    const { calls } = renderPage();
    await ui.live();
    await waitFor(() => expect(screen.getAllByRole('option', { name: '东四小区' }).length).toBeGreaterThan(0));
    await userEvent.selectOptions(ui.area(), '东四小区');
    await waitFor(() => {
      expect(calls.some((c) => c.url.includes('/monitoring/typeCount?areaId=11'))).toBe(true);
      expect(calls.some((c) => c.url.includes('/monitoring/trend') && c.url.includes('areaId=11'))).toBe(true);
    });
    expect(ui.top()).toBeNull();
    // the last 30 days; ending today, the end is the server's (China's) today, so `to` is left out
    const trend = calls.find((c) => c.url.includes('/monitoring/trend'))?.url ?? '';
    expect(trend).toContain(`from=${lastDays(30).from}`);
    expect(trend).not.toContain('to=');
  });
});
