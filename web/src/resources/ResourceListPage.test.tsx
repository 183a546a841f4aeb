// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchRun, meter, renderMeters } from './testResource.tsx';

// Table2 draws its header in two quadrants: the first copy is the one in the main grid.
const ui = {
  header: (name: string) => screen.queryAllByRole('columnheader', { name })[0],
  sortButton: (name: string) => screen.getAllByRole('button', { name })[0] as HTMLElement,
  next: () => screen.getByRole('button', { name: '下一页' }),
  pageSize: () => screen.getByRole('combobox', { name: /条\/页/ }),
  columnChooser: () => screen.getByRole('button', { name: '列设置' }),
  columnChoice: (name: string) => screen.getByRole('checkbox', { name }),
  selectRow: (n: number) => screen.getAllByRole('checkbox', { name: `选择第 ${n} 行` })[0] as HTMLElement,
  batch: () => screen.getByRole('button', { name: '确认' }),
  create: () => screen.queryByRole('button', { name: '新增' }),
  deleteButtons: () => screen.queryAllByRole('button', { name: '删除' }),
  alert: () => screen.findByRole('alertdialog'),
};

beforeEach(() => batchRun.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('a descriptor-driven list page', () => {
  it('asks for page 1 of 50, then the next page, then page 1 of 100 when the page size changes', async () => {
    const { lists } = renderMeters(['admin'], { count: 230 });
    await screen.findByText('M0001');
    expect(lists()[0]?.get('page')).toBe('1');
    expect(lists()[0]?.get('limit')).toBe('50');
    expect(screen.getByText('第 1 / 5 页')).toBeTruthy();
    await userEvent.click(ui.next());
    await waitFor(() => expect(lists().at(-1)?.get('page')).toBe('2'));
    await userEvent.selectOptions(ui.pageSize(), '100');
    await waitFor(() => expect(lists().at(-1)?.get('limit')).toBe('100'));
    expect(lists().at(-1)?.get('page')).toBe('1');
    expect(screen.getByText('第 1 / 3 页')).toBeTruthy();
  });

  it('sorts on the server: ascending, descending, then back to no sort', async () => {
    const { lists } = renderMeters();
    await screen.findByText('M0001');
    expect(lists()[0]?.has('sort')).toBe(false);
    await userEvent.click(ui.sortButton('用户名'));
    await waitFor(() => expect(lists().at(-1)?.get('order')).toBe('asc'));
    expect(lists().at(-1)?.get('sort')).toBe('code');
    expect(ui.header('用户名')?.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(ui.sortButton('用户名'));
    await waitFor(() => expect(lists().at(-1)?.get('order')).toBe('desc'));
    await userEvent.click(ui.sortButton('用户名'));
    await waitFor(() => expect(ui.header('用户名')?.getAttribute('aria-sort')).toBeNull());
  });

  it('hides a column hidden by default until it is chosen, and remembers the choice for this table', async () => {
    renderMeters();
    await screen.findByText('M0001');
    expect(ui.header('详情')).toBeUndefined();
    expect(screen.queryByText('备注 1')).toBeNull();
    await userEvent.click(ui.columnChooser());
    await userEvent.click(ui.columnChoice('详情'));
    expect(ui.header('详情')).toBeTruthy();
    expect(await screen.findByText('备注 1')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('columns:test.meters') ?? '{}')).toEqual({ 详情: true });
  });

  it('runs a batch action on the selected rows only', async () => {
    renderMeters();
    await screen.findByText('M0001');
    expect((ui.batch() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(ui.selectRow(1));
    await userEvent.click(ui.selectRow(3));
    expect(screen.getByText('已选 2 条')).toBeTruthy();
    await userEvent.click(ui.batch());
    expect(batchRun).toHaveBeenCalledWith([meter(1), meter(3)]);
  });

  it('shows the empty state when nothing matches', async () => {
    renderMeters(['admin'], { rows: () => [] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('sends the trimmed filter and starts again from page 1', async () => {
    const { lists } = renderMeters(['admin'], { count: 230 });
    await screen.findByText('M0001');
    await userEvent.click(ui.next());
    await userEvent.type(screen.getByPlaceholderText('按用户名筛选'), '  M00 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lists().at(-1)?.get('code')).toBe('M00'));
    expect(lists().at(-1)?.get('page')).toBe('1');
  });

  it('hides create, edit, delete and batch actions from a user without their permissions', async () => {
    renderMeters(['user:profile:view']);
    await screen.findByText('M0001');
    expect(ui.create()).toBeNull();
    expect(ui.deleteButtons()).toEqual([]);
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '确认' })).toBeNull();
  });

  it('deletes a row only after the confirmation', async () => {
    const { calls, messages } = renderMeters(['meter:delete']);
    await screen.findByText('M0001');
    await userEvent.click(ui.deleteButtons()[0] as HTMLElement);
    const alert = await ui.alert();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(alert).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api-test/meters/1'));
    expect(messages).toEqual([]);
  });
});
