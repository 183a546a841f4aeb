import type { Notification } from '@waterops/shared/notice';
import { describe, expect, it } from 'vitest';
import { applyBellChange, badgeText, unreadOf, withoutRead } from './bellItems.ts';

const item = (id: number, category: 1 | 2 = 1, status: 0 | 1 = 0): Notification => ({
  id,
  title: `t${id}`,
  content: 'c',
  createTime: '2026-11-25T08:00:00Z',
  status,
  category,
  param: category === 2 ? `WO-${id}` : null,
});

describe('the bell rules', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('a total of %i unread shows %s on the badge (spec §9: capped at 99)', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('splits unread items by category, newest first, leaving read ones out', () => {
    const items = [item(1), item(3, 2), item(5), item(4, 1, 1), item(2, 2)];
    expect(unreadOf(items, 1).map((i) => i.id)).toEqual([5, 1]);
    expect(unreadOf(items, 2).map((i) => i.id)).toEqual([3, 2]);
  });

  it('replaces the list on a snapshot and applies a patch by id', () => {
    const list = applyBellChange([item(1)], { kind: 'snapshot', items: [item(2), item(7)] });
    expect(list.map((i) => i.id)).toEqual([7, 2]);
    const patched = applyBellChange(list, {
      kind: 'patch',
      upserts: [item(9), { ...item(2), title: 'new' }],
      removes: [7],
    });
    expect(patched.map((i) => i.id)).toEqual([9, 2]);
    expect(patched[1]?.title).toBe('new');
  });

  it('drops one read receipt, or a whole category on "all read"', () => {
    const items = [item(1), item(2, 2), item(3)];
    expect(withoutRead(items, { id: 3 }).map((i) => i.id)).toEqual([1, 2]);
    expect(withoutRead(items, { category: 1 }).map((i) => i.id)).toEqual([2]);
  });
});
