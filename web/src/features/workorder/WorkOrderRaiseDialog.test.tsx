// @vitest-environment jsdom
// The raise dialog as a dispatcher uses it: one source or many, an optional type, priority and remark, and what
// happened to each source (a new order, the open one, or why not) with links to the orders.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkOrder } from '@waterops/shared/workorder';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { type RaiseTarget, WorkOrderRaiseDialog } from './WorkOrderRaiseDialog.tsx';

const ui = {
  dialog: (name: string) => screen.getByRole('dialog', { name }),
  type: () => screen.getByRole('combobox', { name: '工单类型' }),
  priority: () => screen.getByRole('combobox', { name: '优先级' }),
  remark: () => screen.getByRole('textbox', { name: '备注' }),
  submit: () => screen.getByRole('button', { name: '生成' }),
  close: () => screen.getByRole('button', { name: '关闭' }),
};

const order = (id: number, code: string) => ({ id, code, title: 't' }) as unknown as WorkOrder;

const alarms = (count: number): RaiseTarget => ({
  kind: 'sources',
  items: Array.from({ length: count }, (_, i) => ({
    label: `水表 SB${i + 1} · 低电压`,
    raise: { source: 'alarm' as const, alarmId: i + 1 },
  })),
});

const setUp = (target: RaiseTarget, answer: (url: string) => unknown, locale: 'zh-CN' | 'en' = 'zh-CN') => {
  const calls = fakeUserServer(demoUser({ permissions: ['workorder:create'] }), answer);
  const onClose = vi.fn();
  const onRaised = vi.fn();
  const view = renderWithStore(
    <WorkOrderRaiseDialog target={target} onClose={onClose} onRaised={onRaised} />,
    { session: { signedIn: true } },
    locale,
  );
  const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(path)).map((c) => c.body);
  return { ...view, onClose, onRaised, posted };
};

afterEach(() => vi.unstubAllGlobals());

describe('the raise dialog', () => {
  it('raises one source with the chosen type and remark, and links to the new order', async () => {
    const page = setUp(alarms(1), (url) =>
      url.endsWith('/workorder/raise')
        ? { resp_code: 0, resp_msg: '操作成功', datas: { order: order(9, 'GD202611250001'), created: true } }
        : undefined,
    );
    expect(ui.dialog('生成工单')).toBeTruthy();
    expect(screen.getByText('水表 SB1 · 低电压')).toBeTruthy();
    await userEvent.selectOptions(ui.type(), 'inspection');
    await userEvent.type(ui.remark(), '带上备用电池');
    await userEvent.click(ui.submit());
    expect(await screen.findByText(/已生成工单/)).toBeTruthy();
    expect(page.posted('/workorder/raise')).toEqual([
      { source: 'alarm', alarmId: 1, type: 'inspection', comment: '带上备用电池' },
    ]);
    // the priority stays the server's to derive from the alarm
    expect(page.posted('/workorder/raise')[0]).not.toHaveProperty('priority');
    const link = screen.getByRole('link', { name: 'GD202611250001' });
    expect(link.getAttribute('href')).toBe('/workorder?code=GD202611250001');
    expect(page.onRaised).toHaveBeenCalled();
    await userEvent.click(ui.close());
    expect(page.onClose).toHaveBeenCalled();
  });

  it('says when the source already has an open order', async () => {
    setUp(alarms(1), () => ({
      resp_code: 0,
      resp_msg: '该来源已有未完结工单 GD1',
      datas: { order: order(3, 'GD1'), created: false },
    }));
    await userEvent.click(ui.submit());
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('该来源已有未完结工单 GD1');
    expect(within(status).getByRole('link', { name: 'GD1' })).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    setUp(alarms(1), () => ({ resp_code: 1, resp_msg: '该漏损事件已修复,无需生成工单', datas: null }));
    await userEvent.click(ui.submit());
    expect((await screen.findByRole('alert')).textContent).toBe('该漏损事件已修复,无需生成工单');
  });

  it('raises many in one batch and lists each result', async () => {
    const page = setUp(alarms(3), () => ({
      resp_code: 0,
      resp_msg: '成功 2 条,失败 1 条',
      datas: [
        { ok: true, created: true, id: 1, code: 'GD1', message: null },
        { ok: true, created: false, id: 2, code: 'GD2', message: '该来源已有未完结工单 GD2' },
        { ok: false, created: false, id: null, code: null, message: '来源记录不存在' },
      ],
    }));
    expect(ui.dialog('生成工单(3 条)')).toBeTruthy();
    await userEvent.selectOptions(ui.priority(), 'urgent');
    await userEvent.click(ui.submit());
    expect(await screen.findByText('新建 1 张,已有工单 1 张,失败 1 条')).toBeTruthy();
    expect(page.posted('/workorder/batchRaise')).toEqual([
      {
        items: [
          { source: 'alarm', alarmId: 1, priority: 'urgent' },
          { source: 'alarm', alarmId: 2, priority: 'urgent' },
          { source: 'alarm', alarmId: 3, priority: 'urgent' },
        ],
      },
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('新建')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'GD2' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('来源记录不存在')).toBeTruthy();
  });

  it('refuses more than 500 sources before sending', async () => {
    setUp(alarms(501), () => undefined);
    expect(screen.getByRole('alert').textContent).toBe('一次最多生成 500 条,请减少所选记录');
    expect(ui.submit().closest('button')?.disabled).toBe(true);
  });

  it('holds a remark over 500 characters back', async () => {
    const page = setUp(alarms(1), () => undefined);
    await userEvent.click(ui.remark());
    await userEvent.paste('水'.repeat(501));
    expect(screen.getByText('备注不能超过500个字')).toBeTruthy();
    expect(ui.submit().closest('button')?.disabled).toBe(true);
    expect(page.posted('/workorder/raise')).toEqual([]);
  });

  it("sends month-end bases to the meter-reading page's calls, in English too", async () => {
    const page = setUp(
      {
        kind: 'bases',
        items: [
          { label: 'Meter SB1 · 2026-10 · High use', id: 41 },
          { label: 'Meter SB2 · 2026-10 · No use', id: 42 },
        ],
      },
      () => ({
        resp_code: 0,
        resp_msg: 'ok',
        datas: [
          { ok: true, created: true, id: 5, code: 'GD5', message: null },
          { ok: true, created: true, id: 6, code: 'GD6', message: null },
        ],
      }),
      'en',
    );
    expect(ui.dialog('Raise work orders (2)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Raise' }));
    expect(await screen.findByText('2 created, 0 already open, 0 failed')).toBeTruthy();
    expect(page.posted('/meter/meterBase/batchWorkOrder')).toEqual([{ ids: [41, 42] }]);
  });
});
