// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperationLogEntry } from '@waterops/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { OperationLogPage } from './OperationLogPage.tsx';

const entry = (over: Partial<OperationLogEntry>): OperationLogEntry => ({
  id: 1,
  userId: 1,
  username: 'admin',
  operation: 'roleCreate',
  operationName: '新增角色',
  detail: 'role #3 READER',
  ip: '10.1.2.3',
  result: 'success',
  reason: null,
  createTime: '2026-11-22T08:00:00Z',
  ...over,
});

const entries = [
  entry({ id: 2, result: 'failed', reason: '角色编码已存在', detail: 'POST /api-user/roles/saveOrUpdate' }),
  entry({ id: 1 }),
];

const ui = {
  failedTag: () => screen.findByText('失败', { selector: '.bp6-tag span' }),
  successTag: () => screen.getByText('成功', { selector: '.bp6-tag span' }),
  operation: () => screen.getByRole('combobox', { name: '操作' }),
  result: () => screen.getByRole('combobox', { name: '结果' }),
  ip: () => screen.getByRole('textbox', { name: 'IP 地址' }),
  search: () => screen.getByRole('button', { name: '查询' }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide the first three to bring the result into view.
beforeEach(() =>
  localStorage.setItem('columns:system.operationLog', JSON.stringify({ 时间: false, 用户名: false, 操作: false })),
);

const renderLog = () => {
  const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) =>
    url.split('?')[0]?.endsWith('/api-user/logs') ? { code: 0, msg: 'ok', count: 2, data: entries } : undefined,
  );
  return { ...renderWithStore(<OperationLogPage />, { session: { signedIn: true } }), calls };
};

describe('the operation-log page', () => {
  it('shows each result: success in a tag, failure in a red tag whose hover text is the reason', async () => {
    renderLog();
    const failed = await ui.failedTag();
    expect(failed.closest('.bp6-tag')?.className).toContain('bp6-intent-danger');
    expect(ui.successTag().closest('.bp6-tag')?.className).toContain('bp6-intent-success');
    expect(failed.closest('[title]')?.getAttribute('title')).toBe('失败:角色编码已存在');
  });

  it('filters by operation (localized names), result and IP prefix', async () => {
    const { calls } = renderLog();
    await ui.failedTag();
    expect(screen.getByRole('option', { name: '新增角色' })).toBeTruthy();
    await userEvent.selectOptions(ui.operation(), 'roleCreate');
    await userEvent.selectOptions(ui.result(), 'failed');
    await userEvent.type(ui.ip(), ' 10.1. ');
    await userEvent.click(ui.search());
    await waitFor(() => {
      const last = calls.filter((c) => c.url.includes('/api-user/logs')).at(-1);
      const query = new URL(last?.url ?? '', 'http://x').searchParams;
      expect([query.get('operation'), query.get('result'), query.get('ip')]).toEqual(['roleCreate', 'failed', '10.1.']);
    });
  });
});
