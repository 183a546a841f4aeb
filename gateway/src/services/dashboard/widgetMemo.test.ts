import { describe, expect, it } from 'vitest';
import { figuresTag, WidgetMemo } from './widgetMemo.ts';

const at = (iso: string) => new Date(iso);

describe('widget memo', () => {
  it('keeps the first "as of" while the figures stay the same, and takes a new one when they change', () => {
    const memo = new WidgetMemo();
    const first = memo.remember('1/all/alarms', { total: 3 }, at('2026-03-01T01:00:00Z'), '2026-03-01');
    const same = memo.remember('1/all/alarms', { total: 3 }, at('2026-03-01T01:05:00Z'), '2026-03-01');
    expect(same.asOf).toBe('2026-03-01T01:00:00.000Z');
    expect(same.tag).toBe(first.tag);
    const changed = memo.remember('1/all/alarms', { total: 4 }, at('2026-03-01T01:06:00Z'), '2026-03-01');
    expect(changed.asOf).toBe('2026-03-01T01:06:00.000Z');
    expect(changed.tag).not.toBe(first.tag);
    // another audience has its own
    expect(memo.remember('1/sabc/alarms', { total: 3 }, at('2026-03-01T02:00:00Z'), '2026-03-01').asOf).toBe(
      '2026-03-01T02:00:00.000Z',
    );
  });

  it('serves figures again only while fresh and within the same period', () => {
    const memo = new WidgetMemo();
    const t0 = at('2026-03-01T15:59:00Z');
    memo.remember('k', { v: 1 }, t0, '2026-03-01');
    expect(memo.fresh('k', t0.getTime() + 59_999, '2026-03-01', 60_000)?.figures).toEqual({ v: 1 });
    expect(memo.fresh('k', t0.getTime() + 60_000, '2026-03-01', 60_000)).toBeUndefined();
    // midnight in China: a new day computes anew
    expect(memo.fresh('k', t0.getTime() + 1_000, '2026-03-02', 60_000)).toBeUndefined();
    // a widget without freshness is never served again; a clock moved back neither
    expect(memo.fresh('k', t0.getTime(), '2026-03-01', 0)).toBeUndefined();
    expect(memo.fresh('k', t0.getTime() - 1, '2026-03-01', 60_000)).toBeUndefined();
    expect(memo.fresh('other', t0.getTime(), '2026-03-01', 60_000)).toBeUndefined();
  });

  it('forgets the least recently computed audience beyond its bound', () => {
    const memo = new WidgetMemo(2);
    const t0 = at('2026-03-01T00:00:00Z');
    memo.remember('a', 1, t0, 'p');
    memo.remember('b', 2, t0, 'p');
    memo.remember('a', 1, t0, 'p');
    memo.remember('c', 3, t0, 'p');
    expect(memo.size).toBe(2);
    expect(memo.fresh('b', t0.getTime(), 'p', 1)).toBeUndefined();
    expect(memo.fresh('a', t0.getTime(), 'p', 1)?.figures).toBe(1);
  });

  it('tags figures by their content', () => {
    expect(figuresTag({ a: 1 })).toBe(figuresTag({ a: 1 }));
    expect(figuresTag({ a: 1 })).not.toBe(figuresTag({ a: 2 }));
  });
});
