// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterBase } from '@waterops/shared/reading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { BaseCheckPage } from './BaseCheckPage.tsx';
import { lastPeriod } from './meterBaseApi.ts';

const abnormal: MeterBase = {
  id: 5,
  meterId: 51,
  meterCode: 'MB051',
  areaId: 1,
  areaName: '幸福小区',
  period: lastPeriod(),
  startReading: 100,
  endReading: 400,
  consumption: 300,
  quality: 'A',
  source: 1,
  checkState: 2,
  checkMessage: '用水量超过前三期平均值的3倍',
  frozenAt: '2026-10-01T00:10:00Z',
};

const ui = {
  row: () => screen.findByText('MB051'),
  period: () => screen.getByLabelText('抄表月份', { selector: 'input#base-check-period' }),
  check: () => screen.getByRole('button', { name: '核对' }),
  adjust: () => screen.getAllByRole('button', { name: '修改底数' })[0] as HTMLElement,
  dialog: () => screen.findByRole('dialog'),
  file: () => document.getElementById('base-import-file') as HTMLInputElement,
  importButton: () => screen.getByRole('button', { name: '导入底数' }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide some to bring the row actions into view
beforeEach(() =>
  localStorage.setItem(
    'columns:reading.meterBase',
    JSON.stringify({ 小区: false, 抄表月份: false, 期初底数: false, 期末底数: false, 用水量: false, 质量: false }),
  ),
);

const renderCheck = () => {
  const calls = fakeUserServer(demoUser(), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/meter/meterBase/list')) return { code: 0, msg: 'ok', count: 1, data: [abnormal] };
    if (path.endsWith('/meter/meterBase/baseCheck'))
      return { resp_code: 0, resp_msg: 'ok', datas: { checked: 12, abnormal: 1 } };
    if (path.endsWith('/meter/meterBase/import'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: { imported: 2, failed: [{ index: 4, meterCode: 'NOPE', message: '表身号 NOPE 不存在' }] },
      };
    return undefined;
  });
  return { ...renderWithStore(<BaseCheckPage />, { session: { signedIn: true } }), calls };
};

describe('the base check page', () => {
  it('lists the abnormal bases of last month with the reason', async () => {
    const { calls } = renderCheck();
    await ui.row();
    const list = calls.find((c) => c.url.includes('/meter/meterBase/list'));
    expect(list?.url).toContain('checkState=2');
    expect(list?.url).toContain(`period=${lastPeriod()}`);
    expect(screen.getByText('用水量超过前三期平均值的3倍')).toBeTruthy();
  });

  it('checks the month typed, without an error', async () => {
    const { calls, messages } = renderCheck();
    await ui.row();
    await userEvent.clear(ui.period());
    await userEvent.type(ui.period(), '2026-08');
    await userEvent.click(ui.check());
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/baseCheck'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/baseCheck'))?.body).toEqual({ period: '2026-08' });
    expect(messages).toEqual([]);
  });

  it('corrects an end reading: a negative number is refused, a good one sent with the base id', async () => {
    const { calls } = renderCheck();
    await ui.row();
    await userEvent.click(ui.adjust());
    const dialog = await ui.dialog();
    const input = within(dialog).getByLabelText('期末底数');
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入不小于 0 的读数')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/meterBase/update'))).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '180.5');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/meterBase/update'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/meterBase/update'))?.body).toEqual({ id: 5, endReading: 180.5 });
  });

  it('imports a sheet and lists the rows that failed with their row number and reason', async () => {
    const { calls } = renderCheck();
    await ui.row();
    const file = new File(['x'], 'bases.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(ui.file(), file);
    await userEvent.click(ui.importButton());
    expect(await screen.findByText('第 4 行 NOPE:表身号 NOPE 不存在')).toBeTruthy();
    expect(screen.getByText('导入 2 条,失败 1 条')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/meterBase/import'))?.body).toBeInstanceOf(FormData);
  });
});
