// @vitest-environment jsdom
// The horizontal menu keeps to one line: what does not fit the bar goes into 更多 (More), so every page — the 系统
// group and the API docs included — stays reachable however narrow the bar and however long the labels.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { fitCount, HorizontalMenu } from './HorizontalMenu.tsx';
import { menuPages, testMenu } from './testMenu.ts';

const ui = {
  bar: () => screen.getByRole('navigation', { name: /^(主菜单|Main menu)$/ }),
  more: () => within(ui.bar()).queryByRole('button', { name: /^(更多|More)$/ }),
  menu: () => screen.findByRole('menu'),
};

/**
 * jsdom lays nothing out: give the bar `bar` px and every entry `item` px (the "more" button `more` px), as a
 * browser would measure them.
 */
const layOut = (bar: number, item = 120, more = 80) =>
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const width = this.matches('.wo-h-menu')
      ? bar
      : this.matches('[data-measure="more"]')
        ? more
        : this.matches('[data-measure="item"]')
          ? item
          : 0;
    return { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: width, width, height: 0, toJSON: () => ({}) } as DOMRect;
  });

/** Names of the entries shown in the bar itself (links and group buttons), without the "more" button. */
const barEntries = () =>
  [...ui.bar().querySelectorAll(':scope > a, :scope > .bp6-popover-target > button')]
    .map((el) => el.textContent ?? '')
    .filter((name) => !/^(更多|More)$/.test(name));

/** Opens a drop-down of the bar and returns the names of its items, then closes it. */
/** The drop-down has left (its closing transition: give it the time a loaded CI machine takes, not vi's 1 s). */
const menuClosed = () => vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 5_000 });

const itemsOf = async (user: ReturnType<typeof userEvent.setup>, button: HTMLElement): Promise<string[]> => {
  await user.click(button);
  const menu = await ui.menu();
  const names = within(menu)
    .getAllByRole('menuitem')
    .map((el) => el.querySelector('.bp6-text-overflow-ellipsis, .bp6-fill')?.textContent ?? el.textContent ?? '');
  await user.keyboard('{Escape}');
  await menuClosed();
  return names;
};

/** Every page a user can reach from the bar: its links, the pages in its groups, and the pages in 更多. */
const reachablePages = async (user: ReturnType<typeof userEvent.setup>): Promise<string[]> => {
  const reached = within(ui.bar())
    .queryAllByRole('link')
    .map((el) => el.firstChild?.textContent ?? '');
  for (const button of within(ui.bar()).queryAllByRole('button')) reached.push(...(await itemsOf(user, button)));
  return reached;
};

const render = (locale: 'zh-CN' | 'en', match?: (routes: AppRoute[]) => AppRoute) => {
  const routes = testMenu(locale);
  renderWithStore(<HorizontalMenu routes={routes} match={match?.(routes) ?? routes[0]!} />, undefined, locale);
  return routes;
};

afterEach(() => vi.restoreAllMocks());

describe('HorizontalMenu', () => {
  it('keeps what fits in the bar and moves the rest, the 系统管理 group too, into 更多', async () => {
    const user = userEvent.setup({ delay: null });
    // 500 px: 3 entries of 120 px beside the 80 px button
    layOut(500);
    const routes = render('zh-CN');

    expect(barEntries()).toEqual(['首页', '个人中心', '档案管理']);
    expect(ui.more()).not.toBeNull();
    await user.click(ui.more()!);
    const menu = await ui.menu();
    // groups that did not fit are titled sections of the drop-down, with their pages
    for (const title of ['设备管理', '监控中心', '系统管理']) expect(within(menu).getByText(title)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: '账号管理' }).getAttribute('href')).toBe('#/system/accounts');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /^接口文档/ })
        .getAttribute('target'),
    ).toBe('_blank');
    await user.keyboard('{Escape}');
    await menuClosed();

    const reached = await reachablePages(user);
    for (const page of menuPages(routes)) expect(reached).toContain(page.title);
  });

  it('in English, where labels are longer, System and API docs are still reachable', async () => {
    const user = userEvent.setup({ delay: null });
    // 700 px of 150 px entries: Home, Personal center, Registry and Devices fit beside More
    layOut(700, 150);
    const routes = render('en');

    expect(barEntries()).toEqual(['Home', 'Personal center', 'Registry', 'Devices']);
    const inMore = await itemsOf(user, ui.more()!);
    expect(inMore).toEqual(expect.arrayContaining(['Alarm console', 'Accounts', 'Roles', 'Operation log', 'API docs']));
    const reached = await reachablePages(user);
    for (const page of menuPages(routes)) expect(reached).toContain(page.title);
  });

  it('shows every entry in the bar, and no 更多, when all fit', () => {
    layOut(2000);
    render('zh-CN');
    expect(barEntries()).toEqual(['首页', '个人中心', '档案管理', '设备管理', '监控中心', '系统管理', '接口文档API']);
    expect(ui.more()).toBeNull();
  });

  it('marks the entry holding the open page: its group, or 更多 when the group sits in there', () => {
    layOut(500);
    render('zh-CN', (routes) => routes.find((r) => r.title === '系统管理')!.children[0]!);
    expect(ui.more()!.classList.contains('active')).toBe(true);
    expect(within(ui.bar()).getByRole('button', { name: '档案管理' }).classList.contains('active')).toBe(false);
  });
});

describe('fitCount', () => {
  it.each([
    { widths: [100, 100, 100], available: 300, more: 50, fits: 3, why: 'all fit exactly: no more button' },
    { widths: [100, 100, 100], available: 299, more: 50, fits: 2, why: 'one short: two beside the button' },
    { widths: [100, 100, 100], available: 249, more: 50, fits: 1, why: '' },
    { widths: [100, 100, 100], available: 120, more: 50, fits: 0, why: 'only the button' },
    { widths: [], available: 0, more: 50, fits: 0, why: 'no entries' },
  ])('$widths in $available px (more $more px) → $fits $why', ({ widths, available, more, fits }) => {
    expect(fitCount(widths, available, more)).toBe(fits);
  });
});
