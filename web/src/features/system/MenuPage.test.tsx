// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyMenuEntry, Menu } from '@waterops/shared/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { CompanyMenusDialog } from './CompanyMenusDialog.tsx';
import { MenuPage } from './MenuPage.tsx';

const menu = (id: number, parentId: number, name: string, extra: Partial<Menu> = {}): Menu => ({
  id,
  parentId,
  name,
  nameEn: null,
  path: '',
  url: '',
  css: '',
  type: 0,
  hidden: false,
  sort: id,
  permission: null,
  opened: true,
  ...extra,
});
const menus = [
  menu(1, 0, '系统管理', { type: 1, path: 'Layout', url: '/system', css: 'cog' }),
  menu(2, 1, '操作日志', { path: 'system/OperationLogPage', url: '/system/operationLog', opened: false }),
  menu(3, 2, '查看操作日志', { type: 2, permission: 'sys:log:view' }),
  menu(4, 0, '首页', { url: '/index', path: 'home/HomePage' }),
];

const ui = {
  row: (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement,
  create: () => screen.queryByRole('button', { name: '新增' }),
  dialog: () => screen.findByRole('dialog'),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

afterEach(() => vi.unstubAllGlobals());

const renderMenus = (
  permissions = ['admin'],
  deleteAnswer: unknown = { resp_code: 0, resp_msg: 'ok', datas: null },
) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/api-user/menus') && !init.method?.match(/POST|DELETE/))
      return { code: 0, msg: 'ok', count: menus.length, data: menus };
    if (init.method === 'DELETE') return deleteAnswer;
    return undefined;
  });
  return { ...renderWithStore(<MenuPage />, { session: { signedIn: true } }), calls };
};

describe('the menu page', () => {
  it('shows the entries as a tree, everything below a closed entry not open, and collapses a branch', async () => {
    renderMenus();
    await screen.findByText('查看操作日志');
    expect(within(ui.row('查看操作日志')).getByText('未开通')).toBeTruthy();
    expect(within(ui.row('首页')).getByText('已开通')).toBeTruthy();
    // what is not open cannot be changed by the company itself
    expect((within(ui.row('查看操作日志')).getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(ui.row('首页')).getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '收起 系统管理' }));
    expect(screen.queryByText('操作日志')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '展开全部' }));
    expect(await screen.findByText('查看操作日志')).toBeTruthy();
  });

  it('adds a child below the chosen entry with the form rules, and sends the no-layout marker in path', async () => {
    const { calls } = renderMenus();
    await screen.findByText('操作日志');
    await userEvent.click(within(ui.row('/system/operationLog')).getByRole('button', { name: '新增下级' }));
    const dialog = await ui.dialog();
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('菜单名称不能为空')).toBeTruthy();
    // pasted, not typed key by key: each key re-renders the page's tree, slow on a loaded CI machine
    await userEvent.click(within(dialog).getByLabelText('菜单名称'));
    await userEvent.paste('打印');
    await userEvent.click(within(dialog).getByLabelText('组件路径'));
    await userEvent.paste('system/PrintPage');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '无布局页面(||)' }));
    await userEvent.click(ui.ok(dialog));
    await waitFor(
      () =>
        expect(calls.find((c) => c.url.includes('/menus/saveOrUpdate'))?.body).toMatchObject({
          parentId: 2,
          name: '打印',
          type: 0,
          path: '||system/PrintPage',
          hidden: false,
          permission: null,
        }),
      { timeout: 15_000 },
    );
  });

  it("shows the server's refusal to delete an entry with children", async () => {
    renderMenus(['admin'], { resp_code: 400, resp_msg: '该菜单下还有子菜单,不能删除' });
    await screen.findByText('操作日志');
    await userEvent.click(within(ui.row('系统管理')).getByRole('button', { name: '删除' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('该菜单下还有子菜单,不能删除')).toBeTruthy();
  });

  it('shows no create, edit or delete to a user who may only view menus', async () => {
    renderMenus(['sys:menu:view']);
    await screen.findByText('操作日志');
    expect(ui.create()).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});

const entry = (
  id: number,
  parentId: number,
  name: string,
  extra: Partial<CompanyMenuEntry> = {},
): CompanyMenuEntry => ({
  id,
  parentId,
  name,
  type: 0,
  permission: null,
  hidden: false,
  opened: true,
  required: false,
  subMenus: [],
  ...extra,
});

describe('the company menus dialog', () => {
  const tree = [
    entry(1, 0, '系统管理', { subMenus: [entry(2, 1, '操作日志', { opened: false }), entry(3, 1, '账号管理')] }),
    entry(4, 0, '个人中心', { required: true }),
  ];

  it('closing a parent closes its children, checking a child opens its parent; required entries stay open', async () => {
    const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) =>
      url.includes('/menus/company/9/menus') ? { resp_code: 0, resp_msg: 'ok', datas: tree } : undefined,
    );
    const onClose = vi.fn();
    renderWithStore(<CompanyMenusDialog companyId={9} companyName="下属公司" onClose={onClose} />, {
      session: { signedIn: true },
    });
    const dialog = await screen.findByRole('dialog', { name: '开通菜单 - 下属公司' });
    const check = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await within(dialog).findByText('操作日志');
    expect(check('操作日志').checked).toBe(false);
    expect(check('个人中心').disabled).toBe(true);

    await userEvent.click(check('系统管理'));
    expect(check('账号管理').checked).toBe(false);
    await userEvent.click(check('操作日志'));
    expect(check('系统管理').checked).toBe(true);
    expect(check('账号管理').checked).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/menus/company/9/opened'))?.body).toEqual({ menuIds: [1, 2, 4] }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
