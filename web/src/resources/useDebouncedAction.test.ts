// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDebouncedAction } from './useDebouncedAction.ts';

describe('useDebouncedAction', () => {
  it('runs the first call and drops a second within the window (a double click saves once)', async () => {
    let runs = 0;
    const { result } = renderHook(() => useDebouncedAction(() => void runs++, 10_000));
    await act(async () => {
      await result.current();
      await result.current();
    });
    expect(runs).toBe(1);
  });

  it('drops calls while the first still runs', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const { result } = renderHook(() =>
      useDebouncedAction(async () => {
        runs++;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      }, 0),
    );
    let first: Promise<void> = Promise.resolve();
    await act(async () => {
      first = result.current();
      await result.current();
    });
    finish();
    await act(async () => {
      await first;
    });
    expect(runs).toBe(1);
  });

  it('does not count a call the action refused (false): a corrected submit right after runs', async () => {
    const seen: boolean[] = [];
    let valid = false;
    const { result } = renderHook(() =>
      useDebouncedAction(() => {
        seen.push(valid);
        return valid;
      }, 10_000),
    );
    await act(async () => {
      await result.current();
      valid = true;
      await result.current();
      await result.current();
    });
    expect(seen).toEqual([false, true]);
  });
});
