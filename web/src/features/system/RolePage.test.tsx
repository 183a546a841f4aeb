// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuGrantEntry, Role } from '@waterops/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { RolePage } from './RolePage.tsx';

const role: Role = {
  id: 3,
  code: 'READER',
  name: '抄表员',
  nameZh: '抄表员',
  nameEn: 'Reader',
  type: '1',
  userCount: 2,
  createTime: '2024-05-01T08:00:00Z',
};

const menu = (id: number, parentId: number, name: string, checked: boolean, subMenus: MenuGrantEntry[] = []) => ({
  id,
  parentId,
  name,
  type: subMenus.length ? 1 : 0,
  permission: null,
  hidden: false,
  checked,
  subMenus,
});
const tree = [
  menu(1, 0, '系统管理', true, [menu(2, 1, '角色管理', true), menu(3, 1, '账号管理', false)]),
  menu(4, 0, '首页', false),
];

const ui = {
  row: () => screen.findByText('READER'),
  grant: () => screen.getByRole('button', { name: '菜单授权' }),
  dialog: () => screen.findByRole('dialog', { name: '菜单授权 - 抄表员' }),
  check: (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement,
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  create: () => screen.queryByRole('button', { name: '新增' }),
  deleteButton: () => screen.getByRole('button', { name: '删除' }),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns: hide three (the column chooser's stored choice) to
// bring the actions column into view.
beforeEach(() =>
  localStorage.setItem('columns:system.role', JSON.stringify({ 类型: false, 用户数: false, 创建时间: false })),
);

const renderRoles = (
  permissions = ['admin'],
  deleteAnswer: unknown = { resp_code: 0, resp_msg: 'ok', datas: null },
) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/api-user/roles')) return { code: 0, msg: 'ok', count: 1, data: [role] };
    if (path.endsWith('/menus/3/menus')) return { resp_code: 0, resp_msg: 'ok', datas: tree };
    if (init.method === 'DELETE') return deleteAnswer;
    return undefined;
  });
  return { ...renderWithStore(<RolePage />, { session: { signedIn: true } }), calls };
};

describe('the role page', () => {
  it('grants menus: a parent checks all it holds, and the saved ids carry the parents of what is checked', async () => {
    const { calls } = renderRoles();
    await ui.row();
    await userEvent.click(ui.grant());
    const dialog = await ui.dialog();
    await within(dialog).findByText('账号管理');
    expect(ui.check(dialog, '角色管理').checked).toBe(true);
    expect(ui.check(dialog, '系统管理').indeterminate).toBe(true);

    await userEvent.click(ui.check(dialog, '系统管理'));
    expect(ui.check(dialog, '账号管理').checked).toBe(true);
    expect(ui.check(dialog, '系统管理').checked).toBe(true);

    await userEvent.click(ui.check(dialog, '角色管理'));
    await userEvent.click(ui.check(dialog, '首页'));
    await userEvent.click(ui.ok(dialog));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/menus/granted'))?.body).toEqual({
        roleId: 3,
        menuIds: [1, 3, 4],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal when the role still has users", async () => {
    renderRoles(['admin'], { resp_code: 1, resp_msg: '该角色下还有用户,不能删除', datas: null });
    await ui.row();
    await userEvent.click(ui.deleteButton());
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('该角色下还有用户,不能删除')).toBeTruthy();
  });

  it('shows no create, edit, delete or grant to a user who may only view roles', async () => {
    renderRoles(['sys:role:view']);
    await ui.row();
    expect(ui.create()).toBeNull();
    expect(screen.queryByRole('button', { name: '菜单授权' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });
});
