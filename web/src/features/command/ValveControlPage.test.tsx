// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommandStateName, ValveMeter } from '@waterops/shared/command';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ValveControlPage } from './ValveControlPage.tsx';

const meter = (state: CommandStateName | null): ValveMeter => ({
  id: 5,
  meterCode: 'M0005',
  areaId: 1,
  areaName: '东四小区',
  concentratorCode: 'C01',
  valveState: state === 'success' ? 0 : 1,
  online: true,
  lastReportTime: null,
  lastCommand: state ? { id: 77, command: 'valveClose', state, createTime: '2026-11-23T08:00:00Z' } : null,
});

const ui = {
  row: () => screen.findByText('M0005'),
  // the row's own action (the toolbar's batch action waits for a selection)
  close: () => screen.getAllByRole('button', { name: '关阀' }).at(-1) as HTMLElement,
  confirm: () => screen.findByRole('alertdialog'),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide some to bring the command column into view.
beforeEach(() =>
  localStorage.setItem(
    'columns:command.valveControl',
    JSON.stringify({ 小区: false, 集中器: false, 在线状态: false, 阀门状态: false, 最近命令时间: false }),
  ),
);

/** A server whose meter shows the states in turn, one per list request after the close was sent. */
const renderPage = (afterSend: CommandStateName[], permissions = ['admin']) => {
  let sent = false;
  let served = 0;
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/devicecommand/valveMeters')) {
      const state = sent ? (afterSend[Math.min(served++, afterSend.length - 1)] ?? null) : null;
      return { code: 0, msg: 'ok', count: 1, data: [meter(state)] };
    }
    if (path.endsWith('/devicecommand/valve')) {
      sent = true;
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: {
          batchId: 'b1',
          commands: [
            {
              id: 77,
              deviceId: 5,
              deviceCode: 'M0005',
              command: 'valveClose',
              state: 'created',
              reason: null,
              message: null,
            },
          ],
        },
      };
    }
    if (path.endsWith('/data/area/list')) return { code: 0, msg: 'ok', count: 0, data: [] };
    return undefined;
  });
  return { ...renderWithStore(<ValveControlPage />, { session: { signedIn: true } }), calls };
};

/** The valve commands sent (not the list's valveMeters reads). */
const sends = (calls: ReturnType<typeof renderPage>['calls']) =>
  calls.filter((c) => (c.url.split('?')[0] ?? '').endsWith('/devicecommand/valve'));

describe('the valve control page', () => {
  it('closes a valve after a confirmation naming the number of meters, then follows the command to success', async () => {
    const { calls } = renderPage(['created', 'executing', 'success']);
    await ui.row();
    await userEvent.click(ui.close());
    const confirm = await ui.confirm();
    expect(within(confirm).getByText('确定关闭 1 块水表的阀门吗?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: '关阀' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]?.body).toEqual({ meterIds: [5], action: 'close' });
    // the list polls while the command waits: created → executing → success
    await screen.findByText('已创建');
    await screen.findByText('执行中', undefined, { timeout: 10_000 });
    await screen.findByText('成功', undefined, { timeout: 10_000 });
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls } = renderPage(['created']);
    await ui.row();
    await userEvent.click(ui.close());
    await userEvent.click(within(await ui.confirm()).getByRole('button', { name: '取消' }));
    expect(sends(calls)).toHaveLength(0);
  });

  it('offers no open or close to a user who may only view', async () => {
    renderPage([], ['device:valveControl:view']);
    await ui.row();
    expect(screen.queryByRole('button', { name: '关阀' })).toBeNull();
  });
});
