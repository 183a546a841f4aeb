// CSS media queries as React state: the shell's layout follows the window width (mobile or desktop), and its own
// JS-timed animations (menu groups sliding open) follow the user's "reduce motion" preference, an accessibility
// setting of the system or browser (app.css turns CSS transitions off for it).
import { useCallback, useSyncExternalStore } from 'react';

/** Whether the media query matches now; re-renders when that changes. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

/** Whether the user asked for reduced motion. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
