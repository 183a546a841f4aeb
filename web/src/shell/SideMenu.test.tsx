// @vitest-environment jsdom
// The collapsed side bar: every entry its own slot (an icon with the entry's name), the open page marked as in the
// expanded bar.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { SideMenu } from './SideMenu.tsx';
import { testMenu } from './testMenu.ts';

const ui = {
  menu: () => screen.getByRole('navigation', { name: '主菜单' }),
  links: () => within(ui.menu()).getAllByRole('link'),
  groups: () => within(ui.menu()).getAllByRole('button'),
  link: (name: string) => within(ui.menu()).getByRole('link', { name }),
};

const find = (routes: AppRoute[], title: string): AppRoute =>
  routes.flatMap((r) => [r, ...r.children]).find((r) => r.title === title)!;

describe('SideMenu collapsed', () => {
  it('gives every entry its own slot with its name, and marks the open page like the expanded bar', async () => {
    const user = userEvent.setup({ delay: null });
    const routes = testMenu();
    renderWithStore(<SideMenu routes={routes} match={find(routes, '个人中心')} collapsed />);

    // one entry per top-level page or group, each named (the icon alone shows)
    expect(ui.links().map((a) => a.getAttribute('aria-label'))).toEqual(['首页', '个人中心', '接口文档']);
    expect(ui.groups().map((b) => b.getAttribute('aria-label'))).toEqual([
      '档案管理',
      '设备管理',
      '监控中心',
      '系统管理',
    ]);
    // the slot and the active style come with the menu-item class: without it Home and Personal center were bare
    // inline icons drawn over each other, and the open page showed no mark
    for (const entry of [...ui.links(), ...ui.groups()]) expect(entry.classList.contains('wo-menu-item')).toBe(true);

    await user.click(ui.link('个人中心'));
    expect(ui.link('个人中心').getAttribute('aria-current')).toBe('page');
    expect(ui.link('个人中心').className).toBe('wo-menu-item active');
    expect(ui.link('首页').classList.contains('active')).toBe(false);

    // the name shows as a tooltip on hover
    await user.hover(ui.link('首页'));
    // (Blueprint's tooltip carries no tooltip role: found by its class)
    await vi.waitFor(() => expect(document.querySelector('.bp6-tooltip')?.textContent).toBe('首页'));
  });

  it('marks the group holding the open page', () => {
    const routes = testMenu();
    renderWithStore(<SideMenu routes={routes} match={find(routes, '账号管理')} collapsed />);
    const system = within(ui.menu()).getByRole('button', { name: '系统管理' });
    expect(system.classList.contains('active')).toBe(true);
    expect(within(ui.menu()).getByRole('button', { name: '档案管理' }).classList.contains('active')).toBe(false);
  });

  it('expanded, the open page carries the same mark', async () => {
    const user = userEvent.setup({ delay: null });
    const routes = testMenu();
    renderWithStore(<SideMenu routes={routes} match={find(routes, '首页')} collapsed={false} />);
    await user.click(ui.link('首页'));
    expect(ui.link('首页').className).toBe('wo-menu-item active');
  });
});
