import type { MenuEntry } from '@waterops/shared/user';
import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, flattenRoutes, visibleMenu } from './buildMenuRoutes.ts';
import { pageFor } from './pageRegistry.tsx';

let nextId = 1;
const entry = (over: Partial<MenuEntry>): MenuEntry => ({
  id: nextId++,
  parentId: 0,
  name: 'x',
  path: '',
  url: '',
  css: 'home',
  type: 0,
  hidden: false,
  sort: 0,
  subMenus: [],
  ...over,
});

const menus: MenuEntry[] = [
  entry({
    name: '首页',
    path: 'Layout',
    url: '/',
    type: 1,
    sort: 1,
    subMenus: [entry({ name: 'Home', path: 'home/HomePage', url: '/index', affix: true })],
  }),
  entry({
    name: '系统管理',
    path: 'Layout',
    url: '/system',
    type: 1,
    sort: 2,
    subMenus: [
      entry({ name: '操作日志', path: 'system/OperationLogPage', url: 'operationLog', sort: 2 }),
      entry({ name: '打印', path: 'system/PrintPage||', url: '/system/print', sort: 3 }),
      entry({ name: '详情', path: 'system/DetailPage', url: '/system/detail||', sort: 4 }),
      entry({
        name: '更深',
        path: 'EmptyLayout',
        url: '/system/deep',
        type: 1,
        sort: 1,
        subMenus: [entry({ name: '深页', path: 'nowhere/UnknownPage', url: '/system/deep/page' })],
      }),
    ],
  }),
  entry({ name: 'API', path: '', url: '/docs', target: '_blank', badge: 'API', sort: 3 }),
];

describe('routes from menus', () => {
  const routes = buildMenuRoutes(menus);
  const pages = flattenRoutes(routes);
  const byTitle = (title: string) => pages.find((p) => p.title === title)!;

  it('first level uses the main layout, deeper levels the empty wrapper', () => {
    expect(routes.map((r) => r.wrapper)).toEqual(['Layout', 'Layout', 'Layout']);
    expect(routes[1]?.children.find((c) => c.title === '更深')?.wrapper).toBe('EmptyLayout');
    expect(byTitle('深页').trail.map((t) => t.title)).toEqual(['系统管理', '更深']);
  });

  it('resolves relative urls against the parent and sorts by sort', () => {
    expect(byTitle('操作日志').path).toBe('/system/operationLog');
    expect(routes[1]?.children.map((c) => c.title)).toEqual(['更深', '操作日志', '打印', '详情']);
  });

  it("'||' in url hides the route from menus but keeps it routable; in path it renders without the layout", () => {
    const detail = byTitle('详情');
    expect(detail).toMatchObject({ path: '/system/detail', hidden: true, bare: false, component: 'system/DetailPage' });
    const print = byTitle('打印');
    expect(print).toMatchObject({ path: '/system/print', hidden: false, bare: true, component: 'system/PrintPage' });
    const shown = visibleMenu(routes)[1]?.children.map((c) => c.title);
    expect(shown).not.toContain('详情');
    expect(shown).toContain('打印');
  });

  it('keeps hidden entries out of menus and drops directories left empty', () => {
    const only = buildMenuRoutes([
      entry({
        name: 'D',
        type: 1,
        url: '/d',
        subMenus: [entry({ name: 'h', url: '/d/h', hidden: true, path: 'home/HomePage' })],
      }),
    ]);
    expect(visibleMenu(only)).toEqual([]);
    expect(flattenRoutes(only).map((r) => r.path)).toEqual(['/d/h']);
  });

  it('external links are not routes; pinned and badges carry over', () => {
    expect(pages.map((p) => p.path)).not.toContain('/docs');
    expect(routes[2]).toMatchObject({ external: true, badge: 'API' });
    expect(byTitle('Home').affix).toBe(true);
  });

  it('an unknown component key has no page (the layout shows 404)', () => {
    expect(pageFor(byTitle('深页').component)).toBeNull();
    expect(pageFor('home/HomePage')).not.toBeNull();
  });

  it('an entry not open for the company, and everything below it, is marked not opened', () => {
    const [folder] = buildMenuRoutes([
      entry({
        name: '报表',
        type: 1,
        url: '/report',
        opened: false,
        subMenus: [entry({ name: '日报', path: 'report/DailyPage', url: 'daily' })],
      }),
    ]);
    expect(folder?.opened).toBe(false);
    expect(folder?.children[0]?.opened).toBe(false);
    expect(byTitle('深页').opened).toBe(true);
  });
});
