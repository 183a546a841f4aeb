// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterDays, RawReading } from '@waterops/shared/reading';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { localDay } from './ReadingDayRange.tsx';
import { consumptionBars, ReadingRecordPage } from './ReadingRecordPage.tsx';

const series: MeterDays = {
  meterId: 21,
  meterCode: 'SB000021',
  maxReading: 9999,
  from: '2026-03-01',
  to: '2026-03-05',
  days: [
    {
      day: '2026-03-01',
      rawReading: 9998.5,
      reading: 9998.5,
      consumption: 0.6,
      rawConsumption: 0.6,
      quality: 'A',
      rule: null,
      reads: 24,
    },
    {
      day: '2026-03-02',
      rawReading: 0.7,
      reading: 0.7,
      consumption: 1.2,
      rawConsumption: -9997.8,
      quality: 'A',
      rule: 'rollover',
      reads: 24,
    },
    {
      day: '2026-03-03',
      rawReading: null,
      reading: 1.5,
      consumption: 0.8,
      rawConsumption: null,
      quality: 'E',
      rule: 'gap',
      reads: 0,
    },
    {
      day: '2026-03-04',
      rawReading: 0.2,
      reading: 0.2,
      consumption: 0.9,
      rawConsumption: -1.3,
      quality: 'S',
      rule: 'spike',
      reads: 3,
    },
  ],
  swaps: [
    {
      id: 1,
      replacedTime: '2026-03-04T01:00:00Z',
      day: '2026-03-04',
      oldMeterCode: 'OLD-9',
      oldFinalReading: 1.9,
      newMeterCode: 'SB000021',
      newBaseReading: 0,
      remark: null,
    },
  ],
  totals: {
    consumption: 3.5,
    rawConsumption: -9998.5,
    actualDays: 2,
    estimatedDays: 1,
    substitutedDays: 1,
    missingDays: 1,
    reads: 51,
  },
};

const read = (i: number, meterId = 21): RawReading => ({
  meterId,
  meterCode: `SB0000${meterId}`,
  time: new Date(Date.UTC(2026, 2, 5, 0, 0) - i * 3_600_000).toISOString(),
  reading: 2 - i / 100,
  voltage: 3.6,
  csq: 20,
  rsrp: -88,
  valveState: 1,
  source: 1,
  receivedTime: '2026-03-05T00:01:00Z',
});

const ui = {
  meter: () => screen.getByLabelText('水表', { selector: 'input' }),
  list: () => screen.findByRole('listbox', { name: '水表' }),
  daysTable: () => screen.findByRole('table', { name: '日数据' }),
  readsTab: () => screen.getByRole('tab', { name: '原始读数' }),
  readsTable: () => screen.findByRole('table', { name: '原始读数' }),
  latestTable: () => screen.findByRole('table', { name: '全部水表的最新读数' }),
  chart: () => screen.findByRole('img', { name: '日用水量 (m³)' }),
};

afterEach(() => vi.unstubAllGlobals());

/** Moves the test's router, as a link from elsewhere would. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

const serve = () =>
  fakeFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/device/watermeter/list'))
      return { code: 0, msg: 'ok', count: 1, data: [{ id: 21, meterCode: 'SB000021' }] };
    if (u.pathname.endsWith('/meter/meterBase/days')) return { resp_code: 0, resp_msg: 'ok', datas: series };
    if (u.pathname.endsWith('/meter/meterBase/readings')) {
      // no meter: the latest reads of every meter in scope (two meters here, newest first)
      if (!u.searchParams.has('meterId'))
        return { code: 0, msg: 'ok', count: 3, data: [read(0, 21), read(0, 35), read(1, 21)] };
      const page = Number(u.searchParams.get('page'));
      const limit = Number(u.searchParams.get('limit'));
      const rows = Array.from({ length: page === 1 ? limit : 10 }, (_, i) => read((page - 1) * limit + i));
      return { code: 0, msg: 'ok', count: limit + 10, data: rows };
    }
    return [404, { resp_code: 404, resp_msg: '记录不存在' }];
  });

const chooseMeter = async () => {
  await userEvent.click(ui.meter());
  await userEvent.type(ui.meter(), 'SB0');
  await userEvent.click(await within(await ui.list()).findByText('SB000021'));
};

describe('the reading records page', () => {
  it('opens on the latest reads of every meter in scope, newest first, without a chosen meter', async () => {
    const calls = serve();
    renderWithStore(<ReadingRecordPage />);
    const table = await ui.latestTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // each read names its meter; the newest first
    expect(rows[0]?.textContent).toContain('表身号');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'SB000021' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'SB000035' })).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
    const query = new URL(calls.find((c) => c.url.includes('/meterBase/readings'))?.url ?? '', 'http://x').searchParams;
    expect(query.has('meterId')).toBe(false);
    expect([query.get('page'), query.get('limit')]).toEqual(['1', '50']);
    expect(query.get('to')).toBe(localDay(new Date()));
    // no daily series is asked for without a meter
    expect(calls.some((c) => c.url.includes('/meter/meterBase/days'))).toBe(false);
  });

  it("chooses a meter by clicking its code in the latest reads, then shows that meter's history", async () => {
    const calls = serve();
    renderWithStore(<ReadingRecordPage />);
    const table = await ui.latestTable();
    await userEvent.click(within(table).getAllByRole('button', { name: 'SB000021' })[0] as HTMLElement);
    await ui.daysTable();
    expect(calls.some((c) => c.url.includes('/meter/meterBase/days?meterId=21'))).toBe(true);
    expect((ui.meter() as HTMLInputElement).value).toBe('SB000021');
    expect(screen.queryByRole('table', { name: '全部水表的最新读数' })).toBeNull();
  });

  it("shows a chosen meter's daily use over the last 30 days, raw beside validated", async () => {
    const calls = serve();
    renderWithStore(<ReadingRecordPage />);
    await chooseMeter();
    const table = await ui.daysTable();
    const daysCall = calls.find((c) => c.url.includes('/meter/meterBase/days'));
    const query = new URL(daysCall?.url ?? '', 'http://x').searchParams;
    expect(query.get('meterId')).toBe('21');
    const today = new Date();
    expect(query.get('to')).toBe(localDay(today));
    expect(query.get('from')).toBe(localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)));
    expect(await ui.chart()).toBeTruthy();
    // newest day first; the estimated day tagged, the rule by name; the raw use beside the validated one
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('2026-03-04');
    expect(rows[1]?.textContent).toContain('替代');
    expect(rows[1]?.textContent).toContain('读数突变');
    expect(rows[3]?.textContent).toContain('读数翻转');
    expect(rows[3]?.textContent).toContain('-9997.800');
    expect(rows[3]?.textContent).toContain('1.200');
    expect(screen.getByText(/区间用水量/).textContent).toContain('3.500 m³');
    expect(screen.getByRole('list', { name: '换表记录' }).textContent).toContain('OLD-9');
  });

  it('lists the raw reads paged, the CSQ with its RSSI', async () => {
    const calls = serve();
    renderWithStore(<ReadingRecordPage />);
    await chooseMeter();
    await ui.daysTable();
    await userEvent.click(ui.readsTab());
    const table = await ui.readsTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    expect(within(table).getAllByText('20 (-73 dBm)').length).toBe(50);
    expect(screen.getByText('共 60 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    const pages = calls
      .filter((c) => c.url.includes('/meter/meterBase/readings?meterId=21'))
      .map((c) => new URL(c.url, 'http://x').searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('opens on the meter the URL names (the meter drawer links here), named by its body code', async () => {
    const calls = serve();
    renderWithStore(
      <>
        <GoTo to="/reading/record?meterId=21" />
        <ReadingRecordPage />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await ui.daysTable();
    await waitFor(() => expect((ui.meter() as HTMLInputElement).value).toBe('SB000021'));
    expect(calls.some((c) => c.url.includes('/device/watermeter/list'))).toBe(false);
  });

  it('reads in English', async () => {
    serve();
    renderWithStore(<ReadingRecordPage />, undefined, 'en');
    expect(screen.getByRole('heading', { name: 'Reading records' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Latest reads of all meters' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Body code' })).toBeTruthy();
  });
});

describe('consumptionBars', () => {
  it('gives every day of the range a bar: estimated hatched, substituted flagged, rollover and swap marked', () => {
    const bars = consumptionBars(series, (key) => i18n.t(key));
    expect(bars.map((b) => [b.label, b.value, b.variant, b.marker])).toEqual([
      ['03-01', 0.6, 'normal', undefined],
      ['03-02', 1.2, 'normal', '↻'],
      ['03-03', 0.8, 'estimated', undefined],
      ['03-04', 0.9, 'flagged', '⇄'],
      ['03-05', null, 'normal', undefined],
    ]);
  });
});
