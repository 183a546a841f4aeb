import type { Menu } from '@waterops/shared/user';
import { describe, expect, it } from 'vitest';
import { menuTreeRows, parentOptions } from './menuTreeRows.ts';

const menu = (id: number, parentId: number, sort: number, type = 0): Menu => ({
  id,
  parentId,
  name: `m${id}`,
  nameEn: null,
  path: '',
  url: '',
  css: '',
  type,
  hidden: false,
  sort,
  permission: type === 2 ? `p:${id}` : null,
  opened: true,
});

// 1 ─ 3 ─ 5 (permission)
//   └ 4
// 2
// 6 (parent 99 is missing)
const menus = [menu(2, 0, 20), menu(4, 1, 20), menu(3, 1, 10, 1), menu(1, 0, 10, 1), menu(5, 3, 0, 2), menu(6, 99, 30)];

describe('menuTreeRows', () => {
  it('lists in tree order with depths; an orphan at the top level', () => {
    expect(menuTreeRows(menus, new Set()).map((r) => [r.menu.id, r.depth, r.hasChildren])).toEqual([
      [1, 0, true],
      [3, 1, true],
      [5, 2, false],
      [4, 1, false],
      [2, 0, false],
      [6, 0, false],
    ]);
  });
  it('leaves out what is below a collapsed entry', () => {
    expect(menuTreeRows(menus, new Set([3])).map((r) => r.menu.id)).toEqual([1, 3, 4, 2, 6]);
    expect(menuTreeRows(menus, new Set([1])).map((r) => r.menu.id)).toEqual([1, 2, 6]);
  });
  it('survives a parent cycle', () => {
    expect(menuTreeRows([menu(1, 2, 0), menu(2, 1, 0)], new Set())).toEqual([]);
  });
});

describe('parentOptions', () => {
  it('offers every entry but permission entries, with depth', () => {
    expect(parentOptions(menus, undefined).map((o) => [o.value, o.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 1],
      [2, 0],
      [6, 0],
    ]);
  });
  it('leaves out the edited entry and everything below it', () => {
    expect(parentOptions(menus, 1).map((o) => o.value)).toEqual([2, 6]);
    expect(parentOptions(menus, 3).map((o) => o.value)).toEqual([1, 4, 2, 6]);
  });
});
