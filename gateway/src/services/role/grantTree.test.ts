import { describe, expect, it } from 'vitest';
import { buildGrantTree, type GrantMenuRow } from './grantTree.ts';

const row = (id: number, parent: number, sort: number, type = 0, permission: string | null = null): GrantMenuRow => ({
  id,
  parent_id: parent,
  name: `菜单${id}`,
  name_en: id === 1 ? null : `Menu ${id}`,
  type,
  permission,
  hidden: false,
  sort,
});

describe('buildGrantTree', () => {
  const rows = [row(3, 1, 20, 2, 'a:b'), row(1, 0, 10), row(2, 1, 10), row(4, 0, 5), row(5, 99, 1)];

  it('nests children by sort, checks the granted ones and names them in the request language', () => {
    const tree = buildGrantTree(rows, new Set([3, 4]), 'en');
    expect(tree.map((e) => [e.id, e.checked])).toEqual([
      [5, false],
      [4, true],
      [1, false],
    ]);
    const menu1 = tree.find((e) => e.id === 1);
    expect(menu1?.name).toBe('菜单1');
    expect(menu1?.subMenus.map((e) => [e.id, e.name, e.checked, e.permission])).toEqual([
      [2, 'Menu 2', false, null],
      [3, 'Menu 3', true, 'a:b'],
    ]);
  });

  it('shows an orphan at the top level rather than hiding it', () => {
    expect(buildGrantTree([row(5, 99, 1)], new Set(), 'zh-CN').map((e) => e.id)).toEqual([5]);
  });
});
