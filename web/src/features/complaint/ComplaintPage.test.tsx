// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Complaint } from '@waterops/shared/complaint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ComplaintCloseDialog, ComplaintOrderDialog, ComplaintReopenDialog } from './ComplaintActionDialogs.tsx';
import { ComplaintFormDialog, NUMBER_CHECK_MS } from './ComplaintFormDialog.tsx';
import { ComplaintPage } from './ComplaintPage.tsx';

const HOUR = 3_600_000;
const complaint = (changes: Partial<Complaint> = {}): Complaint => ({
  id: 11,
  complaintNo: 'TS202611270001',
  channel: 'phone',
  category: 'leak',
  status: 'open',
  complainant: '王女士',
  phone: '13800138000',
  residentId: null,
  residentCode: null,
  residentName: null,
  meterId: null,
  meterCode: null,
  areaId: null,
  areaName: null,
  address: '和平里北街 1 号',
  content: '楼道水管漏水',
  attachments: ['/api-file/files/a.jpg'],
  workOrderId: null,
  workOrderCode: null,
  workOrderStatus: null,
  reply: null,
  satisfaction: null,
  creatorName: '客服小李',
  createdAt: '2026-11-27T01:00:00.000Z',
  closedAt: null,
  closedBy: null,
  reopenCount: 0,
  updatedAt: '2026-11-27T01:00:00.000Z',
  ...changes,
});

const ACTIONS = ['查看', '编辑', '转工单', '办结', '重新打开', '删除'];
const ui = {
  take: () => screen.queryByRole('button', { name: '受理投诉' }),
  dialog: () => screen.findByRole('dialog'),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  shownActions: () => ACTIONS.filter((name) => screen.queryByRole('button', { name }) !== null),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: keep the actions column among them
beforeEach(() =>
  localStorage.setItem(
    'columns:complaint',
    JSON.stringify({
      来源渠道: false,
      投诉类别: false,
      投诉人: false,
      联系电话: false,
      所属小区: false,
      地址: false,
      投诉内容: false,
      工单编号: false,
      受理时间: false,
    }),
  ),
);

type Route = (path: string, url: string) => unknown;
const server = (permissions: string[], rows: Complaint[], route: Route = () => undefined) =>
  fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/complaint/list')) return { code: 0, msg: 'ok', count: rows.length, data: rows };
    return route(path, url);
  });
const renderPage = (permissions: string[], rows: Complaint[]) => {
  const calls = server(permissions, rows);
  return { ...renderWithStore(<ComplaintPage />, { session: { signedIn: true } }), calls };
};
const groupOf = (input: HTMLElement) => input.closest('.bp6-form-group');
const sent = (calls: { url: string; body: unknown }[], path: string) => calls.filter((c) => c.url.includes(path));

describe('the complaints page', () => {
  it.each([
    ['open, never ordered', complaint(), ['查看', '编辑', '转工单', '办结', '删除']],
    [
      'turned into an order still open',
      complaint({ status: 'ordered', workOrderId: 5, workOrderCode: 'GD1', workOrderStatus: 'processing' }),
      ['查看', '编辑', '办结'],
    ],
    [
      'closed an hour ago after an order',
      complaint({
        status: 'closed',
        closedAt: new Date(Date.now() - HOUR).toISOString(),
        workOrderId: 5,
        workOrderStatus: 'closed',
      }),
      ['查看', '重新打开'],
    ],
    [
      'closed 80 h ago, never ordered',
      complaint({ status: 'closed', closedAt: new Date(Date.now() - 80 * HOUR).toISOString() }),
      ['查看', '删除'],
    ],
  ])('offers exactly what a complaint %s allows', async (_, row, expected) => {
    renderPage(['admin'], [row]);
    expect(await screen.findByRole('button', { name: row.complaintNo })).toBeTruthy();
    expect(ui.shownActions()).toEqual(expected);
  });

  it('offers a viewer nothing but a look, and no intake', async () => {
    renderPage(['complaint:view'], [complaint()]);
    await screen.findByRole('button', { name: 'TS202611270001' });
    expect(ui.shownActions()).toEqual(['查看']);
    expect(ui.take()).toBeNull();
  });

  it('offers an agent who may not create work orders no "to work order"', async () => {
    renderPage(['complaint:view', 'complaint:edit'], [complaint()]);
    await screen.findByRole('button', { name: 'TS202611270001' });
    await waitFor(() => expect(ui.take()).not.toBeNull());
    expect(ui.shownActions()).toEqual(['查看', '编辑', '办结', '删除']);
  });
});

describe('the intake dialog', () => {
  const open = (route: Route, edit?: Complaint) => {
    const onClose = vi.fn();
    const calls = server(['admin'], [], route);
    renderWithStore(<ComplaintFormDialog complaint={edit} onClose={onClose} />, { session: { signedIn: true } });
    return { calls, onClose };
  };
  const answer = (datas: unknown) => ({ resp_code: 0, resp_msg: 'ok', datas });

  it('prefills the number from the code rule and says what is missing, with the spec message, before sending', async () => {
    const { calls } = open((path) => (path.endsWith('/newNo') ? answer('TS202611270009') : undefined));
    const dialog = await ui.dialog();
    const number = within(dialog).getByLabelText('投诉编号') as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('TS202611270009'));
    await userEvent.clear(number);
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('投诉编号不能为空')).toBeTruthy();
    expect(within(dialog).getByText('请输入投诉人')).toBeTruthy();
    expect(within(dialog).getByText('请输入投诉内容')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('联系电话'), '12-3');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('联系电话格式不对')).toBeTruthy();
    expect(sent(calls, '/complaint/save')).toHaveLength(0);
  });

  it('marks what the intake rules require, and a refused save focuses the first field in error', async () => {
    const { calls } = open((path) => (path.endsWith('/newNo') ? answer('TS202611270009') : undefined));
    const dialog = await ui.dialog();
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    const marked = (label: string) => field(label).required && groupOf(field(label))?.classList.contains('wo-required');
    expect(['投诉编号', '投诉人', '投诉内容'].map(marked)).toEqual([true, true, true]);
    expect(['联系电话', '地址'].map(marked)).toEqual([false, false]);
    await waitFor(() => expect(field('投诉编号').value).toBe('TS202611270009'));
    await userEvent.clear(field('投诉编号'));
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(document.activeElement).toBe(field('投诉编号')));
    await userEvent.type(field('投诉编号'), 'TS-NEW');
    await userEvent.type(field('投诉人'), '张先生');
    await userEvent.click(ui.ok(dialog));
    // in the order shown: the content is the one left
    await waitFor(() => expect(document.activeElement).toBe(field('投诉内容')));
    expect(sent(calls, '/complaint/save')).toHaveLength(0);
  });

  it('says at once that a typed number is taken, and does not send it', async () => {
    const { calls } = open((path, url) => {
      if (path.endsWith('/newNo')) return answer('TS202611270009');
      if (path.endsWith('/exist')) return answer(url.includes('complaintNo=TS-OLD'));
      return undefined;
    });
    const dialog = await ui.dialog();
    const number = within(dialog).getByLabelText('投诉编号') as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('TS202611270009'));
    await userEvent.clear(number);
    await userEvent.type(number, 'TS-OLD');
    expect(await within(dialog).findByText('投诉编号已存在', {}, { timeout: NUMBER_CHECK_MS + 3000 })).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('投诉人'), '张先生');
    await userEvent.type(within(dialog).getByLabelText('投诉内容'), '水压低');
    await userEvent.click(ui.ok(dialog));
    expect(sent(calls, '/complaint/save')).toHaveLength(0);
    await userEvent.type(number, '2');
    await waitFor(() => expect(within(dialog).queryByText('投诉编号已存在')).toBeNull(), {
      timeout: NUMBER_CHECK_MS + 3000,
    });
  });

  it('fills the complainant, phone and address left empty from the chosen resident, and saves the intake', async () => {
    const { calls, onClose } = open((path) => {
      if (path.endsWith('/newNo')) return answer('TS202611270010');
      if (path.endsWith('/exist')) return answer(false);
      if (path.endsWith('/data/resident/list'))
        return {
          code: 0,
          msg: 'ok',
          count: 1,
          data: [
            {
              id: 7,
              residentId: 7,
              residentCode: 'YH000007',
              residentName: '王某',
              phone: '13900139000',
              address: '和平里北街 1 号',
            },
          ],
        };
      if (path.endsWith('/complaint/save')) return answer(complaint({ complaintNo: 'TS202611270010' }));
      return undefined;
    });
    const dialog = await ui.dialog();
    await waitFor(() =>
      expect((within(dialog).getByLabelText('投诉编号') as HTMLInputElement).value).toBe('TS202611270010'),
    );
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入投诉人')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('联系电话'), '010-12345678');
    const resident = within(dialog).getByLabelText('用户', { selector: 'input' });
    await userEvent.click(resident);
    await userEvent.type(resident, 'YH0');
    await userEvent.click(await within(await screen.findByRole('listbox', { name: '用户' })).findByText('YH000007'));
    await waitFor(() => expect((within(dialog).getByLabelText('投诉人') as HTMLInputElement).value).toBe('王某'));
    expect(within(dialog).queryByText('请输入投诉人')).toBeNull();
    // what was typed stays
    expect((within(dialog).getByLabelText('联系电话') as HTMLInputElement).value).toBe('010-12345678');
    expect((within(dialog).getByLabelText('地址') as HTMLInputElement).value).toBe('和平里北街 1 号');
    await userEvent.selectOptions(within(dialog).getByLabelText('来源渠道'), '12345热线');
    await userEvent.type(within(dialog).getByLabelText('投诉内容'), '家中无水');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(sent(calls, '/complaint/save')[0]?.body).toEqual({
        complaintNo: 'TS202611270010',
        channel: 'hotline12345',
        category: 'noWater',
        complainant: '王某',
        phone: '010-12345678',
        residentId: 7,
        meterId: null,
        address: '和平里北街 1 号',
        content: '家中无水',
        attachments: [],
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the action dialogs', () => {
  const render = (ui: React.ReactElement, route: Route = () => undefined, permissions = ['admin']) => {
    const calls = server(permissions, [], route);
    renderWithStore(ui, { session: { signedIn: true } });
    return calls;
  };
  const ok = (datas: unknown, msg = '操作成功') => ({ resp_code: 0, resp_msg: msg, datas });

  it('closes with a reply (asked for when blank) and the satisfaction chosen', async () => {
    const onClose = vi.fn();
    const calls = render(<ComplaintCloseDialog complaint={complaint()} onClose={onClose} />, (path) =>
      path.endsWith('/over') ? ok(complaint({ status: 'closed' })) : undefined,
    );
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入回复内容')).toBeTruthy();
    expect(sent(calls, '/complaint/over')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('回复内容'), '已修复并回访');
    await userEvent.click(within(dialog).getByLabelText('不满意'));
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(sent(calls, '/complaint/over')[0]?.body).toEqual({
        id: 11,
        reply: '已修复并回访',
        satisfaction: 'dissatisfied',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('reopens with a reason; the server refusal (past 72 h) stays in the dialog', async () => {
    const calls = render(
      <ComplaintReopenDialog
        complaint={complaint({ status: 'closed', closedAt: new Date().toISOString() })}
        onClose={vi.fn()}
      />,
      (path) =>
        path.endsWith('/reopen')
          ? { resp_code: 1, resp_msg: '办结超过72小时的投诉不能重新打开', datas: null }
          : undefined,
    );
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入重新打开的原因')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('重新打开的原因'), '仍然漏水');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('办结超过72小时的投诉不能重新打开')).toBeTruthy();
    expect(sent(calls, '/complaint/reopen')[0]?.body).toEqual({ id: 11, reason: '仍然漏水' });
  });

  it("turns into a work order of the category's type and that type's priority; only a dispatcher may assign", async () => {
    const onClose = vi.fn();
    const calls = render(
      <ComplaintOrderDialog complaint={complaint()} onClose={onClose} />,
      (path) =>
        path.endsWith('/complaint/workOrder') ? ok(complaint({ status: 'ordered', workOrderCode: 'GD1' })) : undefined,
      ['complaint:edit', 'workorder:create'],
    );
    const dialog = await ui.dialog();
    expect((within(dialog).getByLabelText('工单类型') as HTMLSelectElement).value).toBe('leakRepair');
    expect((within(dialog).getByLabelText('优先级') as HTMLSelectElement).value).toBe('high');
    expect(within(dialog).queryByLabelText('同时派单')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('工单类型'), '爆管抢修');
    expect((within(dialog).getByLabelText('优先级') as HTMLSelectElement).value).toBe('urgent');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(sent(calls, '/complaint/workOrder')[0]?.body).toEqual({ id: 11, type: 'burst', priority: 'urgent' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
