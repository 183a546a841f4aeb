// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DistrictWaterStatistics, ZoneMeteringRow } from '@waterops/shared/dma';
import { addMonths } from '@waterops/shared/reading';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { lastFullMonth } from './balanceFormat.ts';
import { WaterBalancePage } from './WaterBalancePage.tsx';

const row = (districtId: number, districtName: string, rate: number | null): ZoneMeteringRow => ({
  districtId,
  districtName,
  kind: 1,
  parentId: null,
  inletCount: 1,
  suppliedM3: rate === null ? null : 10000,
  billedM3: rate === null ? null : 10000 * (1 - rate),
  nrwM3: rate === null ? null : 10000 * rate,
  productionSalesDifferenceRate: rate,
  comprehensiveLossRate: rate,
  assessedLossRate: rate === null ? null : rate - 0.01,
  grade: rate === null ? null : rate - 0.01 <= 0.1 ? 'first' : rate - 0.01 <= 0.12 ? 'second' : 'exceeded',
  ili: 1.8,
  nrwLitresPerConnectionPerDay: 55.5,
  nightline: 4.2,
  nightLeakage: 1.1,
  openLeakEvents: districtId === 2 ? 2 : 0,
});

const stats: DistrictWaterStatistics = {
  districtId: 2,
  districtName: '西区',
  month: '2026-02',
  input: {},
  balance: {
    suppliedM3: 10000,
    billedM3: 8000,
    authorisedM3: 8200,
    nrwM3: 2000,
    nrwRate: 0.2,
    productionSalesDifferenceRate: 0.2,
    waterLossesM3: 1800,
    apparentLossesM3: 300,
    realLossesM3: 1500,
    comprehensiveLossRate: 0.18,
    corrections: { r1: 0.01, r2: 0.005, r3: 0, r4: 0, total: 0.015 },
    assessedLossRate: 0.165,
    grade: 'exceeded',
    uarlLitresPerDay: 12000,
    annualRealLossesM3: 18250,
    ili: 4.17,
    iliIndicativeOnly: true,
    nrwLitresPerConnectionPerDay: 120,
    realLossesLitresPerConnectionPerDay: 90,
  },
  billedCoverage: 0.92,
  days: [
    { day: '2026-02-01', suppliedM3: 350, billedM3: 280 },
    { day: '2026-02-02', suppliedM3: null, billedM3: 290 },
    { day: '2026-02-03', suppliedM3: 360, billedM3: 300 },
  ],
};

/** The district's balance with no assessment, for want of what `input` lacks. */
const unassessedWith = (input: DistrictWaterStatistics['input']): DistrictWaterStatistics => ({
  ...stats,
  input,
  balance: {
    ...stats.balance,
    assessedLossRate: null,
    grade: null,
    corrections: { r1: 0.01, r2: null, r3: null, r4: 0, total: null },
  },
});

afterEach(() => vi.unstubAllGlobals());

const renderPage = (
  rows: ZoneMeteringRow[],
  locale: 'zh-CN' | 'en' = 'zh-CN',
  districtStats: DistrictWaterStatistics = stats,
) => {
  const calls = fakeUserServer(demoUser({ permissions: ['dma:analysis:view'] }), (url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/dma/dmaZoneMetering')) return { resp_code: 0, resp_msg: 'ok', datas: rows };
    if (u.pathname.endsWith('/dma/dmaWaterStatistics')) return { resp_code: 0, resp_msg: 'ok', datas: districtStats };
    return undefined;
  });
  const page = (
    <>
      <GoTo to="/dma/waterBalance?month=2026-02&districtId=2" />
      <WaterBalancePage />
    </>
  );
  return { ...renderWithStore(page, { session: { signedIn: true } }, locale), calls };
};

/** Follows a link with a query, as the operations map's panel does. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: '各分区产销差' }))
    .getAllByRole('row')
    .slice(1);

describe('the production–sales difference page', () => {
  it('asks for the last full month and lists districts worst rate first, coloured by CJJ 92 grade', async () => {
    const { calls } = renderPage([
      row(1, '东区', 0.08),
      row(2, '西区', 0.2),
      row(3, '南区', 0.11),
      row(4, '北区', null),
    ]);
    await screen.findByRole('table', { name: '各分区产销差' });
    const asked = calls.find((c) => c.url.includes('/dmaZoneMetering')) ?? { url: '' };
    expect(new URL(asked.url, 'http://x').searchParams.get('month')).toBe(lastFullMonth());
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      '西区',
      '南区',
      '东区',
      '北区',
    ]);
    const rateCell = (r: HTMLElement) => within(r).getAllByRole('cell')[5]?.firstElementChild;
    const [w, s, e, n] = bodyRows();
    expect(rateCell(w as HTMLElement)?.className).toBe('wo-dma-rate-poor');
    expect(rateCell(w as HTMLElement)?.textContent).toBe('20.00 %');
    expect(rateCell(s as HTMLElement)?.className).toBe('wo-dma-rate-fair');
    expect(rateCell(e as HTMLElement)?.className).toBe('wo-dma-rate-good');
    expect(rateCell(n as HTMLElement)?.textContent).toBe('—');
    expect(within(w as HTMLElement).getByText('超标')).toBeTruthy();
    expect(within(e as HTMLElement).getByText('一级')).toBeTruthy();
  });

  it('asks again for another month and kind', async () => {
    const { calls } = renderPage([row(1, '东区', 0.08)]);
    await screen.findByRole('table', { name: '各分区产销差' });
    await userEvent.selectOptions(screen.getByLabelText('分区类型'), '2');
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('kind') === '2')).toBe(true),
    );
    // months by name, in the app's language
    const earlier = addMonths(lastFullMonth(), -2);
    const [y, m] = earlier.split('-');
    await userEvent.selectOptions(screen.getByLabelText('月份'), `${y}年${Number(m)}月`);
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('month') === earlier)).toBe(true),
    );
  });

  it('opens a district’s balance: the IWA split, corrections, ILI note, coverage, daily chart and night-flow link', async () => {
    const { calls } = renderPage([row(2, '西区', 0.2)]);
    await userEvent.click(await screen.findByRole('button', { name: '西区' }));
    // the drawer's title names the district and the month
    await screen.findByText(`西区 · ${lastFullMonth()}`);
    const drawer = document.body;
    expect(await within(drawer).findByText(/计费用水量 8,000.0 m³/)).toBeTruthy();
    expect(within(drawer).getByText(/真实漏损 1,500.0 m³ \(15.00 %\)/)).toBeTruthy();
    expect(within(drawer).getByText(/表观漏损 300.0 m³/)).toBeTruthy();
    expect(within(drawer).getByText('修正合计 Rn')).toBeTruthy();
    expect(within(drawer).getByText('1.50 %')).toBeTruthy();
    expect(within(drawer).getByText(/ILI 仅供参考/)).toBeTruthy();
    expect(within(drawer).queryByText('评定漏损率和等级还需要：')).toBeNull();
    expect(within(drawer).getByText('92.00 %')).toBeTruthy();
    expect(within(drawer).getByRole('img', { name: '每日供水量与售水量' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '查看夜间流量' }).getAttribute('href')).toBe(
      '/dma/nightFlow?districtId=2',
    );
    const asked = calls.find((c) => c.url.includes('/dmaWaterStatistics')) ?? { url: '' };
    expect(new URL(asked.url, 'http://x').searchParams.get('districtId')).toBe('2');
  });

  it('says what the CJJ 92 assessment still needs when it is empty for want of figures', async () => {
    renderPage([row(2, '西区', 0.2)], 'zh-CN', unassessedWith({ supplyPressureMpa: null, maxFrostDepthM: 0.8 }));
    await userEvent.click(await screen.findByRole('button', { name: '西区' }));
    expect(await screen.findByText('评定漏损率和等级还需要：')).toBeTruthy();
    expect(screen.getByText(/分区的管网长度/)).toBeTruthy();
    expect(screen.getByText(/年平均出厂压力和最大冻土深度/)).toBeTruthy();
  });

  it('asks only for what is missing, in English', async () => {
    renderPage(
      [row(2, 'West', 0.2)],
      'en',
      unassessedWith({ mainsLengthKm: 4.2, supplyPressureMpa: null, maxFrostDepthM: 0.8 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'West' }));
    expect(await screen.findByText('The assessed loss rate and its grade still need:')).toBeTruthy();
    expect(screen.queryByText(/the district's mains length/)).toBeNull();
    expect(screen.getByText(/annual mean supply pressure and maximum frost depth/)).toBeTruthy();
  });

  it('says when there are no districts', async () => {
    renderPage([]);
    expect(await screen.findByText('该月暂无分区')).toBeTruthy();
  });

  it('speaks English', async () => {
    renderPage([row(2, '西区', 0.2)], 'en');
    const table = await screen.findByRole('table', { name: 'Non-revenue water by district' });
    expect(within(table).getByText('NRW rate')).toBeTruthy();
    expect(within(table).getByText('Exceeded')).toBeTruthy();
  });

  it('says when there are no districts in English', async () => {
    renderPage([], 'en');
    expect(await screen.findByText('No districts for this month')).toBeTruthy();
  });

  it('opens the month and district a link names (?month&districtId)', async () => {
    const { calls } = renderPage([row(1, '东区', 0.08), row(2, '西区', 0.2)]);
    await screen.findByRole('table', { name: '各分区产销差' });
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await screen.findByText('西区 · 2026-02');
    await waitFor(() =>
      expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('month') === '2026-02')).toBe(true),
    );
  });
});
