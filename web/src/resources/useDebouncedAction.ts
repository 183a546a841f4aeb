// Spec §9 "debounce set on the edit action": the first call runs at once; calls within `ms` after it, or while it
// is still running, are dropped, so a double click or a held Enter saves once.
import { useCallback, useRef } from 'react';

export const useDebouncedAction = <Args extends unknown[]>(
  action: (...args: Args) => Promise<void> | void,
  ms = 500,
) => {
  const last = useRef(0);
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(
    async (...args: Args) => {
      const now = Date.now();
      if (running.current || now - last.current < ms) return;
      last.current = now;
      running.current = true;
      try {
        await latest.current(...args);
      } finally {
        running.current = false;
      }
    },
    [ms],
  );
};
