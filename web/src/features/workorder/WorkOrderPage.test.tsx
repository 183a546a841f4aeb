// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSummary } from '@waterops/shared/user';
import { describe, expect, it, vi } from 'vitest';
import { demoUser } from '../../test/renderDialog.tsx';
import { type Answer, atNowWithLiveClient, ok, renderLiveOrders } from './renderLiveOrders.tsx';
import { WorkOrderPage } from './WorkOrderPage.tsx';
import { aCrewMember, anEvent, aWorkOrder, minutesAgo, NOW } from './workOrderTestData.ts';

// the map needs WebGL: it has its own look in the browser tests
vi.mock('./WorkOrderMap.tsx', () => ({ WorkOrderMap: () => <div data-testid="map" /> }));

const DISPATCHER = ['workorder:view', 'workorder:create', 'workorder:assign', 'workorder:close', 'workorder:complete'];
const DISPATCH_ROLE: RoleSummary = { id: 3, name: '调度员', code: 'DISPATCHER', type: '2' };
const CREW = [
  aCrewMember({ userId: 21, nickname: '王师傅', onDuty: true, openLoad: 3 }),
  aCrewMember({ userId: 22, nickname: '赵师傅', onDuty: true, openLoad: 1 }),
  aCrewMember({ userId: 23, nickname: '钱师傅', onDuty: false, openLoad: 0 }),
];

const ui = {
  table: () => screen.findByRole('table', { name: '工单队列' }),
  rows: () =>
    within(screen.getByRole('table', { name: '工单队列' }))
      .getAllByRole('row')
      .slice(1),
  row: (code: string) =>
    within(screen.getByRole('table', { name: '工单队列' })).getByRole('row', { name: new RegExp(code) }),
  codes: () => ui.rows().map((r) => within(r).getByRole('button', { name: /^查看工单/ }).textContent),
  actionsOf: (code: string) =>
    (ui.row(code).querySelector('[data-actions]')?.getAttribute('data-actions') ?? '').split(',').filter(Boolean),
  dialog: () => screen.findByRole('dialog'),
  ok: () => screen.getByRole('button', { name: '确定' }),
};

const setUp = ({
  permissions = DISPATCHER,
  roles = [DISPATCH_ROLE],
  answer = () => undefined,
  at = '/workorder',
}: {
  permissions?: string[];
  roles?: RoleSummary[];
  answer?: Answer;
  at?: string;
} = {}) => {
  const page = renderLiveOrders(<WorkOrderPage />, {
    user: demoUser({ permissions, roles }),
    answer: (url, body) => answer(url, body) ?? (url.includes('/workorder/crew') ? ok(CREW) : undefined),
    at,
  });
  const userLoaded = () =>
    waitFor(() =>
      expect(
        Object.values(page.store.getState().api.queries).some(
          (q) => q?.endpointName === 'currentUser' && q.status === 'fulfilled',
        ),
      ).toBe(true),
    );
  return { ...page, userLoaded };
};

atNowWithLiveClient();

const pending = aWorkOrder({ id: 1, priority: 'high' });
const assigned = aWorkOrder({
  id: 2,
  status: 'processing',
  assigneeId: 21,
  assigneeName: '王师傅',
  departmentId: 5,
  departmentName: '管网一班',
  assignedAt: minutesAgo(50),
  acceptedAt: minutesAgo(40),
});
const awaitingReview = aWorkOrder({ id: 3, status: 'completed', assigneeId: 21, completedAt: minutesAgo(5) });

describe('the dispatch workstation', () => {
  it("lists the live queue most urgent first, each row with exactly the dispatcher's actions", async () => {
    const page = setUp();
    await page.serve([pending, assigned, awaitingReview, aWorkOrder({ id: 4, resolveDueAt: minutesAgo(30) })]);
    await ui.table();
    await page.userLoaded();
    // the overdue one first, the one awaiting review (its clock stopped) last
    expect(ui.codes()).toEqual(['GD202611250004', 'GD202611250001', 'GD202611250002', 'GD202611250003']);
    await waitFor(() => expect(ui.actionsOf('GD202611250001')).toEqual(['edit', 'assign', 'note', 'delay', 'cancel']));
    expect(ui.actionsOf('GD202611250002')).toEqual(['edit', 'assign', 'note', 'complete', 'delay', 'remind', 'cancel']);
    expect(ui.actionsOf('GD202611250003')).toEqual(['note', 'close', 'reopen']);
    expect(screen.getByRole('button', { name: '新建工单' })).toBeTruthy();
    expect(screen.getByText('未完结 4 单,其中超期 1 单')).toBeTruthy();
  });

  it('shows a viewer the queue read-only: no actions, no selection, no new order', async () => {
    const page = setUp({ permissions: ['workorder:view'], roles: [] });
    await page.serve([pending, assigned]);
    await ui.table();
    await page.userLoaded();
    expect(ui.actionsOf('GD202611250001')).toEqual([]);
    expect(screen.queryByRole('checkbox', { name: /选择工单/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建工单' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量派单' })).toBeNull();
  });

  it('adds an order from a live patch without a reload, highlighted as new', async () => {
    const page = setUp();
    await page.serve([pending]);
    await ui.table();
    expect(document.querySelector('.wo-wo-new')).toBeNull();
    page.patch(2, [aWorkOrder({ id: 9, priority: 'urgent', title: '主管爆裂' })]);
    await waitFor(() => expect(ui.codes()).toEqual(['GD202611250009', 'GD202611250001']));
    const row = ui.row('GD202611250009');
    expect(row.className).toContain('wo-wo-new');
    expect(within(row).getByText('新')).toBeTruthy();
    expect(ui.row('GD202611250001').className).not.toContain('wo-wo-new');
  });

  it('colours the deadline by its class, the overdue 24 / 48 / 72 h apart', async () => {
    const page = setUp();
    await page.serve([
      aWorkOrder({ id: 1, resolveDueAt: minutesAgo(-600) }),
      aWorkOrder({ id: 2, resolveDueAt: minutesAgo(-30) }),
      aWorkOrder({ id: 3, resolveDueAt: minutesAgo(30) }),
      aWorkOrder({ id: 4, resolveDueAt: minutesAgo(25 * 60) }),
      aWorkOrder({ id: 5, resolveDueAt: minutesAgo(49 * 60) }),
      aWorkOrder({ id: 6, resolveDueAt: minutesAgo(73 * 60) }),
      aWorkOrder({ id: 7, status: 'deferred', resolveDueAt: null, deferredUntil: minutesAgo(-60) }),
    ]);
    await ui.table();
    const deadlineOf = (id: number) => {
      const tag = ui.row(`GD2026112500${String(id).padStart(2, '0')}`).querySelector('[data-deadline]');
      return [tag?.getAttribute('data-deadline'), tag?.textContent];
    };
    expect(deadlineOf(1)).toEqual(['onTime', '剩余 10小时']);
    expect(deadlineOf(2)).toEqual(['dueSoon', '剩余 30分']);
    expect(deadlineOf(3)).toEqual(['overdue', '超期 30分']);
    expect(deadlineOf(4)).toEqual(['over24', '超期 1天1小时']);
    expect(deadlineOf(5)).toEqual(['over48', '超期 2天1小时']);
    expect(deadlineOf(6)).toEqual(['over72', '超期 3天1小时']);
    expect(deadlineOf(7)).toEqual(['paused', '计时暂停']);
    // the three late classes look different from each other
    const look = (id: number) =>
      ui.row(`GD2026112500${String(id).padStart(2, '0')}`).querySelector('[data-deadline]')?.className;
    expect(new Set([look(3), look(4), look(5), look(6)]).size).toBe(4);
  });

  it('will not defer without a reason and a new due time; the server refusal shows in the dialog', async () => {
    let refuse = true;
    const page = setUp({
      answer: (url) =>
        url.endsWith('/workorder/delay')
          ? refuse
            ? { resp_code: 1, resp_msg: '工单当前状态为「已完成」,不能延期', datas: null }
            : ok({ ...pending, status: 'deferred' })
          : undefined,
    });
    await page.serve([pending]);
    await ui.table();
    await userEvent.click(await within(ui.row('GD202611250001')).findByRole('button', { name: '延期' }));
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok());
    expect(within(dialog).getByText('请输入原因')).toBeTruthy();
    expect(within(dialog).getByText('请选择新的期限')).toBeTruthy();
    expect(page.posted('/workorder/delay')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/原因/), ' 等待停水审批 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '明天9点' }));
    expect(within(dialog).queryByText('请输入原因')).toBeNull();
    await userEvent.click(ui.ok());
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '工单当前状态为「已完成」,不能延期');
    const [body] = page.posted('/workorder/delay') as [{ id: number; comment: string; dueAt: string }];
    expect(body.id).toBe(1);
    expect(body.comment).toBe('等待停水审批');
    expect(Date.parse(body.dueAt)).toBeGreaterThan(NOW);

    refuse = false;
    await userEvent.click(ui.ok());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('suggests the on-duty member with the fewest open orders and says so; assign sends them and their team', async () => {
    const page = setUp({ answer: (url) => (url.endsWith('/workorder/assign') ? ok(pending) : undefined) });
    await page.serve([pending]);
    await ui.table();
    await userEvent.click(await within(ui.row('GD202611250001')).findByRole('button', { name: '派单' }));
    const dialog = await ui.dialog();
    expect(await within(dialog).findByText('建议派给 赵师傅:今日值班人员中在办工单最少(1 单)')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText(/处理人/) as HTMLSelectElement).value).toBe('22'));
    await userEvent.click(ui.ok());
    await waitFor(() => expect(page.posted('/workorder/assign')).toEqual([{ id: 1, assigneeId: 22, departmentId: 5 }]));
  });

  it('asks for the cause before completing, then sends it with the materials', async () => {
    const page = setUp({ answer: (url) => (url.endsWith('/workorder/complete') ? ok(assigned) : undefined) });
    await page.serve([assigned]);
    await ui.table();
    await userEvent.click(await within(ui.row('GD202611250002')).findByRole('button', { name: '完工' }));
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok());
    expect(within(dialog).getByText('请选择故障原因')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText(/故障原因/), 'jointFailure');
    await userEvent.type(within(dialog).getByLabelText(/使用材料/), 'DN100 管箍 1 个');
    await userEvent.click(ui.ok());
    await waitFor(() =>
      expect(page.posted('/workorder/complete')).toEqual([
        { id: 2, cause: 'jointFailure', materials: 'DN100 管箍 1 个' },
      ]),
    );
  });

  it('batch-assigns the selected orders and lists the result of each', async () => {
    const page = setUp({
      answer: (url) =>
        url.endsWith('/workorder/batchAssign')
          ? ok([
              { id: 1, code: 'GD202611250001', ok: true, message: null },
              { id: 3, code: 'GD202611250003', ok: false, message: '工单当前状态为「已完成」,不能派单' },
            ])
          : undefined,
    });
    await page.serve([pending, awaitingReview]);
    await ui.table();
    await userEvent.click(await screen.findByRole('checkbox', { name: '选择工单 GD202611250001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择工单 GD202611250003' }));
    expect(screen.getByText('已选 2 单')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '批量派单' }));
    const dialog = await ui.dialog();
    await waitFor(() => expect((within(dialog).getByLabelText(/处理人/) as HTMLSelectElement).value).toBe('22'));
    await userEvent.selectOptions(within(dialog).getByLabelText(/处理人/), '23');
    await userEvent.click(within(dialog).getByRole('button', { name: '派单 2 单' }));
    const results = await within(dialog).findByRole('table', { name: '逐单结果' });
    expect(page.posted('/workorder/batchAssign')).toEqual([{ ids: [1, 3], assigneeId: 23, departmentId: 5 }]);
    expect(within(dialog).getByRole('status').textContent).toBe('成功 1 条,失败 1 条');
    const rows = within(results).getAllByRole('row').slice(1);
    // failures first, with the reason
    expect(rows.map((r) => r.textContent)).toEqual([
      'GD202611250003 工单当前状态为「已完成」,不能派单',
      'GD202611250001成功',
    ]);
    await waitFor(() => expect(screen.getByText('已选 0 单')).toBeTruthy());
  });

  it("opens the bell's ?code= order in the drawer, with its fields, links and timeline", async () => {
    const closed = aWorkOrder({
      id: 40,
      code: 'GD202611200040',
      status: 'closed',
      meterId: 8,
      meterCode: 'SB00000008',
      closedAt: minutesAgo(600),
      actions: [],
    });
    const page = setUp({
      // may read meters: the meter opens its own drawer
      permissions: [...DISPATCHER, 'device:meter:view'],
      at: '/workorder?code=GD202611200040',
      answer: (url) => {
        if (url.includes('/workorder/findByCode?code=GD202611200040')) return ok(closed);
        if (url.endsWith('/workorder/40')) return ok(closed);
        if (url.endsWith('/workorder/40/events'))
          return ok([
            anEvent({ id: 1, orderId: 40 }),
            anEvent({
              id: 2,
              orderId: 40,
              action: 'assign',
              fromStatus: 'pending',
              toStatus: 'pending',
              assigneeName: '王师傅',
              departmentName: '管网一班',
              comment: '尽快到场',
              at: minutesAgo(50),
            }),
            anEvent({
              id: 3,
              orderId: 40,
              action: 'complete',
              fromStatus: 'processing',
              toStatus: 'completed',
              username: '王师傅',
              cause: 'jointFailure',
              materials: '管箍 1 个',
              attachments: ['/api-file/a.jpg', '/api-file/b.jpg'],
            }),
          ]);
        return undefined;
      },
    });
    await page.serve([pending]);
    const drawer = await screen.findByRole('region', { name: '工单详情 GD202611200040' });
    expect(within(drawer).getByRole('heading', { name: '工单 40' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'SB00000008' })).toBeTruthy();
    expect(within(drawer).getByText('照片(2)')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('tab', { name: '处理记录(3)' }));
    const timeline = within(drawer).getByRole('list', { name: '处理记录' });
    expect(within(timeline).getByText('处理人:王师傅 · 管网一班')).toBeTruthy();
    expect(within(timeline).getByText('尽快到场')).toBeTruthy();
    expect(within(timeline).getByText('故障原因:接口损坏')).toBeTruthy();
    expect(within(timeline).getAllByRole('button', { name: /查看照片/ })).toHaveLength(2);
    // a closed order takes no more action, not even a note
    expect(within(drawer).queryByRole('button', { name: '添加备注' })).toBeNull();
  });

  it("shows the district's open leak event and live alarms beside the order", async () => {
    const order = aWorkOrder({ id: 41, code: 'GD202611200041', districtId: 3, districtName: '东城分区' });
    const page = setUp({
      permissions: [...DISPATCHER, 'monitoring:alarm:view', 'dma:analysis:view'],
      at: '/workorder?code=GD202611200041',
      answer: (url) => {
        if (url.includes('/workorder/findByCode?code=GD202611200041')) return ok(order);
        if (url.endsWith('/workorder/41')) return ok(order);
        if (url.endsWith('/workorder/41/context'))
          return ok({
            districtId: 3,
            districtName: '东城分区',
            leakEvents: [{ id: 7, kind: 'step', startDay: '2026-11-20', magnitude: 4.5, volume: 540, orderCode: null }],
            alarms: [
              { id: 1, alarmType: 'noData', level: 'severe', sourceCode: 'SB001', raisedAt: minutesAgo(30) },
              { id: 2, alarmType: 'offline', level: 'alarm', sourceCode: 'JZQ01', raisedAt: minutesAgo(40) },
            ],
            alarmCount: 2,
            otherOpenOrders: 0,
          });
        return undefined;
      },
    });
    await page.serve([order]);
    const context = await screen.findByRole('region', { name: '所在分区:东城分区' });
    expect(within(context).getByText('夜间流量:1 起未修复的漏损事件')).toBeTruthy();
    expect(within(context).getByText('始于 2026-11-20,约 4.5 m³/h,已损失 540 m³')).toBeTruthy();
    expect(within(context).getByText('告警:2 条未处理')).toBeTruthy();
    expect(within(context).getByText('严重 · 无数据 · SB001')).toBeTruthy();
  });

  it("lists every order in the history with the caller's identity, the server sorting and paging", async () => {
    const page = setUp({
      answer: (url) =>
        url.includes('/workorder/list')
          ? { code: 0, msg: 'ok', count: 1, data: [aWorkOrder({ id: 7, status: 'closed', title: '已关闭的工单' })] }
          : undefined,
    });
    await page.serve([]);
    await userEvent.click(screen.getByRole('tab', { name: '工单历史' }));
    expect(await screen.findByText('已关闭的工单')).toBeTruthy();
    const list = page.calls.find((c) => c.url.includes('/workorder/list'));
    const params = new URLSearchParams(list?.url.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      page: '1',
      limit: '50',
      sort: 'createdAt',
      order: 'desc',
      identity: '2',
    });
    // spec §2: the work-order table hides some columns until chosen
    expect(screen.queryAllByRole('columnheader', { name: '联系电话' })).toEqual([]);
    expect(screen.getAllByRole('columnheader', { name: '工单编号' }).length).toBeGreaterThan(0);
  });

  it("creates an order by hand: the save rules first, the type's priority, one request key however often it is sent", async () => {
    let refuse = true;
    const page = setUp({
      answer: (url) =>
        url.endsWith('/workorder/save')
          ? refuse
            ? [503, { code: 503, msg: '服务暂不可用' }]
            : ok(aWorkOrder({ id: 30, title: '东直门主管爆裂' }))
          : undefined,
    });
    await page.serve([]);
    await userEvent.click(await screen.findByRole('button', { name: '新建工单' }));
    const dialog = await ui.dialog();
    // title and description are what the save rules require: marked as every form marks them, the label exact
    const title = within(dialog).getByLabelText('工单标题') as HTMLInputElement;
    const description = within(dialog).getByLabelText('问题描述') as HTMLTextAreaElement;
    for (const input of [title, description]) {
      expect(input.required).toBe(true);
      expect(input.closest('.bp6-form-group')?.classList.contains('wo-required')).toBe(true);
    }
    expect((within(dialog).getByLabelText('联系电话') as HTMLInputElement).required).toBe(false);
    await userEvent.click(ui.ok());
    expect(within(dialog).getByText('请输入工单标题')).toBeTruthy();
    expect(within(dialog).getByText('请输入问题描述')).toBeTruthy();
    expect(page.posted('/workorder/save')).toEqual([]);
    // the refused save leaves the cursor in the first field to correct
    await waitFor(() => expect(document.activeElement).toBe(title));

    await userEvent.type(title, '东直门主管爆裂');
    await userEvent.selectOptions(within(dialog).getByLabelText('工单类型'), 'burst');
    expect((within(dialog).getByLabelText('优先级') as HTMLSelectElement).value).toBe('urgent');
    await userEvent.click(ui.ok());
    await waitFor(() => expect(document.activeElement).toBe(description));
    await userEvent.type(description, '路面冒水');
    // neither a mobile, a landline with its area code nor a service number
    await userEvent.type(within(dialog).getByLabelText('联系电话'), '138-0013');
    await userEvent.click(ui.ok());
    expect(within(dialog).getByText('联系电话格式不对')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('联系电话'));
    await userEvent.type(within(dialog).getByLabelText('联系电话'), '13800138000');
    await userEvent.click(ui.ok());
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '服务暂不可用');
    refuse = false;
    await userEvent.click(ui.ok());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建工单' })).toBeNull());
    const [first, second] = page.posted('/workorder/save') as Record<string, unknown>[];
    expect(first).toMatchObject({
      title: '东直门主管爆裂',
      type: 'burst',
      priority: 'urgent',
      description: '路面冒水',
      contactPhone: '13800138000',
    });
    expect(String(first?.requestKey)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // a retry is the same order: the same key
    expect(second?.requestKey).toBe(first?.requestKey);
  });
});
