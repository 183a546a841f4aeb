import type { MenuGrantEntry } from '@waterops/shared/user';
import { describe, expect, it } from 'vitest';
import { checkStateOf, grantedLeaves, grantedMenuIds, toggleEntry } from './menuGrant.ts';

const entry = (id: number, parentId: number, checked: boolean, subMenus: MenuGrantEntry[] = []): MenuGrantEntry => ({
  id,
  parentId,
  name: `m${id}`,
  type: subMenus.length ? 1 : 0,
  permission: null,
  hidden: false,
  checked,
  subMenus,
});

// 1 System ─┬ 2 Roles ─┬ 4 sys:role:view
//           │          └ 5 sys:role:edit
//           └ 3 Log
// 6 Home
const tree = [
  entry(1, 0, true, [entry(2, 1, true, [entry(4, 2, true), entry(5, 2, false)]), entry(3, 1, false)]),
  entry(6, 0, false),
];
const [system, home] = tree as [MenuGrantEntry, MenuGrantEntry];
const roles = system.subMenus[0] as MenuGrantEntry;

describe('the menu grant tree', () => {
  it('starts from the granted leaves: a granted folder counts only through what it holds', () => {
    const checked = grantedLeaves(tree);
    expect([...checked]).toEqual([4]);
    expect(checkStateOf(system, checked)).toBe('indeterminate');
    expect(checkStateOf(roles, checked)).toBe('indeterminate');
    expect(checkStateOf(home, checked)).toBe('unchecked');
  });

  it('checks every entry under a parent, and unchecks them all when it is clicked again', () => {
    const all = toggleEntry(system, grantedLeaves(tree));
    expect([...all].sort()).toEqual([3, 4, 5]);
    expect(checkStateOf(system, all)).toBe('checked');
    const none = toggleEntry(system, all);
    expect([...none]).toEqual([]);
    expect(checkStateOf(roles, none)).toBe('unchecked');
  });

  it.each([
    ['nothing', [], []],
    ['one permission entry: its page and folder come with it', [5], [1, 2, 5]],
    ['a top-level page', [6], [6]],
    ['everything', [3, 4, 5, 6], [1, 2, 4, 5, 3, 6]],
  ])('saves %s as the checked leaves plus their ancestors', (_name, leaves, menuIds) => {
    expect(grantedMenuIds(tree, new Set(leaves))).toEqual(menuIds);
  });
});
