// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery, useReducedMotion } from './mediaQuery.ts';

/** A matchMedia where only `matching` can match, with an answer the test flips, telling listeners as a browser would. */
const fakeMedia = (initial: boolean, matching = '(prefers-reduced-motion: reduce)') => {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === matching && matches;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    for (const fn of listeners) fn();
  };
};

afterEach(() => vi.restoreAllMocks());

describe('useReducedMotion', () => {
  it('follows the user’s preference, also when it changes', () => {
    const flip = fakeMedia(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => flip(true));
    expect(result.current).toBe(true);
  });
});

describe('useMediaQuery', () => {
  it('answers for the query it is given and follows it when the query changes', () => {
    const flip = fakeMedia(true, '(max-width: 767.98px)');
    const { result, rerender } = renderHook(({ q }) => useMediaQuery(q), {
      initialProps: { q: '(max-width: 767.98px)' },
    });
    expect(result.current).toBe(true);
    act(() => flip(false));
    expect(result.current).toBe(false);
    act(() => flip(true));
    rerender({ q: '(min-width: 2000px)' });
    expect(result.current).toBe(false);
  });
});
