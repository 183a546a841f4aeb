// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Area } from '@waterops/shared/place';
import { addDays, chinaDay, type DataCheckResult, type ReadingCheckRow } from '@waterops/shared/reading';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { DataCheckPage } from './DataCheckPage.tsx';

const area = (id: number, areaName: string): Area => ({
  id,
  areaName,
  regionId: 1,
  regionName: '东城片区',
  address: null,
  lng: null,
  lat: null,
  remark: null,
  createTime: '2024-05-01T08:00:00Z',
});
const row = (over: Partial<ReadingCheckRow>): ReadingCheckRow => ({
  meterId: 5,
  meterCode: 'SB0005',
  areaId: 11,
  areaName: '东四小区',
  day: '2026-11-20',
  rawReading: 600,
  reading: 203.5,
  consumption: 0.5,
  rawConsumption: 397,
  quality: 'S',
  rule: 'spike',
  reads: 1,
  ...over,
});
const result: DataCheckResult = {
  from: '2026-11-14',
  to: '2026-11-20',
  meters: 12,
  days: 84,
  rules: { gap: 3, spike: 1, negative: 0, swap: 0, rollover: 0, frozen: 0, high: 2, low: 0 },
  qualities: { A: 80, E: 3, S: 1 },
};

const ui = {
  checkButton: () => screen.getByRole('button', { name: '数据校验' }),
  dialog: () => screen.findByRole('dialog', { name: '数据校验' }),
};

afterEach(() => vi.unstubAllGlobals());

// Table2 renders only the columns inside its viewport, which jsdom measures as 0 × 0: give the page a wide screen
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 1600,
    bottom: 800,
    width: 1600,
    height: 800,
    toJSON: () => ({}),
  });
});
afterAll(() => vi.restoreAllMocks());

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/meter/meterBase/readingCheck'))
      return {
        code: 0,
        msg: 'ok',
        count: 2,
        data: [
          row({}),
          row({
            meterId: 6,
            meterCode: 'SB0006',
            rawReading: null,
            reading: 12,
            quality: 'E',
            rule: 'gap',
            rawConsumption: null,
          }),
        ],
      };
    if (path.endsWith('/data/area/findList'))
      return { code: 0, msg: 'ok', count: 2, data: [area(11, '东四小区'), area(12, '和平里小区')] };
    if (path.endsWith('/data/region/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    if (path.endsWith('/meter/meterBase/dataCheck')) return { resp_code: 0, resp_msg: 'ok', datas: result };
    return undefined;
  });
  return { ...renderWithStore(<DataCheckPage />, { session: { signedIn: true } }), calls };
};

describe('the data verification page', () => {
  it('lists exceptions with raw and validated values side by side, the quality as a tag and the rule by name', async () => {
    renderPage();
    await screen.findByText('SB0005');
    const cells = () => screen.getAllByRole('cell').map((c) => c.textContent);
    await waitFor(() => expect(cells()).toContain('S 替代'));
    // the first row, left to right: raw reading, validated reading, raw use, validated use, quality, rule
    // (after the selection box)
    expect(cells().slice(1, 10)).toEqual([
      'SB0005',
      '东四小区',
      '2026-11-20',
      '600',
      '203.5',
      '397',
      '0.5',
      'S 替代',
      '读数突变',
    ]);
    expect(cells()).toEqual(expect.arrayContaining(['E 估算', '缺数']));
  });

  it('filters by rule and quality through the list query', async () => {
    const { calls } = renderPage();
    await screen.findByText('SB0005');
    await userEvent.selectOptions(screen.getByLabelText('校验规则'), '缺数');
    await userEvent.selectOptions(screen.getByLabelText('数据质量'), '估算');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.includes('/readingCheck')).at(-1)?.url ?? '';
      const params = new URL(last, 'http://x').searchParams;
      expect([params.get('rule'), params.get('quality')]).toEqual(['gap', 'E']);
    });
  });

  it('runs the check for an area over the last week and shows what the rules found', async () => {
    const { calls } = renderPage();
    await screen.findByText('SB0005');
    await userEvent.click(ui.checkButton());
    const dialog = await ui.dialog();
    // no area chosen: the shared rule's message, nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: '开始校验' }));
    expect(within(dialog).getByText('请选择要校验的水表或小区')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/dataCheck'))).toBe(false);
    await userEvent.selectOptions(within(dialog).getByLabelText('小区'), '东四小区');
    await userEvent.click(within(dialog).getByRole('button', { name: '开始校验' }));
    await within(dialog).findByText('已校验 12 块水表，84 个表日');
    expect(within(dialog).getByRole('table', { name: '各规则触发天数' }).textContent).toContain('缺数3');
    const sent = calls.find((c) => c.url.includes('/dataCheck'));
    const today = chinaDay(new Date());
    expect(sent?.body).toEqual({ areaId: 11, from: addDays(today, -6), to: today });
  });

  it('refuses a range longer than 93 days before asking the server', async () => {
    const { calls } = renderPage();
    await screen.findByText('SB0005');
    await userEvent.click(ui.checkButton());
    const dialog = await ui.dialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('小区'), '东四小区');
    const from = within(dialog).getByLabelText('开始日期');
    await userEvent.clear(from);
    await userEvent.type(from, addDays(chinaDay(new Date()), -120));
    await userEvent.click(within(dialog).getByRole('button', { name: '开始校验' }));
    expect(within(dialog).getByText('日期范围最多 93 天')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/dataCheck'))).toBe(false);
  });

  it('checks the meters picked in the list', async () => {
    const { calls } = renderPage();
    await screen.findByText('SB0005');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择第 2 行' }));
    await userEvent.click(screen.getByRole('button', { name: '校验所选水表' }));
    const dialog = await ui.dialog();
    expect(within(dialog).getByText('校验所选的 2 块水表')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '开始校验' }));
    await within(dialog).findByText('已校验 12 块水表，84 个表日');
    expect(calls.find((c) => c.url.includes('/dataCheck'))?.body).toMatchObject({ meterIds: [5, 6] });
  });

  it('offers no check to a user who may only view', async () => {
    renderPage(['reading:dataCheck:view']);
    await screen.findByText('SB0005');
    expect(screen.queryByRole('button', { name: '数据校验' })).toBeNull();
    expect(screen.queryByRole('button', { name: '校验所选水表' })).toBeNull();
  });
});
