// Spec §9 "debounce set on the edit action": the first call runs at once; calls within `ms` after it, or while it
// is still running, are dropped, so a double click or a held Enter saves once. An action that refused before
// sending anything (the form's own rules) returns false: that call does not count, so a user who corrects the
// field at once and submits again is not ignored.
import { useCallback, useRef } from 'react';

export const useDebouncedAction = <Args extends unknown[]>(
  // biome-ignore lint/suspicious/noConfusingVoidType: most actions return nothing; a refusing one returns false
  action: (...args: Args) => Promise<void | boolean> | void | boolean,
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
        if ((await latest.current(...args)) === false) last.current = 0;
      } finally {
        running.current = false;
      }
    },
    [ms],
  );
};
