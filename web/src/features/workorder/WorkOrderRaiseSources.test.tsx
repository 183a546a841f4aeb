// @vitest-environment jsdom
// Raising where the problem is seen, and the orders shown back there: the alarm console's row and bulk actions (only
// for those who may create orders), the alarm history's notes in the reader's language with the alarm's orders, and a
// night-flow leak event's cell (its order and repair time, or the raise with the leak's cost).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeakEvent } from '@waterops/shared/dma';
import type { Alarm, AlarmEvent } from '@waterops/shared/monitoring';
import type { WorkOrder } from '@waterops/shared/workorder';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { AlarmConsolePage } from '../monitoring/AlarmConsolePage.tsx';
import { AlarmHistoryDrawer } from '../monitoring/AlarmHistoryDrawer.tsx';
import { anAlarm } from '../monitoring/alarmTestData.ts';
import { WorkOrderRaiseLeakCell } from './WorkOrderRaiseLeak.tsx';

afterEach(() => {
  setAppLiveClient(null);
  vi.unstubAllGlobals();
});

const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: 'ok', datas });
const page = (data: unknown[]) => ({ code: 0, msg: 'ok', count: data.length, data });
const anOrder = (over: Partial<WorkOrder>): WorkOrder =>
  ({
    id: 1,
    code: 'GD1',
    title: '城东分区 夜间流量漏损维修',
    type: 'leakRepair',
    priority: 'high',
    status: 'pending',
    createdAt: '2026-11-20T02:00:00Z',
    completedAt: null,
    ...over,
  }) as WorkOrder;

describe('the alarm console', () => {
  const setUp = (permissions: string[]) => {
    const socket = new FakeLiveSocket('token');
    setAppLiveClient(
      createLiveClient({ getToken: () => 'token', createSocket: () => socket, onSessionEnded: () => {} }),
    );
    const calls = fakeUserServer(demoUser({ permissions }), (url) => {
      if (url.includes('/alarms/load'))
        return ok({ buckets: [], target: 1, lastTenMinutes: 0, stale: 0, mostFrequent: [], chattering: [], mix: {} });
      if (url.endsWith('/workorder/batchRaise'))
        return ok([
          { ok: true, created: true, id: 1, code: 'GD1', message: null },
          { ok: true, created: true, id: 2, code: 'GD2', message: null },
        ]);
      return undefined;
    });
    renderWithStore(<AlarmConsolePage />, { session: { signedIn: true } });
    act(() => socket.connect());
    const serve = async (items: Alarm[]) => {
      await waitFor(() => expect(socket.sentOf('subscribe')).toHaveLength(1));
      act(() => socket.push('snapshot', { topic: 'alarms', key: 'alarms', seq: 1, items }));
      await screen.findByRole('table', { name: '告警控制台' });
    };
    return { calls, serve };
  };
  const alarms = [anAlarm({ id: 1, sourceCode: 'SB-A' }), anAlarm({ id: 2, sourceCode: 'SB-B', alarmType: 'zeroUse' })];

  it('raises work orders for the selected alarms in one batch', async () => {
    const { calls, serve } = setUp(['monitoring:alarm:view', 'workorder:create']);
    await serve(alarms);
    // a row action each
    expect(screen.getAllByRole('button', { name: '生成工单' })).toHaveLength(2);
    const bulk = screen.getByRole('button', { name: '生成工单(0)' });
    expect((bulk as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: '选择告警 SB-A' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择告警 SB-B' }));
    await userEvent.click(screen.getByRole('button', { name: '生成工单(2)' }));
    const dialog = await screen.findByRole('dialog', { name: '生成工单(2 条)' });
    expect(within(dialog).getByText('水表 SB-B · 零用水')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '生成' }));
    expect(await screen.findByText('新建 2 张,已有工单 0 张,失败 0 条')).toBeTruthy();
    const sent = calls.filter((c) => c.url.endsWith('/workorder/batchRaise')).map((c) => c.body);
    expect(sent).toHaveLength(1);
    const items = (sent[0] as { items: { alarmId: number }[] }).items;
    expect([...items].sort((x, y) => x.alarmId - y.alarmId)).toEqual([
      { source: 'alarm', alarmId: 1 },
      { source: 'alarm', alarmId: 2 },
    ]);
  });

  it('offers no raise to those who may not create orders', async () => {
    const { serve } = setUp(['monitoring:alarm:view', 'monitoring:alarm:edit']);
    await serve(alarms);
    expect(screen.queryByRole('button', { name: /生成工单/ })).toBeNull();
  });
});

describe("an alarm's history", () => {
  const events: AlarmEvent[] = [
    {
      id: 3,
      alarmId: 1,
      action: 'noted',
      username: 'crew1',
      at: '2026-11-21T03:00:00Z',
      comment: '工单 GD7 已完工:管道漏水',
    },
    { id: 2, alarmId: 1, action: 'noted', username: 'operator', at: '2026-11-20T03:00:00Z', comment: '已生成工单 GD7' },
    {
      id: 1,
      alarmId: 1,
      action: 'acknowledged',
      username: 'operator',
      at: '2026-11-20T02:00:00Z',
      comment: '现场核实',
    },
  ];

  it("reads the work order's notes in the reader's language and lists the alarm's orders", async () => {
    const calls = fakeUserServer(demoUser({ permissions: ['monitoring:alarm:view', 'workorder:view'] }), (url) => {
      if (url.includes('/alarms/1/events')) return ok(events);
      if (url.includes('/workorder/list'))
        return page([anOrder({ id: 7, code: 'GD7', status: 'completed', completedAt: '2026-11-21T03:00:00Z' })]);
      return undefined;
    });
    renderWithStore(
      <AlarmHistoryDrawer alarm={anAlarm({ id: 1 })} onClose={() => {}} />,
      { session: { signedIn: true } },
      'en',
    );
    expect(await screen.findByText('Work order GD7 completed: Pipe leak')).toBeTruthy();
    expect(screen.getByText('Work order GD7 raised')).toBeTruthy();
    // an operator's own comment stays as written
    expect(screen.getByText('现场核实')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Work orders' });
    expect(within(orders).getByRole('link', { name: 'GD7' }).getAttribute('href')).toBe('/workorder?code=GD7');
    const [, row] = within(orders).getAllByRole('row');
    expect(within(row as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/workorder/list') && c.url.includes('alarmId=1'))).toBe(true);
  });

  it('lists no orders to those who may not read them', async () => {
    const calls = fakeUserServer(demoUser({ permissions: ['monitoring:alarm:view'] }), (url) =>
      url.includes('/events') ? ok(events) : undefined,
    );
    renderWithStore(<AlarmHistoryDrawer alarm={anAlarm({ id: 1 })} onClose={() => {}} />, {
      session: { signedIn: true },
    });
    expect(await screen.findByText('已生成工单 GD7')).toBeTruthy();
    expect(screen.queryByText('相关工单')).toBeNull();
    expect(calls.some((c) => c.url.includes('/workorder/list'))).toBe(false);
  });
});

describe("a night-flow leak event's order", () => {
  const event: LeakEvent = {
    id: 31,
    districtId: 5,
    districtName: '城东分区',
    kind: 'step',
    status: 'open',
    startDay: '2026-11-01',
    detectedDay: '2026-11-04',
    firstDetectedAt: '2026-11-20T02:00:00.000Z',
    repairedDay: null,
    magnitude: 2.5,
    volume: 1234.56,
    level: 'severe',
    alarmId: 8,
  };
  const setUp = (orders: WorkOrder[], permissions = ['workorder:view', 'workorder:create']) => {
    const calls = fakeUserServer(demoUser({ permissions }), (url) => {
      if (url.includes('/workorder/list')) return page(orders);
      if (url.endsWith('/workorder/raise')) return ok({ order: anOrder({ id: 9, code: 'GD9' }), created: true });
      return undefined;
    });
    renderWithStore(<WorkOrderRaiseLeakCell event={event} />, { session: { signedIn: true } });
    return calls;
  };

  it("raises a leak repair from a dialog showing the loss so far and each further day's", async () => {
    const calls = setUp([]);
    await userEvent.click(await screen.findByRole('button', { name: '生成工单' }));
    const dialog = await screen.findByRole('dialog', { name: '生成工单' });
    expect(within(dialog).getByText('1,234.6 m³')).toBeTruthy();
    expect(within(dialog).getByText('60.0 m³')).toBeTruthy();
    expect(within(dialog).getByText('2.50 m³/h')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '生成' }));
    await screen.findByRole('link', { name: 'GD9' });
    expect(calls.filter((c) => c.url.endsWith('/workorder/raise')).map((c) => c.body)).toEqual([
      { source: 'nightFlowEvent', leakEventId: 31 },
    ]);
  });

  it('shows the completed repair order with its time, and no second raise while one is open', async () => {
    setUp([anOrder({ id: 4, code: 'GD4', status: 'completed', completedAt: '2026-11-06T02:30:00Z' })]);
    expect(await screen.findByRole('link', { name: 'GD4' })).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText(/^修复时间 2026-11-06/)).toBeTruthy();
    // completed awaiting review is still open: no second order
    expect(screen.queryByRole('button', { name: '生成工单' })).toBeNull();
  });
});
