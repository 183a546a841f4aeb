import { describe, expect, it } from 'vitest';
import { buildMenuTree, type MenuRow } from './menuTree.ts';

const row = (id: number, parent: number, name: string, extra: Partial<MenuRow> = {}): MenuRow => ({
  id,
  parent_id: parent,
  name,
  name_en: `${name}-en`,
  type: 0,
  path: `p/${id}`,
  url: `/u${id}`,
  css: '',
  hidden: false,
  sort: id * 10,
  affix: false,
  badge: null,
  target: null,
  opened: true,
  ...extra,
});

const names = (tree: ReturnType<typeof buildMenuTree>): unknown[] =>
  tree.map((m) => (m.subMenus.length ? [m.name, names(m.subMenus)] : m.name));

describe('buildMenuTree', () => {
  it('hangs children under their parents and orders siblings by sort, then id', () => {
    const rows = [
      row(1, 0, 'home', { sort: 10 }),
      row(2, 0, 'system', { type: 1, sort: 30 }),
      row(3, 2, 'log', { sort: 20 }),
      row(4, 2, 'users', { sort: 10 }),
      row(5, 0, 'center', { sort: 20 }),
      row(6, 4, 'deep', { sort: 1 }),
      row(7, 2, 'same-sort-later-id', { sort: 20 }),
    ];
    expect(names(buildMenuTree(rows, 'zh-CN'))).toEqual([
      'home',
      'center',
      ['system', [['users', ['deep']], 'log', 'same-sort-later-id']],
    ]);
  });

  it('names entries in the request language, falling back to Chinese without a translation', () => {
    const rows = [row(1, 0, '首页'), row(2, 0, '日志', { name_en: null })];
    expect(names(buildMenuTree(rows, 'en'))).toEqual(['首页-en', '日志']);
    expect(names(buildMenuTree(rows, 'zh-CN'))).toEqual(['首页', '日志']);
  });

  it('leaves out permission entries and entries whose parent was not granted', () => {
    const rows = [row(1, 0, 'home'), row(2, 1, 'perm', { type: 2 }), row(3, 99, 'orphan'), row(4, 3, 'orphan-child')];
    expect(names(buildMenuTree(rows, 'zh-CN'))).toEqual(['home']);
  });

  it('carries the spec’s entry fields through', () => {
    const [docs] = buildMenuTree(
      [row(1, 0, 'docs', { url: '/docs', target: '_blank', badge: 'API', affix: true, hidden: true })],
      'zh-CN',
    );
    expect(docs).toEqual({
      id: 1,
      parentId: 0,
      name: 'docs',
      path: 'p/1',
      url: '/docs',
      css: '',
      type: 0,
      hidden: true,
      sort: 10,
      affix: true,
      badge: 'API',
      target: '_blank',
      opened: true,
      subMenus: [],
    });
  });

  it('survives a cycle in parent ids without looping', () => {
    expect(buildMenuTree([row(1, 2, 'a'), row(2, 1, 'b')], 'zh-CN')).toEqual([]);
  });

  it('keeps an entry not open for the company, marked opened: false, and everything below a closed one too', () => {
    const rows = [
      row(1, 0, 'home'),
      row(2, 0, 'system', { type: 1, opened: false }),
      row(3, 2, 'log'),
      row(4, 0, 'report', { opened: false }),
    ];
    const opened = (tree: ReturnType<typeof buildMenuTree>): unknown[] =>
      tree.map((m) => (m.subMenus.length ? [m.opened, opened(m.subMenus)] : m.opened));
    expect(opened(buildMenuTree(rows, 'zh-CN'))).toEqual([true, [false, [false]], false]);
  });
});
