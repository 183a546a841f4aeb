import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions.ts';
import {
  effectiveOpened,
  normalizeOpened,
  notOpenedPermissions,
  type OpeningRow,
  requiredOpen,
  toggleOpened,
  withAncestors,
  withDescendants,
} from './menuOpening.ts';

// 1 home
// 2 personal center ─ 3 user:profile:view
// 4 system ─ 5 accounts ─ 6 sys:user:view
//          └ 7 log ─ 8 sys:log:view
const tree = (opened: Record<number, boolean> = {}): OpeningRow[] =>
  [
    { id: 1, parentId: 0 },
    { id: 2, parentId: 0 },
    { id: 3, parentId: 2, permission: PERMISSIONS.profileView },
    { id: 4, parentId: 0 },
    { id: 5, parentId: 4 },
    { id: 6, parentId: 5, permission: PERMISSIONS.sysUserView },
    { id: 7, parentId: 4 },
    { id: 8, parentId: 7, permission: PERMISSIONS.sysLogView },
  ].map((r) => ({ ...r, opened: opened[r.id] ?? true }));

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('withAncestors / withDescendants', () => {
  it.each([
    [[6], [4, 5, 6]],
    [
      [8, 3],
      [2, 3, 4, 7, 8],
    ],
    [[], []],
    [[99], []],
  ])('ancestors of %o → %o', (ids, expected) => {
    expect(sorted(withAncestors(tree(), ids))).toEqual(expected);
  });
  it.each([
    [4, [4, 5, 6, 7, 8]],
    [5, [5, 6]],
    [1, [1]],
  ])('descendants of %i → %o', (id, expected) => {
    expect(sorted(withDescendants(tree(), id))).toEqual(expected);
  });
  it('stops on a parent cycle', () => {
    const rows = [
      { id: 1, parentId: 2, opened: true },
      { id: 2, parentId: 1, opened: true },
    ];
    expect(sorted(withAncestors(rows, [1]))).toEqual([1, 2]);
  });
});

describe('effectiveOpened', () => {
  it('closes everything below a closed entry', () => {
    const open = effectiveOpened(tree({ 4: false }));
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((id) => open.get(id))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it('closes only the closed leaf', () => {
    const open = effectiveOpened(tree({ 6: false }));
    expect(open.get(5)).toBe(true);
    expect(open.get(6)).toBe(false);
  });
});

describe('notOpenedPermissions', () => {
  it.each([
    [{}, []],
    [{ 4: false }, [PERMISSIONS.sysLogView, PERMISSIONS.sysUserView]],
    [{ 7: false }, [PERMISSIONS.sysLogView]],
    [{ 6: false }, [PERMISSIONS.sysUserView]],
  ])('stored %o → %o', (opened, codes) => {
    expect(notOpenedPermissions(tree(opened))).toEqual(codes);
  });
});

describe('normalizeOpened', () => {
  it('opens the parents of what was asked and keeps the shell entries open', () => {
    expect(sorted(normalizeOpened(tree(), [6]))).toEqual([2, 3, 4, 5, 6]);
  });
  it('closes everything else, so a closed parent closes its children', () => {
    expect(sorted(normalizeOpened(tree(), [1]))).toEqual([1, 2, 3]);
  });
  it('keeps the personal center and its profile permission whatever is asked', () => {
    expect(sorted(requiredOpen(tree()))).toEqual([2, 3]);
    expect(sorted(normalizeOpened(tree(), []))).toEqual([2, 3]);
  });
});

describe('toggleOpened', () => {
  const all = new Set([1, 2, 3, 4, 5, 6, 7, 8]);
  it('closing a parent closes its children', () => {
    expect(sorted(toggleOpened(tree(), all, 4, false))).toEqual([1, 2, 3]);
  });
  it('opening a child opens its parents (not its siblings)', () => {
    expect(sorted(toggleOpened(tree(), new Set([2, 3]), 6, true))).toEqual([2, 3, 4, 5, 6]);
  });
  it('opening a parent opens everything below it', () => {
    expect(sorted(toggleOpened(tree(), new Set([2, 3]), 4, true))).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });
  it('a required entry cannot be closed', () => {
    expect(sorted(toggleOpened(tree(), all, 2, false))).toEqual([...all]);
  });
});
