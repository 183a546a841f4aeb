// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterBase } from '@waterops/shared/reading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterBasePage } from './MeterBasePage.tsx';
import { lastPeriod } from './meterBaseApi.ts';

const base = (id: number, meterId: number, meterCode: string): MeterBase => ({
  id,
  meterId,
  meterCode,
  areaId: 1,
  areaName: '幸福小区',
  period: lastPeriod(),
  startReading: 100,
  endReading: 130.5,
  consumption: 30.5,
  quality: 'A',
  source: 1,
  checkState: 0,
  checkMessage: null,
  frozenAt: '2026-10-01T00:10:00Z',
});

const ui = {
  row: (code: string) => screen.findByText(code),
  period: () => screen.queryByLabelText('冻结月份'),
  freeze: () => screen.getByRole('button', { name: '冻结' }),
  selectRow: (n: number) => screen.getAllByRole('checkbox', { name: `选择第 ${n} 行` })[0] as HTMLElement,
  batch: (name: string) => screen.getByRole('button', { name }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns
beforeEach(() =>
  localStorage.setItem(
    'columns:reading.meterBase',
    JSON.stringify({ 小区: false, 抄表月份: false, 期初底数: false, 期末底数: false }),
  ),
);

const renderBases = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/meter/meterBase/list'))
      return { code: 0, msg: 'ok', count: 2, data: [base(1, 11, 'MB001'), base(2, 12, 'MB002')] };
    if (path.endsWith('/meter/meterBase/freeze'))
      return { resp_code: 0, resp_msg: 'ok', datas: { period: '2026-09', frozen: 2 } };
    return undefined;
  });
  return { ...renderWithStore(<MeterBasePage />, { session: { signedIn: true } }), calls };
};

describe('the meter base page', () => {
  it("lists last month's bases by default", async () => {
    const { calls } = renderBases();
    await ui.row('MB001');
    const list = calls.find((c) => c.url.includes('/meter/meterBase/list'));
    expect(list?.url).toContain(`period=${lastPeriod()}`);
    expect(screen.getAllByText('30.500').length).toBeGreaterThan(0);
  });

  it('refuses a period that is not YYYY-MM before sending, then freezes the month typed', async () => {
    const { calls } = renderBases();
    await ui.row('MB001');
    const period = ui.period() as HTMLInputElement;
    await userEvent.clear(period);
    await userEvent.type(period, '2026-9');
    await userEvent.click(ui.freeze());
    expect(await screen.findByText('请输入 YYYY-MM 格式的月份')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/freeze'))).toHaveLength(0);

    await userEvent.type(period, '{backspace}09');
    await userEvent.click(ui.freeze());
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/freeze'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/freeze'))?.body).toEqual({ period: '2026-09' });
  });

  it("sends read-now for the selected rows' meters", async () => {
    const { calls } = renderBases();
    await ui.row('MB001');
    await userEvent.click(ui.selectRow(2));
    await userEvent.click(ui.batch('抄读'));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/meter/meterBase/meterRead'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/meterRead'))?.body).toEqual({ meterIds: [12] });
  });

  it('shows a viewer the list without the freeze bar or the batch actions', async () => {
    const { store } = renderBases(['reading:meterBase:view']);
    await ui.row('MB001');
    // the guarded parts wait for the signed-in user's permissions: decide only once they are known
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (q) => q?.endpointName === 'currentUser' && q.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(ui.period()).toBeNull();
    expect(screen.queryByRole('button', { name: '抄读' })).toBeNull();
  });
});
