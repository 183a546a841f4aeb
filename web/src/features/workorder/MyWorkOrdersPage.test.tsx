// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@waterops/shared/i18n';
import type { WorkOrder } from '@waterops/shared/workorder';
import { describe, expect, it } from 'vitest';
import { demoUser } from '../../test/renderDialog.tsx';
import { MyWorkOrdersPage } from './MyWorkOrdersPage.tsx';
import { atNowWithLiveClient, ok, renderLiveOrders } from './renderLiveOrders.tsx';
import { anEvent, aWorkOrder, minutesAgo } from './workOrderTestData.ts';

const ME = 21;

const ui = {
  cards: () => screen.getAllByRole('button', { name: /^查看工单|^Open order/ }),
  card: (code: string) =>
    screen.getByRole('button', { name: new RegExp(code) }).closest('.wo-mine-card') as HTMLElement,
  actionsOf: (code: string) =>
    (ui.card(code).querySelector('[data-actions]')?.getAttribute('data-actions') ?? '').split(',').filter(Boolean),
  dialog: () => screen.findByRole('dialog'),
};

const setUp = ({
  answer,
  at = '/workorder/mine',
  locale = 'zh-CN',
}: {
  answer?: (url: string) => unknown;
  at?: string;
  locale?: Locale;
} = {}) =>
  renderLiveOrders(<MyWorkOrdersPage />, {
    user: demoUser({
      id: ME,
      username: 'wang',
      nickname: '王师傅',
      permissions: ['workorder:complete', 'file:upload'],
      roles: [{ id: 4, name: '维修班组', code: 'CREW', type: '3' }],
    }),
    answer,
    at,
    locale,
  });

atNowWithLiveClient();

const mine = (over: Partial<WorkOrder> & { id: number }) =>
  aWorkOrder({ assigneeId: ME, assigneeName: '王师傅', assignedAt: minutesAgo(30), ...over });
const toAccept = mine({ id: 1, priority: 'urgent', title: '东四十条爆管' });
const working = mine({ id: 2, status: 'processing', acceptedAt: minutesAgo(20), startedAt: minutesAgo(10) });
const someoneElses = aWorkOrder({ id: 3, assigneeId: 99, title: '别人的工单' });

describe("a crew member's own orders (390 px)", () => {
  it('shows only my open orders, most urgent first, each with big buttons for exactly my actions', async () => {
    const page = setUp();
    await page.serve([working, someoneElses, toAccept, mine({ id: 4, status: 'completed', title: '待审核的工单' })]);
    await waitFor(() => expect(ui.cards()).toHaveLength(2));
    expect(screen.queryByText('别人的工单')).toBeNull();
    expect(screen.queryByText('待审核的工单')).toBeNull();
    expect(ui.cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      '查看工单 GD202611250001',
      '查看工单 GD202611250002',
    ]);
    await waitFor(() => expect(ui.actionsOf('GD202611250001')).toEqual(['accept', 'note', 'delay']));
    expect(ui.actionsOf('GD202611250002')).toEqual(['complete', 'note', 'delay']);
    expect(within(ui.card('GD202611250001')).getByText('东四十条 12 号 · 东四小区')).toBeTruthy();
    expect(screen.getByRole('button', { name: '待处理(2)' })).toBeTruthy();
    expect(page.posted('/workorder/accept')).toEqual([]);
  });

  it('accepts, and completes with the cause and materials', async () => {
    const page = setUp({
      answer: (url) =>
        url.endsWith('/workorder/accept')
          ? ok(toAccept)
          : url.endsWith('/workorder/complete')
            ? ok(working)
            : undefined,
    });
    await page.serve([toAccept, working]);
    await userEvent.click(
      await within(await waitFor(() => ui.card('GD202611250001'))).findByRole('button', { name: '接单' }),
    );
    await ui.dialog();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(page.posted('/workorder/accept')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(ui.card('GD202611250002')).getByRole('button', { name: '完工' }));
    const dialog = await ui.dialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('请选择故障原因')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText(/故障原因/), 'pipeLeak');
    await userEvent.type(within(dialog).getByLabelText(/使用材料/), 'PE 管 2 米');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(page.posted('/workorder/complete')).toEqual([{ id: 2, cause: 'pipeLeak', materials: 'PE 管 2 米' }]),
    );
  });

  it('opens ?code= with the timeline, and a note needs text or a photo', async () => {
    const page = setUp({
      at: '/workorder/mine?code=GD202611250002',
      answer: (url) =>
        url.endsWith('/workorder/2/events')
          ? ok([
              anEvent({ id: 1, orderId: 2 }),
              anEvent({
                id: 2,
                orderId: 2,
                action: 'accept',
                fromStatus: 'pending',
                toStatus: 'processing',
                username: 'wang',
              }),
            ])
          : url.endsWith('/workorder/note')
            ? ok(working)
            : undefined,
    });
    await page.serve([toAccept, working]);
    expect(await screen.findByRole('heading', { name: '工单 2' })).toBeTruthy();
    const timeline = await screen.findByRole('list', { name: '处理记录' });
    expect(within(timeline).getByText('接单')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '添加备注' }));
    expect(await screen.findByText('请填写备注或上传照片')).toBeTruthy();
    expect(page.posted('/workorder/note')).toEqual([]);
    await userEvent.type(screen.getByLabelText('添加备注'), '已关闭上游阀门');
    await userEvent.click(screen.getByRole('button', { name: '添加备注' }));
    await waitFor(() => expect(page.posted('/workorder/note')).toEqual([{ id: 2, comment: '已关闭上游阀门' }]));
    await userEvent.click(screen.getByRole('button', { name: '返回列表' }));
    await waitFor(() => expect(ui.cards()).toHaveLength(2));
  });

  it('lists what I finished in the last 7 China days, in English too', async () => {
    const old = mine({ id: 5, status: 'closed', completedAt: minutesAgo(8 * 24 * 60), title: 'Old one' });
    const recent = mine({ id: 6, status: 'completed', completedAt: minutesAgo(120), title: 'Fixed valve' });
    const page = setUp({
      locale: 'en',
      answer: (url) =>
        url.includes('/workorder/list')
          ? { code: 0, msg: 'ok', count: 1, data: url.includes('status=closed') ? [old] : [recent] }
          : undefined,
    });
    await page.serve([toAccept]);
    expect(await screen.findByRole('button', { name: 'To do (1)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done in 7 days' }));
    expect(await screen.findByText('Fixed valve')).toBeTruthy();
    expect(screen.queryByText('Old one')).toBeNull();
    const asked = page.calls.filter((c) => c.url.includes('/workorder/list')).map((c) => c.url);
    expect(
      asked.some((u) => u.includes('assigneeId=21') && u.includes('status=completed') && u.includes('identity=3')),
    ).toBe(true);
  });
});
