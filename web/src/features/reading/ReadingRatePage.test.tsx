// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RateGroupBy, ReadingRate } from '@waterops/shared/reading';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { localDay } from './ReadingDayRange.tsx';
import { percent, ReadingRatePage, rateIntent } from './ReadingRatePage.tsx';

const reply = (groupBy: RateGroupBy): ReadingRate => ({
  groupBy,
  from: '2026-03-01',
  to: '2026-03-07',
  days: 7,
  groups:
    groupBy === 'day'
      ? [{ id: null, name: '2026-03-01', meters: 10, expected: 10, read: 9, rate: 90 }]
      : [
          { id: 1, name: '东四小区', meters: 10, expected: 70, read: 70, rate: 100 },
          { id: null, name: '', meters: 2, expected: 14, read: 7, rate: 50 },
        ],
  overall: { meters: 12, expected: 84, read: 77, rate: 91.67 },
});

const ui = {
  overall: () => screen.findByRole('status', { name: '总抄表率' }),
  table: () => screen.findByRole('table', { name: '抄表率明细' }),
  tab: (name: string) => screen.getByRole('tab', { name }),
};

afterEach(() => vi.unstubAllGlobals());

const serve = () =>
  fakeFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/meter/meterBase/readingRate'))
      return { resp_code: 0, resp_msg: 'ok', datas: reply((u.searchParams.get('groupBy') ?? 'area') as RateGroupBy) };
    if (u.pathname.endsWith('/data/region/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    return [404, { resp_code: 404, resp_msg: '记录不存在' }];
  });

describe('the reading rate page', () => {
  it('shows the overall rate large and the areas of the last 7 days, meters without an area named so', async () => {
    const calls = serve();
    renderWithStore(<ReadingRatePage />);
    expect((await ui.overall()).textContent).toBe('91.67 %');
    expect(screen.getByText('应抄 84 表日，实抄 77 表日（12 块在用水表）')).toBeTruthy();
    const rows = within(await ui.table()).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('东四小区');
    expect(rows[1]?.textContent).toContain('100.00 %');
    expect(rows[2]?.textContent).toContain('未分配小区');
    const query = new URL(calls.find((c) => c.url.includes('readingRate'))?.url ?? '', 'http://x').searchParams;
    const today = new Date();
    expect(query.get('groupBy')).toBe('area');
    expect(query.get('to')).toBe(localDay(today));
    expect(query.get('from')).toBe(localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)));
    expect(screen.getByRole('img', { name: '抄表率 (%)' })).toBeTruthy();
  });

  it('groups by concentrator or by day from the tabs', async () => {
    const calls = serve();
    renderWithStore(<ReadingRatePage />);
    await ui.table();
    await userEvent.click(ui.tab('按集中器'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: '抄表率明细' })).getByText('无集中器')).toBeTruthy(),
    );
    await userEvent.click(ui.tab('按日'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: '抄表率明细' })).getByText('2026-03-01')).toBeTruthy(),
    );
    const groups = calls
      .filter((c) => c.url.includes('readingRate'))
      .map((c) => new URL(c.url, 'http://x').searchParams.get('groupBy'));
    expect(groups).toEqual(['area', 'concentrator', 'day']);
  });
});

describe('the day range', () => {
  it('says at once when the range is longer than 93 days, and asks nothing for it', async () => {
    const calls = serve();
    renderWithStore(<ReadingRatePage />);
    await ui.table();
    const asked = calls.filter((c) => c.url.includes('readingRate')).length;
    const start = screen.getByLabelText('开始时间');
    await userEvent.clear(start);
    await userEvent.type(start, '2020-01-01{Enter}');
    expect(await screen.findByText('日期范围最多 93 天')).toBeTruthy();
    expect(screen.queryByRole('table', { name: '抄表率明细' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('readingRate')).length).toBe(asked);
  });
});

describe('rate words and colours', () => {
  it.each([
    [null, '—', 'none'],
    [100, '100.00 %', 'success'],
    [98, '98.00 %', 'success'],
    [97.99, '97.99 %', 'warning'],
    [90, '90.00 %', 'warning'],
    [89.5, '89.50 %', 'danger'],
  ])('%s → %s, %s', (rate, text, intent) => {
    expect(percent(rate)).toBe(text);
    expect(rateIntent(rate)).toBe(intent);
  });
});
