// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './reducedMotion.ts';

/** A matchMedia whose reduce-motion answer the test flips, telling the listeners as a browser would. */
const fakeMedia = (initial: boolean) => {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
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
