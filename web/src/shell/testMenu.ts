// A menu shaped like the demo's (pages, groups, the 系统 group, the external API docs) for the shell's tests.
import type { MenuEntry } from '@waterops/shared/user';
import { type AppRoute, buildMenuRoutes } from '../app/router/buildMenuRoutes.ts';

type Names = { zh: string; en: string };

const page = (id: number, names: Names, url: string, css: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  parentId: Math.floor(id / 100),
  name: names.zh,
  path: `x/${url}`,
  url,
  css,
  type: 0,
  hidden: false,
  sort: id,
  subMenus: [],
  ...extra,
});

const group = (id: number, names: Names, url: string, css: string, subMenus: MenuEntry[]): MenuEntry => ({
  ...page(id, names, url, css),
  path: '',
  type: 1,
  subMenus,
});

const ENTRIES = (en: boolean): MenuEntry[] => {
  const n = (zh: string, english: string): Names => ({ zh: en ? english : zh, en: english });
  return [
    page(1, n('首页', 'Home'), '/index', 'home', { affix: true }),
    page(2, n('个人中心', 'Personal center'), '/personalCenter', 'user'),
    group(3, n('档案管理', 'Registry'), '/registry', 'database', [
      page(301, n('片区管理', 'Regions'), 'regions', 'map'),
      page(302, n('用户档案', 'Residents'), 'residents', 'person'),
    ]),
    group(4, n('设备管理', 'Devices'), '/devices', 'mobile-phone', [
      page(401, n('水表管理', 'Water meters'), 'meters', 'dashboard'),
      page(402, n('阀门管理', 'Valves'), 'valves', 'git-branch'),
    ]),
    group(5, n('监控中心', 'Monitoring'), '/monitoring', 'pulse', [
      page(501, n('告警控制台', 'Alarm console'), 'alarms', 'notifications'),
      page(502, n('设备状态看板', 'Status board'), 'board', 'grid-view'),
    ]),
    group(6, n('系统管理', 'System'), '/system', 'cog', [
      page(601, n('账号管理', 'Accounts'), 'accounts', 'people'),
      page(602, n('角色管理', 'Roles'), 'roles', 'shield'),
      page(603, n('操作日志', 'Operation log'), 'operationLog', 'history'),
    ]),
    page(7, n('接口文档', 'API docs'), 'https://example.test/docs', 'document-share', {
      badge: 'API',
      target: '_blank',
    }),
  ];
};

/** The fixture menu as routes, titles in the language asked for. */
export const testMenu = (locale: 'zh-CN' | 'en' = 'zh-CN'): AppRoute[] => buildMenuRoutes(ENTRIES(locale === 'en'));

/** Every page of a route tree (external links included), depth first. */
export const menuPages = (routes: AppRoute[]): AppRoute[] =>
  routes.flatMap((r) => (r.isDirectory ? menuPages(r.children) : [r]));
