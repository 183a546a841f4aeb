// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseWaterException } from '@waterops/shared/monitoring';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { UseWaterExceptionPage } from './UseWaterExceptionPage.tsx';

const row = (id: number, changes: Partial<UseWaterException> = {}): UseWaterException => ({
  id,
  alarmType: 'reverseFlow',
  level: 'alarm',
  meterId: 100 + id,
  meterCode: `SB${id}`,
  residentId: 5,
  residentCode: 'YH0005',
  residentName: '张三',
  areaId: 11,
  areaName: '东四小区',
  value: -0.25,
  threshold: 0.01,
  active: true,
  acknowledged: false,
  raisedAt: '2026-11-20T08:00:00Z',
  clearedAt: null,
  handleState: 0,
  ...changes,
});

const ui = {
  selectRow: (n: number) => screen.getByRole('checkbox', { name: `选择第 ${n} 行` }),
  confirm: () => screen.getByRole('button', { name: '确认异常' }),
  dismiss: () => screen.queryByRole('button', { name: '排除异常' }),
  dialog: () => screen.findByRole('dialog'),
  remark: () => screen.getByLabelText('备注'),
  submit: () => screen.getByRole('button', { name: '提交' }),
  handleFilter: () => screen.getByRole('combobox', { name: '处理状态' }),
  search: () => screen.getByRole('button', { name: '查询' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderPage = (permissions = ['monitoring:stats:view', 'monitoring:stats:edit'], rows = [row(1), row(2)]) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/monitoring/useWaterException')) return { code: 0, msg: 'ok', count: rows.length, data: rows };
    if (path.endsWith('/monitoring/updateLeakageWaterState'))
      return { resp_code: 0, resp_msg: '操作成功', datas: { changed: 1 } };
    if (path.endsWith('/data/area/findList')) return { code: 0, msg: 'ok', count: 0, data: [] };
    return undefined;
  });
  const view = renderWithStore(<UseWaterExceptionPage />, { session: { signedIn: true } });
  return { ...view, calls };
};

describe('the usage-exception page', () => {
  it('lists pending exceptions first with their handling state, level, type and meter', async () => {
    const { calls } = renderPage();
    expect(await screen.findByRole('button', { name: 'SB1' })).toBeTruthy();
    expect(screen.getAllByText('倒流').length).toBeGreaterThan(0);
    expect(screen.getAllByText('待处理', { selector: '.bp6-tag > span' }).length).toBe(2);
    expect(calls.find((c) => c.url.includes('/monitoring/useWaterException'))?.url).toContain('handleState=0');
  });

  it('confirms the chosen exceptions with a remark and refreshes the list', async () => {
    const { calls } = renderPage();
    await screen.findByRole('button', { name: 'SB1' });
    await userEvent.click(ui.selectRow(2));
    await userEvent.click(ui.confirm());
    const dialog = await ui.dialog();
    expect(within(dialog).getByText('确认 1 条用水异常')).toBeTruthy();
    await userEvent.type(ui.remark(), ' 现场确认漏水 ');
    const before = calls.filter((c) => c.url.includes('/monitoring/useWaterException')).length;
    await userEvent.click(ui.submit());
    await waitFor(() => expect(calls.some((c) => c.url.includes('/updateLeakageWaterState'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/updateLeakageWaterState'))?.body).toEqual({
      ids: [2],
      state: 1,
      remark: '现场确认漏水',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/monitoring/useWaterException')).length).toBeGreaterThan(before),
    );
  });

  it('does not send handled rows or an over-long remark', async () => {
    const { calls } = renderPage(undefined, [row(1, { handleState: 1 }), row(2)]);
    await screen.findByRole('button', { name: 'SB1' });
    await userEvent.click(ui.selectRow(1));
    await userEvent.click(ui.confirm());
    await ui.dialog();
    expect(screen.getByText('只能处理待处理的异常')).toBeTruthy();
    expect((ui.submit() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));

    await userEvent.click(ui.selectRow(1)); // unselect the handled one
    await userEvent.click(ui.selectRow(2));
    await userEvent.click(ui.dismiss() as HTMLElement);
    await ui.dialog();
    await userEvent.click(ui.remark());
    await userEvent.paste('长'.repeat(201));
    expect(screen.getByText('备注不能超过 200 个字')).toBeTruthy();
    expect((ui.submit() as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.url.includes('/updateLeakageWaterState'))).toBe(false);
  });

  it('offers no handling to a user who may only read', async () => {
    renderPage(['monitoring:stats:view']);
    await screen.findByRole('button', { name: 'SB1' });
    await waitFor(() => expect(ui.dismiss()).toBeNull());
    expect(screen.queryByRole('checkbox', { name: '选择第 1 行' })).toBeNull();
  });

  it('asks the server for the chosen handling state', async () => {
    const { calls } = renderPage();
    await screen.findByRole('button', { name: 'SB1' });
    await userEvent.selectOptions(ui.handleFilter(), '已确认');
    await userEvent.click(ui.search());
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.includes('/monitoring/useWaterException') && c.url.includes('handleState=1')),
      ).toBe(true),
    );
  });
});
