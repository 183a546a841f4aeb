// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { District, LeakEvent, NightFlowCurves, NightFlowSeries, NightlineDay } from '@waterops/shared/dma';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/dateRange.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { defaultRange, NightFlowPage, rangeValid } from './NightFlowPage.tsx';

const today = chinaDay(new Date());
const day = (n: number) => addDays(today, -n);

const night = (d: string, nightline: number | null): NightlineDay => ({
  day: d,
  nightline,
  minAt: null,
  points: nightline === null ? 2 : 24,
  expected: 24,
  legitimate: 3,
  leakage: nightline === null ? null : nightline - 3,
  meanFlow: 20,
  baseline: 8,
  cusum: 0,
});

const event: LeakEvent = {
  id: 5,
  districtId: 7,
  districtName: '东区',
  kind: 'step',
  status: 'open',
  startDay: day(10),
  detectedDay: day(8),
  firstDetectedAt: '2026-11-20T02:00:00.000Z',
  repairedDay: null,
  magnitude: 4.5,
  volume: 1296,
  level: 'severe',
  alarmId: 321,
};

const series = (withData = true): NightFlowSeries => ({
  districtId: 7,
  districtName: '东区',
  intervalMinutes: withData ? 15 : null,
  days: withData ? [night(day(12), 8), night(day(11), 8.2), night(day(9), null), night(day(1), 12.5)] : [],
  events: withData ? [event] : [],
  warmup: { required: 21, have: 21, readyDay: '2026-11-01', baselineFrom: null, baselineTo: null },
});

const curves: NightFlowCurves = {
  districtId: 7,
  curves: [
    {
      day: day(1),
      points: [
        [0, 14],
        [180, 12.5],
        [360, 20],
        [720, 40],
      ],
      nightline: 12.5,
      minMinute: 180,
    },
  ],
};

const districts = [{ id: 7, districtName: '东区' } as District, { id: 8, districtName: '西区' } as District];

afterEach(() => vi.unstubAllGlobals());

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

const renderPage = (
  { permissions = ['admin'], withData = true }: { permissions?: string[]; withData?: boolean } = {},
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/dma/district/findList')) return { code: 0, msg: 'ok', count: 2, data: districts };
    if (u.pathname.endsWith('/dma/nightFlow/curves')) return { resp_code: 0, resp_msg: 'ok', datas: curves };
    if (u.pathname.endsWith('/dma/nightFlow/analyse'))
      return { resp_code: 0, resp_msg: 'ok', datas: { districts: 1, days: 90, eventsOpened: 1, alarmsRaised: 1 } };
    if (u.pathname.endsWith('/dma/nightFlow')) return { resp_code: 0, resp_msg: 'ok', datas: series(withData) };
    return undefined;
  });
  const view = renderWithStore(
    <>
      <GoTo to="/dma/nightFlow?districtId=7" />
      <NightFlowPage />
    </>,
    { session: { signedIn: true } },
    locale,
  );
  return { ...view, calls };
};

const openDistrict = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'go' }));
};

describe('the range', () => {
  it('opens on the 90 days to today and refuses more than 366 days or a reversed range', () => {
    const r = defaultRange(new Date('2026-03-31T04:00:00Z'));
    expect(r).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(rangeValid(r)).toBe(true);
    expect(rangeValid({ from: '2025-01-01', to: '2026-01-01' })).toBe(true);
    expect(rangeValid({ from: '2024-12-31', to: '2026-01-01' })).toBe(false);
    expect(rangeValid({ from: '2026-02-01', to: '2026-01-01' })).toBe(false);
    expect(rangeValid({ from: '', to: '2026-01-01' })).toBe(false);
  });
});

describe('the night flow page', () => {
  it('asks for a district first', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('请选择一个分区')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/dma/nightFlow'))).toBe(false);
  });

  it('reads the district from ?districtId, draws the trend with gaps and the event, and its events table', async () => {
    const { calls } = renderPage();
    await openDistrict();
    const trend = await screen.findByRole('img', { name: '夜间最小流量趋势' });
    const asked = new URL(calls.find((c) => c.url.includes('/dma/nightFlow?'))?.url ?? '', 'http://x');
    expect(asked.searchParams.get('districtId')).toBe('7');
    expect(asked.searchParams.get('to')).toBe(today);
    expect(asked.searchParams.get('from')).toBe(addDays(today, -89));
    // 90 slots, 4 with a row, 3 with a nightline: 87 missing marks
    expect(within(trend).getAllByTestId('missing-day')).toHaveLength(87);
    expect(within(trend).getByTestId('event-5')).toBeTruthy();
    expect(screen.getByText('采样间隔 15 分钟', { exact: false })).toBeTruthy();
    const table = screen.getByRole('table', { name: '漏损事件' });
    expect(within(table).getByText('突增')).toBeTruthy();
    expect(within(table).getByText('严重')).toBeTruthy();
    expect(within(table).getByText('4.50')).toBeTruthy();
    expect(within(table).getByText('1,296.0')).toBeTruthy();
    expect(within(table).getByRole('link', { name: '查看告警' }).getAttribute('href')).toBe('/monitoring/alarms');
    // the estimated start day beside when the detector first saw it (wall clock, in the browser's zone as elsewhere)
    expect(within(table).getByText(formatDateTime(new Date(event.firstDetectedAt)).slice(0, 16))).toBeTruthy();
    expect(within(table).getByText(day(10))).toBeTruthy();
    expect(screen.getByText('基线自 2026-11-01 起生效，依据最初 21 天的夜间流量')).toBeTruthy();
  });

  it('draws the default days’ curves: the latest, the day before the event and its detected day', async () => {
    const { calls } = renderPage();
    await openDistrict();
    const chart = await screen.findByRole('img', { name: '流量曲线' });
    const asked = new URL(calls.find((c) => c.url.includes('/nightFlow/curves'))?.url ?? '', 'http://x');
    expect(asked.searchParams.get('days')).toBe([day(11), day(8), day(1)].join(','));
    expect(within(chart).getByTestId('night-window')).toBeTruthy();
    expect(
      within(chart)
        .getByTestId(`curve-${day(1)}`)
        .querySelector('circle'),
    ).toBeTruthy();
    expect(screen.getByText(/最小值 03:00/)).toBeTruthy();
  });

  it('adds a day to compare from the calendar input, in full only, and drops it again', async () => {
    const { calls } = renderPage();
    await openDistrict();
    await screen.findByRole('img', { name: '流量曲线' });
    const adder = screen.getByLabelText('添加日期');
    // typing stays an unfinished day until it is whole: nothing is asked for '2026-1'
    await userEvent.type(adder, day(20).slice(0, 6));
    expect(screen.queryByText(day(20))).toBeNull();
    await userEvent.clear(adder);
    await userEvent.type(adder, day(20));
    const tag = await screen.findByText(day(20));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes('/nightFlow/curves') &&
            new URL(c.url, 'http://x').searchParams.get('days') === [day(20), day(11), day(8), day(1)].join(','),
        ),
      ).toBe(true),
    );
    await userEvent.click(within(tag.closest('.bp6-tag') as HTMLElement).getByRole('button'));
    await waitFor(() => expect(screen.queryByText(day(20))).toBeNull());
  });

  it('says when the range has no inlet flow', async () => {
    renderPage({ withData: false });
    await openDistrict();
    expect(await screen.findByText('该时段暂无进水流量数据')).toBeTruthy();
  });

  it('re-analyses the range for an editor, who also sees the import', async () => {
    const { calls, messages } = renderPage();
    await openDistrict();
    await screen.findByRole('img', { name: '夜间最小流量趋势' });
    await userEvent.click(screen.getByRole('button', { name: '重新分析' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/nightFlow/analyse') && c.method === 'POST')).toBe(true),
    );
    await waitFor(() => expect(messages).toEqual([]));
    expect(screen.getByRole('button', { name: '导入进水流量' })).toBeTruthy();
  });

  it('offers no import or re-analysis to a viewer', async () => {
    renderPage({ permissions: ['dma:analysis:view'] });
    await openDistrict();
    await screen.findByRole('img', { name: '夜间最小流量趋势' });
    expect(screen.queryByRole('button', { name: '重新分析' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入进水流量' })).toBeNull();
  });

  it('uploads an inlet-flow CSV and shows what came of it', async () => {
    renderPage();
    // the same server, also answering the import
    vi.unstubAllGlobals();
    const uploads: string[] = [];
    fakeUserServer(demoUser({ permissions: ['admin'] }), (url) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/dma/district/findList')) return { code: 0, msg: 'ok', count: 2, data: districts };
      if (u.pathname.endsWith('/dma/nightFlow/curves')) return { resp_code: 0, resp_msg: 'ok', datas: curves };
      if (u.pathname.endsWith('/dma/inletFlow/import')) {
        uploads.push(u.search);
        return {
          resp_code: 0,
          resp_msg: 'ok',
          datas: {
            imported: 96,
            failed: [{ line: 3, message: 'dma.inletFlow.badTime' }],
            intervalMinutes: 15,
            from: '2026-03-01T00:00:00Z',
            to: '2026-03-01T23:45:00Z',
          },
        };
      }
      if (u.pathname.endsWith('/dma/nightFlow')) return { resp_code: 0, resp_msg: 'ok', datas: series() };
      return undefined;
    });
    await openDistrict();
    await userEvent.click(await screen.findByRole('button', { name: '导入进水流量' }));
    const dialog = await screen.findByRole('dialog', { name: /导入进水流量/ });
    const upload = within(dialog).getByRole('button', { name: '导入' });
    expect(upload).toHaveProperty('disabled', true);
    await act(async () => {
      await userEvent.upload(
        within(dialog).getByLabelText('CSV 文件'),
        new File(['time,flow\n2026-03-01 00:00,12.5\n'], 'flow.csv', { type: 'text/csv' }),
      );
    });
    // the dialog previews the file before it can be sent
    await within(dialog).findByRole('table', { name: '文件预览' });
    await userEvent.click(upload);
    expect(await within(dialog).findByText('已导入 96 条')).toBeTruthy();
    expect(within(dialog).getByText('失败 1 行')).toBeTruthy();
    expect(within(dialog).getByText('第 3 行')).toBeTruthy();
    expect(within(dialog).getByText('采样间隔：15 分钟')).toBeTruthy();
    expect(uploads[0]).toContain('districtId=7');
  });

  it('speaks English', async () => {
    renderPage({}, 'en');
    expect(await screen.findByText('Choose a district')).toBeTruthy();
    await openDistrict();
    expect(await screen.findByRole('img', { name: 'Nightline trend' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Leak events' })).getByText('Step')).toBeTruthy();
    expect(screen.getByText('Baseline in effect from 2026-11-01, learnt from the first 21 nights')).toBeTruthy();
  });

  it('says no data in English', async () => {
    renderPage({ withData: false }, 'en');
    await openDistrict();
    expect(await screen.findByText('No inlet flow in this range')).toBeTruthy();
  });
});
