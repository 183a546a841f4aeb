// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice } from '@waterops/shared/notice';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { NoticePage } from './NoticePage.tsx';

const notice: Notice = {
  id: 3,
  title: '计划停水通知',
  content: '周六 9:00-15:00 停水',
  target: 'company',
  roleIds: [],
  userIds: [],
  recipients: 12,
  readCount: 5,
  createUser: '系统管理员',
  createTime: '2026-11-25T08:00:00Z',
};

const ui = {
  publish: () => screen.findByRole('button', { name: '发布通知' }),
  dialog: () => screen.findByRole('dialog', { name: '发布通知' }),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

afterEach(() => vi.unstubAllGlobals());

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/notice/list')) return { code: 0, msg: 'ok', count: 1, data: [notice] };
    if (path.endsWith('/notice/save')) return { resp_code: 0, resp_msg: 'ok', datas: { ...notice, id: 4 } };
    if (path.endsWith('/allRoles'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: [
          { id: 1, code: 'ADMIN', name: '超级管理员' },
          { id: 2, code: 'OPERATOR', name: '操作员' },
        ],
      };
    return undefined;
  });
  return { ...renderWithStore(<NoticePage />, { session: { signedIn: true } }), calls };
};

describe('the notice page', () => {
  it("lists the tenant's notices", async () => {
    renderPage();
    expect(await screen.findByText('计划停水通知')).toBeTruthy();
    expect(screen.getByText('周六 9:00-15:00 停水')).toBeTruthy();
  });

  it('refuses a notice without title or content before sending anything', async () => {
    const { calls } = renderPage();
    await userEvent.click(await ui.publish());
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入通知标题')).toBeTruthy();
    expect(within(dialog).getByText('请输入通知内容')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/notice/save'))).toHaveLength(0);
  });

  it('publishes to chosen roles; a roles target without a role is refused first', async () => {
    const { calls } = renderPage();
    await userEvent.click(await ui.publish());
    const dialog = await ui.dialog();
    await userEvent.type(within(dialog).getByLabelText('通知标题'), ' 夜班提醒 ');
    await userEvent.type(within(dialog).getByLabelText('通知内容'), '20:00 前交接');
    await userEvent.click(within(dialog).getByLabelText('指定角色'));
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请选择接收角色')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/notice/save'))).toHaveLength(0);

    await userEvent.click(within(dialog).getByLabelText('接收角色', { selector: 'input' }));
    await userEvent.click(within(await screen.findByRole('listbox', { name: '接收角色' })).getByText('操作员'));
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/notice/save'))?.body).toEqual({
        title: '夜班提醒',
        content: '20:00 前交接',
        target: 'roles',
        roleIds: [2],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '发布通知' })).toBeNull());
  });

  it('lets a publisher who may not read roles or accounts notify the whole company only', async () => {
    renderPage(['notice:view', 'notice:edit']);
    await userEvent.click(await ui.publish());
    const dialog = await ui.dialog();
    await waitFor(() => expect((within(dialog).getByLabelText('指定角色') as HTMLInputElement).disabled).toBe(true));
    expect((within(dialog).getByLabelText('指定用户') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('全公司') as HTMLInputElement).checked).toBe(true);
  });

  it('offers no publish button to a viewer without the edit permission', async () => {
    renderPage(['notice:view']);
    expect(await screen.findByText('计划停水通知')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发布通知' })).toBeNull();
  });
});
