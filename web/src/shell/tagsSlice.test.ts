import { describe, expect, it } from 'vitest';
import {
  affixTagsAdded,
  allTagsClosed,
  leftTagsClosed,
  limitCache,
  otherTagsClosed,
  pathAfterClosing,
  rightTagsClosed,
  routeVisited,
  type TagsState,
  tagClosed,
  tagsSlice,
} from './tagsSlice.ts';

const reduce = tagsSlice.reducer;
const visit = (state: TagsState, path: string, affix = false) =>
  reduce(state, routeVisited({ path, fullPath: path, title: path, affix, cache: true }));
const paths = (s: TagsState) => s.visited.map((t) => t.path);

/** home is pinned; a, b, c visited after it */
const start = () =>
  ['/a', '/b', '/c'].reduce((s, p) => visit(s, p), visit(reduce(undefined, { type: 'init' }), '/index', true));

describe('tags bar', () => {
  it('adds a tab once per route and caches its view', () => {
    const s = visit(start(), '/b');
    expect(paths(s)).toEqual(['/index', '/a', '/b', '/c']);
    expect(s.cached).toEqual(['/index', '/a', '/b', '/c']);
  });

  it('adds pinned tabs of the menus in front, without duplicates', () => {
    const s = reduce(
      visit(reduce(undefined, { type: 'init' }), '/a'),
      affixTagsAdded([{ path: '/index', fullPath: '/index', title: 'h', affix: true }]),
    );
    expect(paths(reduce(s, affixTagsAdded([{ path: '/index', fullPath: '/index', title: 'h', affix: true }])))).toEqual(
      ['/index', '/a'],
    );
  });

  it('closing a tab drops its cached view; a pinned tab cannot be closed', () => {
    let s = reduce(start(), tagClosed('/b'));
    expect(paths(s)).toEqual(['/index', '/a', '/c']);
    expect(s.cached).not.toContain('/b');
    s = reduce(s, tagClosed('/index'));
    expect(paths(s)).toContain('/index');
  });

  it('closing the active tab moves to the last remaining tab, or / if none', () => {
    const s = reduce(start(), tagClosed('/c'));
    expect(pathAfterClosing(s.visited, '/c')).toBe('/b');
    expect(pathAfterClosing(s.visited, '/a')).toBeNull();
    expect(pathAfterClosing([], '/c')).toBe('/');
  });

  it('close others / left / right / all keep the pinned tabs', () => {
    expect(paths(reduce(start(), otherTagsClosed('/b')))).toEqual(['/index', '/b']);
    expect(paths(reduce(start(), leftTagsClosed('/b')))).toEqual(['/index', '/b', '/c']);
    expect(paths(reduce(start(), rightTagsClosed('/a')))).toEqual(['/index', '/a']);
    const all = reduce(start(), allTagsClosed());
    expect(paths(all)).toEqual(['/index']);
    expect(all.cached).toEqual(['/index']);
  });

  it('keeps at most 99 cached views, evicting the oldest that is not active', () => {
    let s = reduce(undefined, { type: 'init' });
    for (let i = 0; i < 100; i++) s = visit(s, `/p${i}`);
    expect(s.cached).toHaveLength(99);
    expect(s.cached[0]).toBe('/p1');
    expect(s.cached).toContain('/p99');
    expect(limitCache(['/active', '/b', '/c'], '/active', 2)).toEqual(['/active', '/c']);
  });
});
